package rules

// Reporter is an engine whose games carry figures of their own beyond
// the outcome, as Outcome tags whose names start with TagPrefix, and
// which renders them as its own section of the sim report (TPC's
// strategic-layer distributions). The harness keeps such tags out of its
// generic "by tag" table and hands their counts to ReportPart, so the
// section is computed from the same totals that shards merge exactly.
type Reporter interface {
	TagPrefix() string
	// ReportPart renders the section from the run's rule options and the
	// counts of games by tag and value (tags under the prefix only), of
	// played games.
	ReportPart(options map[string]string, counts map[string]map[string]int, played int) (ReportPart, error)
}

// ReportPart is an engine's section of the sim report.
type ReportPart struct {
	Title string `json:"title"`
	// Notes are paragraphs printed before the tables (what the section
	// covers, the assumptions its games were played under).
	Notes  []string      `json:"notes,omitempty"`
	Tables []ReportTable `json:"tables"`
	// Options are the rule options the part shows in its own words; the
	// report's header leaves them out.
	Options []string `json:"-"`
}

// ReportTable is one table of a report part, cells already formatted.
type ReportTable struct {
	Caption string     `json:"caption"`
	Header  []string   `json:"header"`
	Rows    [][]string `json:"rows"`
}
