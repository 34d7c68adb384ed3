package replay

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"
)

//go:embed page.js
var pageJS string

//go:embed page.css
var pageCSS string

// HTML writes the page: one self-contained document (the map as inline
// SVG, the data as JSON, the script and style inline; nothing fetched).
func (p *Page) HTML(w io.Writer) error {
	data, err := json.Marshal(p) // escapes <, > and &: the JSON cannot close its script element
	if err != nil {
		return err
	}
	var b bytes.Buffer
	title := html.EscapeString(p.Scenario + ": " + p.Title + " (replay)")
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n", title)
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	b.WriteString("<style>\n" + pageCSS + "</style>\n</head>\n<body>\n")
	fmt.Fprintf(&b, "<header><h1>%s</h1>\n", title)
	if p.MadeUp != "" {
		fmt.Fprintf(&b, "<p class=\"r-madeup\">%s</p>\n", html.EscapeString(p.MadeUp))
	}
	if p.Source != "" || p.Result != "" {
		fmt.Fprintf(&b, "<p class=\"r-source\">%s</p>\n", html.EscapeString(strings.TrimSpace(p.Source+". "+p.Result)))
	}
	b.WriteString(`<nav id="r-controls" aria-label="Replay controls">
<button id="r-first" title="First step (Home)">◀◀</button>
<button id="r-prev" title="Back one step (Left arrow)">◀</button>
<button id="r-next" title="Forward one step (Right arrow)">▶</button>
<button id="r-last" title="Last step (End)">▶▶</button>
<button id="r-turn-prev" title="Back to the previous turn (Page Up)">turn −</button>
<button id="r-turn-next" title="Forward to the next turn (Page Down)">turn +</button>
<button id="r-fit" title="The whole map, or its natural size">fit map</button>
<input id="r-slider" type="range" min="0" value="0" aria-label="Step">
<span id="r-count"></span>
</nav>
<p id="r-status"><span id="r-turn"></span> <span id="r-phase"></span> <span id="r-vp"></span> <svg id="r-chart" width="300" height="40" viewBox="0 0 300 40" role="img" aria-label="The VP tracks over the game"></svg> <span id="r-tracks"></span></p>
</header>
<main>
<div id="r-map">
`)
	b.Write(mapMarkup(p))
	b.WriteString(`</div>
<aside id="r-side">
<h2>Events</h2>
<ol id="r-events"></ol>
<h2>Off the map</h2>
<ul id="r-off"></ul>
</aside>
</main>
<script type="application/json" id="r-data">`)
	b.Write(data)
	b.WriteString("</script>\n<script>\n" + pageJS + "</script>\n</body>\n</html>\n")
	_, err = w.Write(b.Bytes())
	return err
}

// mapMarkup is the picture inline: the SVG without its XML declaration.
func mapMarkup(p *Page) []byte {
	svg := p.picture
	if i := bytes.Index(svg, []byte("<svg")); i > 0 {
		svg = svg[i:]
	}
	return svg
}
