package diag

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"sort"
)

// SARIF output (Static Analysis Results Interchange Format 2.1.0), the form
// code hosts read to show findings inline in a scenario repository's pull
// requests. Columns count Unicode code points, as muster's positions do.

// Rule describes a finding code for SARIF's rule table.
type Rule struct {
	Code     string
	Title    string
	Doc      string
	Severity Severity
	HelpURI  string // the code's documentation page, if any
}

// SARIFWriter writes one SARIF log with a single run.
type SARIFWriter struct {
	W       io.Writer
	Tool    string
	Version string
	Rules   []Rule // known codes; codes found but not listed get a bare entry
	Strict  bool   // warnings are reported at error level
}

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool     `json:"tool"`
	ColumnKind string        `json:"columnKind"`
	Results    []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID                   string         `json:"id"`
	ShortDescription     *sarifText     `json:"shortDescription,omitempty"`
	FullDescription      *sarifText     `json:"fullDescription,omitempty"`
	DefaultConfiguration map[string]any `json:"defaultConfiguration,omitempty"`
	HelpURI              string         `json:"helpUri,omitempty"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	RuleIndex        int             `json:"ruleIndex"`
	Level            string          `json:"level"`
	Message          sarifText       `json:"message"`
	Locations        []sarifLocation `json:"locations,omitempty"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
}

type sarifLocation struct {
	ID               int                    `json:"id,omitempty"`
	PhysicalLocation *sarifPhysical         `json:"physicalLocation,omitempty"`
	LogicalLocations []sarifLogicalLocation `json:"logicalLocations,omitempty"`
	Message          *sarifText             `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifLogicalLocation struct {
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

func sarifLevel(s Severity, strict bool) string {
	switch s {
	case Error:
		return "error"
	case Warning:
		if strict {
			return "error"
		}
		return "warning"
	}
	return "note"
}

// fileURI turns a path into a relative URI reference (forward slashes,
// spaces and other reserved characters escaped).
func fileURI(path string) string {
	return (&url.URL{Path: filepath.ToSlash(path)}).String()
}

func (s *SARIFWriter) Write(ds Diagnostics) error {
	index := map[string]int{}
	var rules []sarifRule
	addRule := func(r Rule) {
		if _, ok := index[r.Code]; ok {
			return
		}
		index[r.Code] = len(rules)
		sr := sarifRule{ID: r.Code, HelpURI: r.HelpURI}
		if r.Title != "" {
			sr.ShortDescription = &sarifText{r.Title}
		}
		if r.Doc != "" {
			sr.FullDescription = &sarifText{r.Doc}
		}
		if r.Severity != Invalid {
			sr.DefaultConfiguration = map[string]any{"level": sarifLevel(r.Severity, false)}
		}
		rules = append(rules, sr)
	}
	known := append([]Rule(nil), s.Rules...)
	sort.Slice(known, func(i, j int) bool { return known[i].Code < known[j].Code })
	for _, r := range known {
		addRule(r)
	}
	results := []sarifResult{}
	for _, d := range ds {
		addRule(Rule{Code: d.Code})
		msg := d.Summary
		if d.Hint != "" {
			msg += " (hint: " + d.Hint + ")"
		}
		res := sarifResult{RuleID: d.Code, RuleIndex: index[d.Code], Level: sarifLevel(d.Severity, s.Strict), Message: sarifText{msg}}
		if d.Subject != nil {
			loc := sarifLocation{PhysicalLocation: &sarifPhysical{
				ArtifactLocation: sarifArtifact{URI: fileURI(d.Subject.Filename)},
				Region:           sarifRegion{d.Subject.Start.Line, d.Subject.Start.Col, d.Subject.End.Line, d.Subject.End.Col},
			}}
			if d.Pointer != "" {
				loc.LogicalLocations = []sarifLogicalLocation{{FullyQualifiedName: d.Pointer, Kind: "member"}}
			}
			res.Locations = []sarifLocation{loc}
		}
		for i, r := range d.Related {
			res.RelatedLocations = append(res.RelatedLocations, sarifLocation{
				ID: i + 1,
				PhysicalLocation: &sarifPhysical{
					ArtifactLocation: sarifArtifact{URI: fileURI(r.Subject.Filename)},
					Region:           sarifRegion{StartLine: r.Subject.Start.Line, StartColumn: r.Subject.Start.Col},
				},
				Message: &sarifText{r.Message},
			})
		}
		results = append(results, res)
	}
	log := sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool:       sarifTool{Driver: sarifDriver{Name: s.Tool, Version: s.Version, Rules: rules}},
			ColumnKind: "unicodeCodePoints",
			Results:    results,
		}},
	}
	enc := json.NewEncoder(s.W)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}
