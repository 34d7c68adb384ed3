// Package rules is muster's rules engine core. This file is its topology:
// where a printed location physically lies, which printed ids name the same
// hex on overlapping sheets, distances across sheet boundaries, and whether
// a location lies in a region of the scenario vocabulary.
//
// Facts the module does not have (a county's extent, a road's path, the
// offset of a sheet that overlaps no other) give Unknown, never a guess:
// callers report only what is certain.
package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/musterhq/muster/scenarios"
)

// Tri is a three-valued answer: the map data may not decide a question.
type Tri int8

const (
	No Tri = iota
	Unknown
	Yes
)

func (t Tri) String() string { return [...]string{"no", "unknown", "yes"}[t] }

func not(t Tri) Tri { return Yes - t }

// Point is a physical location: a hex in the coordinate frame shared by the
// sheets that overlap one another, or an area of an area map.
type Point struct {
	Frame int // sheets joined by overlaps share a frame; -1 for areas
	X, Y  int // column and row in the frame's coordinates
	Area  string
}

func (p Point) String() string {
	if p.Area != "" {
		return "area " + p.Area
	}
	return fmt.Sprintf("frame %d (%d,%d)", p.Frame, p.X, p.Y)
}

// placement puts a sheet in a frame: frame coordinates are the sheet's own
// plus (DX, DY).
type placement struct {
	frame  int
	dx, dy int
}

// Topology answers location questions for one module.
type Topology struct {
	ix     *scenarios.Index
	placed map[string]placement // sheet id -> frame placement
	order  []string             // placed sheet ids in the map file's order
	// oddUp is the parity convention of each frame (see scenarios' Sheet.OddColumns).
	oddUp map[int]bool
	// rowsOffset is true for frames of pointy-topped sheets (orientation rows).
	rowsOffset map[int]bool
	adjacent   map[string]map[string]bool // area graph
	terrain    map[Point][]string         // from the map's per-hex data
	// sides holds what stands on each hexside (bridge, ford, river...) and
	// each area boundary (its boundary type), keyed by the two locations.
	sides map[[2]Point][]string
}

// NewTopology places every sheet of the module's map: sheets linked by
// overlap registrations (lower(c,r) is upper(c+dc, r+dr)) share a frame.
// A sheet whose overlap would break the hex parity of its frame stands in a
// frame of its own, so distances across it are Unknown rather than wrong.
func NewTopology(m *scenarios.Module) *Topology {
	t := &Topology{ix: m.Index(), placed: map[string]placement{}, oddUp: map[int]bool{}, rowsOffset: map[int]bool{}, adjacent: map[string]map[string]bool{}}
	mp := m.Map
	if mp == nil {
		return t
	}
	defer func() {
		for _, s := range mp.Sheets {
			if _, ok := t.placed[s.ID]; ok {
				t.order = append(t.order, s.ID)
			}
		}
	}()
	frame := 0
	for i := range mp.Sheets {
		root := &mp.Sheets[i]
		if _, ok := t.placed[root.ID]; ok {
			continue
		}
		t.placed[root.ID] = placement{frame: frame}
		t.oddUp[frame] = root.OddColumns == "up"
		t.rowsOffset[frame] = root.Orientation == "rows"
		// Grow the frame through overlaps until nothing joins.
		for grown := true; grown; {
			grown = false
			for _, o := range mp.Overlaps {
				up, upOK := t.placed[o.Upper]
				lo, loOK := t.placed[o.Lower]
				switch {
				case upOK && !loOK && up.frame == frame:
					if t.fits(frame, o.Lower, o.ColumnOffset, o.RowOffset, up) {
						t.placed[o.Lower] = placement{frame, up.dx + o.ColumnOffset, up.dy + o.RowOffset}
						grown = true
					}
				case loOK && !upOK && lo.frame == frame:
					if t.fits(frame, o.Upper, -o.ColumnOffset, -o.RowOffset, lo) {
						t.placed[o.Upper] = placement{frame, lo.dx - o.ColumnOffset, lo.dy - o.RowOffset}
						grown = true
					}
				}
			}
		}
		frame++
	}
	t.terrain = map[Point][]string{}
	for _, h := range mp.Hexes {
		if p, _, err := t.Locate(h.At, nil); err == nil && h.Terrain != "" {
			t.terrain[p] = append(t.terrain[p], h.Terrain)
		}
	}
	t.sides = map[[2]Point][]string{}
	for _, hs := range mp.Hexsides {
		if len(hs.Between) == 2 {
			t.addSide(hs.Between[0], hs.Between[1], hs.Kinds...)
		}
	}
	for _, f := range mp.Features {
		if len(f.Hexside) == 2 && f.Provenance != "not-in-source" {
			t.addSide(f.Hexside[0], f.Hexside[1], f.Kind, f.ID)
		}
	}
	for _, a := range mp.Adjacency {
		if len(a.Between) != 2 {
			continue
		}
		if a.Boundary != "" {
			t.addSide(a.Between[0], a.Between[1], a.Boundary)
		}
		if a.Prohibited {
			t.addSide(a.Between[0], a.Between[1], "prohibited")
			continue
		}
		x, y := a.Between[0], a.Between[1]
		if t.adjacent[x] == nil {
			t.adjacent[x] = map[string]bool{}
		}
		if t.adjacent[y] == nil {
			t.adjacent[y] = map[string]bool{}
		}
		t.adjacent[x][y], t.adjacent[y][x] = true, true
	}
	return t
}

// sideKey orders two points so a hexside has one key whichever way it is
// crossed.
func sideKey(a, b Point) [2]Point {
	if a.Area > b.Area || a.Area == b.Area && (a.Frame > b.Frame || a.Frame == b.Frame && (a.X > b.X || a.X == b.X && a.Y > b.Y)) {
		a, b = b, a
	}
	return [2]Point{a, b}
}

func (t *Topology) addSide(x, y string, kinds ...string) {
	a, _, err1 := t.Locate(x, nil)
	b, _, err2 := t.Locate(y, nil)
	if err1 != nil || err2 != nil {
		return
	}
	k := sideKey(a, b)
	t.sides[k] = append(t.sides[k], kinds...)
}

// Side lists what the map file puts on the hexside or area boundary
// between two locations: hexside kinds (river, ford, road crossing),
// hexside features by kind and id (bridge, genito-bridge), an area link's
// boundary type (major-water), "prohibited" for a link no unit may cross.
// Empty means the file gives nothing there, which on a map with missing
// hexside data is not the same as nothing printed.
func (t *Topology) Side(a, b Point) []string {
	return t.sides[sideKey(a, b)]
}

// fits reports whether a sheet can join a frame at the given offset from a
// placed neighbour without breaking the hex parity the frame uses.
func (t *Topology) fits(frame int, sheetID string, dc, dr int, from placement) bool {
	s := t.ix.Sheets[sheetID]
	if s == nil || (s.Orientation == "rows") != t.rowsOffset[frame] {
		return false
	}
	shift := from.dx + dc
	if t.rowsOffset[frame] {
		shift = from.dy + dr
	}
	sameParity := shift%2 == 0
	return sameParity == ((s.OddColumns == "up") == t.oddUp[frame])
}

// Point returns the physical location of a resolved location.
func (t *Topology) Point(loc scenarios.Location) (Point, bool) {
	if loc.Area != nil {
		return Point{Frame: -1, Area: loc.Area.ID}, true
	}
	if loc.Sheet == nil {
		return Point{}, false
	}
	p, ok := t.placed[loc.Sheet.ID]
	if !ok {
		return Point{}, false
	}
	return Point{Frame: p.frame, X: loc.Col + p.dx, Y: loc.Row + p.dy}, true
}

// Locate resolves a printed location to its physical point.
func (t *Topology) Locate(id string, prefixes map[string]string) (Point, scenarios.Location, error) {
	loc, err := t.ix.Resolve(id, prefixes)
	if err != nil {
		return Point{}, loc, err
	}
	p, ok := t.Point(loc)
	if !ok {
		return Point{}, loc, fmt.Errorf("%s: the sheet is not placed on the map", id)
	}
	return p, loc, nil
}

// Sheets returns the ids of the sheets a physical hex lies on (more than one
// where sheets overlap).
func (t *Topology) Sheets(p Point) []string {
	var out []string
	for _, id := range t.order {
		pl, s := t.placed[id], t.ix.Sheets[id]
		if pl.frame != p.Frame || s == nil {
			continue
		}
		c, r := p.X-pl.dx, p.Y-pl.dy
		if c >= s.Columns.Min && c <= s.Columns.Max && r >= s.Rows.Min && r <= s.Rows.Max {
			out = append(out, id)
		}
	}
	return out
}

// cube converts frame offset coordinates to cube coordinates.
func (t *Topology) cube(p Point) (x, y, z int) {
	// "up": an odd column (row) sits half a hex up (west) of the even ones,
	// so its neighbours in the next column share rows r-1 and r.
	major, minor := p.X, p.Y
	if t.rowsOffset[p.Frame] {
		major, minor = p.Y, p.X
	}
	shift := floorDiv(major, 2)
	if t.oddUp[p.Frame] {
		shift = floorDiv(major+1, 2)
	}
	x, z = major, minor-shift
	return x, -x - z, z
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// Distance is the number of hexes between two points, or for areas the
// number of area boundaries crossed. ok is false when the map cannot say
// (points in different frames, areas without adjacency data).
func (t *Topology) Distance(a, b Point) (int, bool) {
	if a.Area != "" || b.Area != "" {
		return t.areaDistance(a.Area, b.Area)
	}
	if a.Frame != b.Frame {
		return 0, false
	}
	ax, ay, az := t.cube(a)
	bx, by, bz := t.cube(b)
	return (abs(ax-bx) + abs(ay-by) + abs(az-bz)) / 2, true
}

func (t *Topology) areaDistance(a, b string) (int, bool) {
	if a == "" || b == "" {
		return 0, false
	}
	if a == b {
		return 0, true
	}
	seen := map[string]bool{a: true}
	frontier := []string{a}
	for d := 1; len(frontier) > 0; d++ {
		var next []string
		for _, x := range frontier {
			for y := range t.adjacent[x] {
				if y == b {
					return d, true
				}
				if !seen[y] {
					seen[y] = true
					next = append(next, y)
				}
			}
		}
		frontier = next
	}
	return 0, false // the adjacency data does not connect them: unknown
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// RegionContext carries what a region test needs beyond the map.
type RegionContext struct {
	Prefixes map[string]string
	// InPlay holds the scenario's sheets in play. A bare mask ("28xx") is
	// read on those sheets only: a region belongs to the sheets the rule
	// names, so in a scenario on GTC South alone a location that GTC South
	// and an overlapping sheet number differently is read as GTC South
	// numbers it. Empty: every sheet the location lies on.
	InPlay map[string]bool
	// Here is the location a "here" operand stands for (a per-location award).
	Here *Point
}

// InRegion reports whether p lies in region r. Operands that need data the
// module lacks (a county without hexes, a road path, markers placed during
// play) give Unknown.
func (t *Topology) InRegion(p Point, r *scenarios.Region, ctx RegionContext) Tri {
	if r == nil {
		return Unknown
	}
	switch {
	case len(r.Hexes) > 0:
		return t.inList(p, r.Hexes, ctx.Prefixes)
	case r.Mask != "":
		return t.inMask(p, r.Mask, r.AndBeyond, ctx)
	case r.Feature != "":
		f := t.ix.Features[r.Feature]
		if f == nil || f.Provenance == "not-in-source" || len(f.Hexes) == 0 {
			return Unknown
		}
		in := t.inList(p, f.Hexes, nil)
		if in == No && f.Complete != nil && !*f.Complete {
			return Unknown // the source names only some of the feature's hexes
		}
		return in
	case r.MapRegion != "":
		mr := t.ix.Regions[r.MapRegion]
		if mr == nil || mr.Provenance == "not-in-source" || len(mr.Hexes) == 0 {
			return Unknown
		}
		return t.inList(p, mr.Hexes, nil)
	case r.Sheet != "":
		if p.Area != "" {
			return No
		}
		for _, s := range t.Sheets(p) {
			if s == r.Sheet {
				return Yes
			}
		}
		return No
	case r.Terrain != "":
		return t.hasTerrain(p, r.Terrain)
	case r.Edge != nil:
		return t.onEdge(p, r.Edge)
	case r.Here:
		if ctx.Here == nil {
			return Unknown
		}
		return triOf(*ctx.Here == p)
	case r.WithinOf != nil:
		return t.within(p, r.WithinOf.Distance, r.WithinOf.Exactly, &r.WithinOf.Of, ctx)
	case r.AdjacentTo != nil:
		return t.within(p, 1, true, r.AdjacentTo, ctx)
	case len(r.All) > 0:
		out := Yes
		for i := range r.All {
			out = min(out, t.InRegion(p, &r.All[i], ctx))
		}
		return out
	case len(r.Any) > 0:
		out := No
		for i := range r.Any {
			out = max(out, t.InRegion(p, &r.Any[i], ctx))
		}
		return out
	case r.Not != nil:
		return not(t.InRegion(p, r.Not, ctx))
	case r.Path != nil:
		return Unknown // a road's hexes are map art the module lacks
	}
	return Unknown // marker: needs play state (State.InRegion)
}

// onEdge reports whether a location is a map-edge hex of a sheet: in its
// first or last row or column as the sheet's extent gives them, between
// the edge's from and to hexes when given. Sheets numbered row first are
// not read (none is shipped with an edge region).
func (t *Topology) onEdge(p Point, e *scenarios.RegionEdge) Tri {
	s, pl := t.ix.Sheets[e.Sheet], t.placed[e.Sheet]
	if s == nil || p.Area != "" || s.IDOrder == "row-column" {
		return Unknown
	}
	if pl.frame != p.Frame {
		return No
	}
	c, r := p.X-pl.dx, p.Y-pl.dy
	if c < s.Columns.Min || c > s.Columns.Max || r < s.Rows.Min || r > s.Rows.Max {
		return No
	}
	along := r // the coordinate that runs along the edge
	switch e.Side {
	case "north":
		if r != s.Rows.Min {
			return No
		}
		along = c
	case "south":
		if r != s.Rows.Max {
			return No
		}
		along = c
	case "west":
		if c != s.Columns.Min {
			return No
		}
	case "east":
		if c != s.Columns.Max {
			return No
		}
	default:
		return Unknown
	}
	for i, bound := range []string{e.From, e.To} {
		if bound == "" {
			continue
		}
		bc, br, ok := LocalDigits(bound, s.Digits)
		if !ok {
			return Unknown
		}
		b := br
		if e.Side == "north" || e.Side == "south" {
			b = bc
		}
		if i == 0 && along < b || i == 1 && along > b {
			return No
		}
	}
	return Yes
}

// LocalDigits reads the column and row of a sheet-local id such as S0143
// (its last 2×digits characters).
func LocalDigits(id string, digits int) (col, row int, ok bool) {
	if digits == 0 {
		digits = 2
	}
	if len(id) < 2*digits {
		return 0, 0, false
	}
	tail := id[len(id)-2*digits:]
	c, err1 := strconv.Atoi(tail[:digits])
	r, err2 := strconv.Atoi(tail[digits:])
	return c, r, err1 == nil && err2 == nil
}

// hasTerrain looks a location's terrain up in the map file; a location the
// map gives no terrain for is Unknown.
func (t *Topology) hasTerrain(p Point, terrain string) Tri {
	if p.Area != "" {
		a := t.ix.Areas[p.Area]
		if a == nil || len(a.Terrain) == 0 {
			return Unknown
		}
		return triOf(slices.Contains(a.Terrain, terrain))
	}
	ts, ok := t.terrain[p]
	if !ok {
		return Unknown
	}
	return triOf(slices.Contains(ts, terrain))
}

func triOf(b bool) Tri {
	if b {
		return Yes
	}
	return No
}

func (t *Topology) inList(p Point, ids []string, prefixes map[string]string) Tri {
	out := No
	for _, id := range ids {
		q, _, err := t.Locate(id, prefixes)
		if err != nil {
			out = Unknown
			continue
		}
		if q == p {
			return Yes
		}
	}
	return out
}

// within tests whether p lies within (or, exactly, at) distance d of a
// region given as an explicit list; other regions give Unknown.
func (t *Topology) within(p Point, d int, exactly bool, of *scenarios.Region, ctx RegionContext) Tri {
	var ids []string
	prefixes := ctx.Prefixes
	switch {
	case len(of.Hexes) > 0:
		ids = of.Hexes
	case of.Feature != "":
		if f := t.ix.Features[of.Feature]; f != nil && f.Provenance != "not-in-source" {
			ids, prefixes = f.Hexes, nil
		}
	case of.Here && ctx.Here != nil:
		return t.withinPoints(p, []Point{*ctx.Here}, d, exactly)
	}
	if len(ids) == 0 {
		return Unknown
	}
	var pts []Point
	for _, id := range ids {
		q, _, err := t.Locate(id, prefixes)
		if err != nil {
			return Unknown
		}
		pts = append(pts, q)
	}
	return t.withinPoints(p, pts, d, exactly)
}

func (t *Topology) withinPoints(p Point, pts []Point, d int, exactly bool) Tri {
	out := No
	for _, q := range pts {
		dist, ok := t.Distance(p, q)
		if !ok {
			out = Unknown
			continue
		}
		if dist == d || !exactly && dist < d {
			return Yes
		}
	}
	return out
}

// inMask tests a hex-row or hex-column mask such as "Sxx16" (row 16 of the
// S sheet), "07xx" (column 7) or "S22xx", with andBeyond extending it
// north, south, east or west. Rows grow southward and columns eastward.
func (t *Topology) inMask(p Point, mask, beyond string, ctx RegionContext) Tri {
	if p.Area != "" {
		return No
	}
	prefix, body := splitMask(mask)
	body = strings.ToLower(body) // printed XX15 is xx15
	if len(body) != 4 {
		return Unknown
	}
	byRow := strings.HasPrefix(body, "xx")
	numText := body[:2]
	if byRow {
		numText = body[2:]
	}
	n, err := strconv.Atoi(numText)
	if err != nil {
		return Unknown
	}
	// A mask that names its sheet is read on that sheet. A bare mask is read
	// on every sheet in play the location lies on; where overlapping sheets
	// number it differently, the answer is Unknown.
	var sheets []string
	if prefix != "" {
		if s := t.sheetByPrefix(prefix, ctx.Prefixes); s != "" {
			sheets = []string{s}
		}
	} else {
		for _, id := range t.Sheets(p) {
			if len(ctx.InPlay) == 0 || ctx.InPlay[id] {
				sheets = append(sheets, id)
			}
		}
	}
	if len(sheets) == 0 {
		return Unknown
	}
	answer := Unknown
	for i, id := range sheets {
		a := t.maskOn(p, id, byRow, n, beyond)
		if i == 0 {
			answer = a
		} else if a != answer {
			return Unknown
		}
	}
	return answer
}

// maskOn reads a row or column mask on one sheet, in frame coordinates.
func (t *Topology) maskOn(p Point, sheet string, byRow bool, n int, beyond string) Tri {
	pl, ok := t.placed[sheet]
	if !ok || pl.frame != p.Frame {
		return Unknown
	}
	if t.ix.Sheets[sheet].IDOrder == "row-column" {
		byRow = !byRow // an rrcc id names the row first
	}
	var v int
	if byRow {
		v, n = p.Y, n+pl.dy
	} else {
		v, n = p.X, n+pl.dx
	}
	switch beyond {
	case "":
		return triOf(v == n)
	case "south", "east":
		return triOf(v >= n)
	case "north", "west":
		return triOf(v <= n)
	}
	return Unknown
}

func (t *Topology) sheetByPrefix(prefix string, prefixes map[string]string) string {
	if id, ok := prefixes[prefix]; ok {
		return id
	}
	found := ""
	for id, s := range t.ix.Sheets {
		if s.QualifiedPrefix == prefix {
			return id
		}
		if s.Prefix == prefix {
			if found != "" {
				return "" // ambiguous
			}
			found = id
		}
	}
	return found
}

// splitMask splits "GTC Sxx16" into ("GTC S", "xx16").
func splitMask(mask string) (prefix, body string) {
	if len(mask) < 4 {
		return "", mask
	}
	return strings.TrimSpace(mask[:len(mask)-4]), mask[len(mask)-4:]
}

// Neighbours lists the six hexes around a hex point (in its frame; whether
// each lies on a sheet is the caller's business). Areas have none here:
// their links are map data.
func (t *Topology) Neighbours(p Point) []Point {
	if p.Area != "" {
		return nil
	}
	var out []Point
	for dx := -1; dx <= 1; dx++ {
		for dy := -1; dy <= 1; dy++ {
			q := Point{Frame: p.Frame, X: p.X + dx, Y: p.Y + dy}
			if d, ok := t.Distance(p, q); ok && d == 1 {
				out = append(out, q)
			}
		}
	}
	return out
}

// Name prints a location as the scenario writes it: an area by its id, a
// hex by its id on the first sheet in play that holds it (the map's order),
// with the bare prefix the scenario's maps.prefixes gives that sheet, else
// the sheet's own prefix, qualified where several sheets share it. A point
// on no sheet is printed by its frame coordinates.
func (t *Topology) Name(p Point, ctx RegionContext) string {
	if p.Area != "" {
		return p.Area
	}
	sheets := t.Sheets(p)
	if len(sheets) == 0 {
		return p.String()
	}
	id := sheets[0]
	for _, s := range sheets {
		if ctx.InPlay[s] {
			id = s
			break
		}
	}
	s, pl := t.ix.Sheets[id], t.placed[id]
	prefix, mapped := "", false
	for bare, sheet := range ctx.Prefixes {
		if sheet == id && (!mapped || bare < prefix) {
			prefix, mapped = bare, true
		}
	}
	if !mapped {
		prefix = s.Prefix
		if s.QualifiedPrefix != "" {
			for _, o := range t.ix.Sheets {
				if o != s && o.Prefix == s.Prefix {
					prefix = s.QualifiedPrefix
					break
				}
			}
		}
	}
	a, b := p.X-pl.dx, p.Y-pl.dy
	if s.IDOrder == "row-column" {
		a, b = b, a
	}
	d := max(s.Digits, 2)
	return fmt.Sprintf("%s%0*d%0*d", prefix, d, a, d, b)
}
