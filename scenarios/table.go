package scenarios

import (
	"fmt"
	"time"
)

// Table is a rules table of a module (a file of its tables folder): a dice
// table keyed by roll ranges, a lookup keyed by another number, or a dated
// schedule of reinforcements and withdrawals.
type Table struct {
	ID          string          `json:"id"`
	Title       string          `json:"title"`
	Kind        string          `json:"kind"` // dice, lookup, schedule
	Rule        string          `json:"rule,omitempty"`
	Side        string          `json:"side,omitempty"`
	Dice        string          `json:"dice,omitempty"` // 1d6, 2d6
	Modified    bool            `json:"modified,omitempty"`
	Key         string          `json:"key,omitempty"`
	Applies     []DateSpan      `json:"applies,omitempty"`
	Events      []TableEvent    `json:"events,omitempty"`
	Rows        []TableRow      `json:"rows,omitempty"`
	Conversions []Conversion    `json:"conversions,omitempty"`
	Modifiers   []Modifier      `json:"modifiers,omitempty"`
	Legend      []LegendEntry   `json:"legend,omitempty"`
	Entries     []ScheduleEntry `json:"entries,omitempty"`
	// Status is where the values stand (source when empty); a missing
	// matrix keeps the columns and facts the text gives, without a grid.
	Status        string         `json:"status,omitempty"`
	ColumnKey     string         `json:"columnKey,omitempty"` // matrix: sp, year, name
	RowKey        string         `json:"rowKey,omitempty"`    // matrix: roll, count, name
	Cells         string         `json:"cells,omitempty"`     // matrix: result, bp, value, region
	Columns       []Column       `json:"columns,omitempty"`
	Grid          []GridRow      `json:"grid,omitempty"`
	Facts         []TableFact    `json:"facts,omitempty"`
	Turns         []TrackTurn    `json:"turns,omitempty"`
	GeneralEvents []GeneralEvent `json:"generalEvents,omitempty"`
	Source        SourceRef      `json:"source"`
	Notes         []Note         `json:"notes,omitempty"`
}

// TableEvent is one event of a table's closed event vocabulary.
type TableEvent struct {
	ID     string     `json:"id"`
	Name   string     `json:"name"`
	Text   string     `json:"text,omitempty"`
	Source *SourceRef `json:"source,omitempty"`
}

// DateSpan is a run of calendar dates, inclusive; an empty bound is open.
// Turns are the calendar turns the source prints for the same dates.
type DateSpan struct {
	Start   string    `json:"start,omitempty"`
	End     string    `json:"end,omitempty"`
	Turns   *TurnSpan `json:"turns,omitempty"`
	Printed string    `json:"printed,omitempty"`
}

// Contains reports whether the date d (YYYY-MM-DD) lies in the span.
func (s DateSpan) Contains(d string) bool {
	return (s.Start == "" || d >= s.Start) && (s.End == "" || d <= s.End)
}

// TableRow is one row: keys min..max (nil bounds open), the printed cells
// and the structured result.
type TableRow struct {
	Min     *int        `json:"min,omitempty"`
	Max     *int        `json:"max,omitempty"`
	Printed string      `json:"printed"`
	Text    string      `json:"text"`
	Marks   string      `json:"marks,omitempty"`
	Result  TableResult `json:"result"`
	Notes   []Note      `json:"notes,omitempty"`
}

// Covers reports whether key k falls in the row.
func (r TableRow) Covers(k int) bool {
	return (r.Min == nil || k >= *r.Min) && (r.Max == nil || k <= *r.Max)
}

// TableResult is a row's structured result.
type TableResult struct {
	Event                     string     `json:"event,omitempty"`
	Turns                     int        `json:"turns,omitempty"`
	CommandPoints             int        `json:"commandPoints,omitempty"`
	Posture                   string     `json:"posture,omitempty"`
	Modifier                  *int       `json:"modifier,omitempty"`
	Manpower                  *Manpower  `json:"manpower,omitempty"`
	Disorganized              bool       `json:"disorganized,omitempty"`
	Entrenchment              string     `json:"entrenchment,omitempty"`
	MovementAllowance         *Allowance `json:"movementAllowance,omitempty"`
	CommandParalysisAllowance *Allowance `json:"commandParalysisAllowance,omitempty"`
}

// Manpower is a signed manpower change by unit kind.
type Manpower struct {
	Infantry *int `json:"infantry,omitempty"`
	Cavalry  *int `json:"cavalry,omitempty"`
	Any      *int `json:"any,omitempty"`
}

// Allowance is a movement allowance by unit kind.
type Allowance struct {
	Infantry int `json:"infantry,omitempty"`
	Cavalry  int `json:"cavalry,omitempty"`
}

// Conversion replaces marked (or listed) results by another event.
type Conversion struct {
	Mark         string     `json:"mark,omitempty"`
	Events       []string   `json:"events,omitempty"`
	Becomes      string     `json:"becomes"`
	During       []DateSpan `json:"during,omitempty"`
	Except       []DateSpan `json:"except,omitempty"`
	Declared     string     `json:"declared,omitempty"`
	Condition    string     `json:"condition,omitempty"`
	Adjudication string     `json:"adjudication,omitempty"`
	Text         string     `json:"text"`
	Source       *SourceRef `json:"source,omitempty"`
	Notes        []Note     `json:"notes,omitempty"`
}

// Modifier is a die-roll modifier.
type Modifier struct {
	Value        *int        `json:"value,omitempty"`
	ValueFrom    string      `json:"valueFrom,omitempty"`
	Printed      string      `json:"printed"`
	Text         string      `json:"text"`
	During       []DateSpan  `json:"during,omitempty"`
	Per          int         `json:"per,omitempty"`
	Counts       string      `json:"counts,omitempty"`
	Units        *UnitFilter `json:"units,omitempty"`
	LossSide     string      `json:"lossSide,omitempty"`
	Condition    string      `json:"condition,omitempty"`
	Adjudication string      `json:"adjudication,omitempty"`
	Notes        []Note      `json:"notes,omitempty"`
}

type LegendEntry struct {
	Symbol string `json:"symbol"`
	Text   string `json:"text"`
}

// ScheduleEntry is one dated reinforcement or withdrawal.
type ScheduleEntry struct {
	ID             string            `json:"id"`
	Title          string            `json:"title,omitempty"`
	Side           string            `json:"side"`
	Action         string            `json:"action"` // reinforcement, withdrawal
	Date           string            `json:"date"`
	Turn           int               `json:"turn"`
	Units          []ScheduleUnit    `json:"units,omitempty"`
	Requirements   []ScheduleRequire `json:"requirements,omitempty"`
	Returns        string            `json:"returns,omitempty"`
	Where          *Region           `json:"where,omitempty"`
	PlaceOn        *UnitFilter       `json:"placeOn,omitempty"`
	Otherwise      string            `json:"otherwise,omitempty"`
	OtherwiseWhere *Region           `json:"otherwiseWhere,omitempty"`
	Text           string            `json:"text"`
	Adjudication   string            `json:"adjudication,omitempty"`
	Source         *SourceRef        `json:"source,omitempty"`
	Notes          []Note            `json:"notes,omitempty"`
}

// ScheduleUnit is a unit a schedule entry names, any one unit of a filter,
// or all units of a filter.
type ScheduleUnit struct {
	Unit      string      `json:"unit,omitempty"`
	Any       *UnitFilter `json:"any,omitempty"`
	All       *UnitFilter `json:"all,omitempty"`
	Printed   string      `json:"printed"`
	Manpower  *int        `json:"manpower,omitempty"`
	Artillery *int        `json:"artillery,omitempty"`
	Instead   []string    `json:"instead,omitempty"`
	Notes     []Note      `json:"notes,omitempty"`
}

// ScheduleRequire is a total several withdrawn units must reach.
type ScheduleRequire struct {
	Units     *UnitFilter `json:"units,omitempty"`
	Manpower  *int        `json:"manpower,omitempty"`
	Artillery *int        `json:"artillery,omitempty"`
	AtLeast   bool        `json:"atLeast,omitempty"`
	Text      string      `json:"text"`
}

// Column is a matrix column: its key band (Min..Max; nil bounds open) or
// its id alone, and the dice rolled on it.
type Column struct {
	ID      string     `json:"id"`
	Printed string     `json:"printed"`
	Min     *int       `json:"min,omitempty"`
	Max     *int       `json:"max,omitempty"`
	Dice    string     `json:"dice,omitempty"` // 1d6, 2d6, 3d6
	Status  string     `json:"status,omitempty"`
	Source  *SourceRef `json:"source,omitempty"`
	Notes   []Note     `json:"notes,omitempty"`
}

// Covers reports whether key k falls in the column's band.
func (c Column) Covers(k int) bool {
	if c.Min == nil && c.Max == nil {
		return false
	}
	return (c.Min == nil || k >= *c.Min) && (c.Max == nil || k <= *c.Max)
}

// GridRow is a matrix row, keyed Min..Max (a nil Max: the maximum row) or
// by name, with one cell per column.
type GridRow struct {
	Min     *int   `json:"min,omitempty"`
	Max     *int   `json:"max,omitempty"`
	Key     string `json:"key,omitempty"`
	Printed string `json:"printed"`
	Cells   []Cell `json:"cells"`
	Notes   []Note `json:"notes,omitempty"`
}

// Covers reports whether key k falls in the row.
func (r GridRow) Covers(k int) bool {
	if r.Min == nil && r.Max == nil {
		return false
	}
	return (r.Min == nil || k >= *r.Min) && (r.Max == nil || k <= *r.Max)
}

// Cell is one matrix cell: the printed text and its reading.
type Cell struct {
	Text        string `json:"text"`
	Losses      *int   `json:"losses,omitempty"`
	Mark        string `json:"mark,omitempty"` // none, diamond, asterisk
	BP          *int   `json:"bp,omitempty"`
	Maintenance *int   `json:"maintenance,omitempty"`
	Value       *int   `json:"value,omitempty"`
	Region      string `json:"region,omitempty"`
	Notes       []Note `json:"notes,omitempty"`
}

// TableFact is a fact the rulebook prints about a table, checked against
// a filled one.
type TableFact struct {
	Kind     string      `json:"kind"` // column, dice, cell, appears, probability, rank
	Column   string      `json:"column,omitempty"`
	SP       *int        `json:"sp,omitempty"`
	Dice     string      `json:"dice,omitempty"`
	Roll     *int        `json:"roll,omitempty"`
	Maximum  bool        `json:"maximum,omitempty"`
	Losses   *int        `json:"losses,omitempty"`
	Mark     string      `json:"mark,omitempty"`
	BP       *int        `json:"bp,omitempty"`
	Attacker *BattleSide `json:"attacker,omitempty"`
	Defender *BattleSide `json:"defender,omitempty"`
	Percent  *int        `json:"percent,omitempty"`
	Chance   string      `json:"chance,omitempty"`
	Marks    []string    `json:"marks,omitempty"`
	Text     string      `json:"text"`
	Source   SourceRef   `json:"source"`
	Notes    []Note      `json:"notes,omitempty"`
}

// BattleSide is one side of a probability fact.
type BattleSide struct {
	SP     *int   `json:"sp,omitempty"`
	Column string `json:"column,omitempty"`
	DRM    int    `json:"drm,omitempty"`
}

// TrackTurn is one turn of a turn record track.
type TrackTurn struct {
	Turn      int        `json:"turn"`
	Season    string     `json:"season,omitempty"`
	Year      int        `json:"year,omitempty"`
	Benchmark *int       `json:"benchmark,omitempty"`
	Winter    *bool      `json:"winter,omitempty"`
	Status    string     `json:"status"`
	Source    *SourceRef `json:"source,omitempty"`
	Notes     []Note     `json:"notes,omitempty"`
}

// GeneralEvent is a general event printed on a turn record track.
type GeneralEvent struct {
	Turn     int    `json:"turn"`
	Side     string `json:"side"`
	Code     string `json:"code"` // arrive, promote, demote, remove, transfer, unassigned, return, replace-with
	General  string `json:"general,omitempty"`
	Printed  string `json:"printed"`
	Theater  string `json:"theater,omitempty"`
	Partner  string `json:"partner,omitempty"`
	Optional bool   `json:"optional,omitempty"`
	// OnlyIfRemoved: the event happens only if this General's optional
	// removal earlier in the turn was taken (Turn 17, U1778).
	OnlyIfRemoved string     `json:"onlyIfRemoved,omitempty"`
	Status        string     `json:"status"`
	Source        *SourceRef `json:"source,omitempty"`
	Notes         []Note     `json:"notes,omitempty"`
}

// ColumnFor returns the index of the matrix column covering key k (an SP
// count or a year), or of the column whose id is name when name is given;
// -1 if none.
func (t *Table) ColumnFor(k int, name string) int {
	for i, c := range t.Columns {
		if name != "" {
			if c.ID == name {
				return i
			}
			continue
		}
		if c.Covers(k) {
			return i
		}
	}
	return -1
}

// CellAt returns the cell of column col at row key k, the row's index and
// whether k lies beyond the last row (read as the maximum row); nil if no
// row covers k. A key below the first row reads the first row when it is
// open below.
func (t *Table) CellAt(col, k int) (*Cell, int, bool) {
	if col < 0 {
		return nil, -1, false
	}
	for i := range t.Grid {
		r := &t.Grid[i]
		if r.Covers(k) && col < len(r.Cells) {
			return &r.Cells[col], i, r.Max == nil && r.Min != nil && k > *r.Min
		}
	}
	return nil, -1, false
}

// Missing reports whether the table's values are not in the source.
func (t *Table) Missing() bool { return t.Status == "missing" }

// TableFile is a table with its document.
type TableFile struct {
	Doc   *Document
	Table *Table
}

// Lookup returns the row whose key range holds k, or nil.
func (t *Table) Lookup(k int) *TableRow {
	for i := range t.Rows {
		if t.Rows[i].Covers(k) {
			return &t.Rows[i]
		}
	}
	return nil
}

// Event returns the table's event with the given id, or nil.
func (t *Table) Event(id string) *TableEvent {
	for i := range t.Events {
		if t.Events[i].ID == id {
			return &t.Events[i]
		}
	}
	return nil
}

// Table returns the module table with the given id, or nil.
func (m *Module) Table(id string) *Table {
	for _, tf := range m.Tables {
		if tf.Table != nil && tf.Table.ID == id {
			return tf.Table
		}
	}
	return nil
}

// ScheduleEntry returns the schedule entry with the given id from any
// schedule table of the module, or nil.
func (m *Module) ScheduleEntry(id string) *ScheduleEntry {
	for _, tf := range m.Tables {
		if tf.Table == nil {
			continue
		}
		for i := range tf.Table.Entries {
			if tf.Table.Entries[i].ID == id {
				return &tf.Table.Entries[i]
			}
		}
	}
	return nil
}

// Calendar helpers.

// TurnOf returns the calendar turn of date d on a daily calendar.
func (c *Calendar) TurnOf(d string) (int, error) {
	if c == nil || c.Step != "day" {
		return 0, fmt.Errorf("the calendar is not daily")
	}
	start, err := time.Parse(time.DateOnly, c.Start)
	if err != nil {
		return 0, err
	}
	t, err := time.Parse(time.DateOnly, d)
	if err != nil {
		return 0, err
	}
	first := c.FirstTurn
	if first == 0 {
		first = 1
	}
	return int(t.Sub(start).Hours()/24) + first, nil
}

// DateOf returns the date of calendar turn n on a daily calendar.
func (c *Calendar) DateOf(n int) (string, error) {
	if c == nil || c.Step != "day" {
		return "", fmt.Errorf("the calendar is not daily")
	}
	start, err := time.Parse(time.DateOnly, c.Start)
	if err != nil {
		return "", err
	}
	first := c.FirstTurn
	if first == 0 {
		first = 1
	}
	return start.AddDate(0, 0, n-first).Format(time.DateOnly), nil
}

// LastTurn returns the calendar's last turn on a daily calendar with an end
// date (or a turn count), else 0.
func (c *Calendar) LastTurn() int {
	if c == nil {
		return 0
	}
	if c.Turns > 0 {
		first := c.FirstTurn
		if first == 0 {
			first = 1
		}
		return first + c.Turns - 1
	}
	if c.End != "" {
		if n, err := c.TurnOf(c.End); err == nil {
			return n
		}
	}
	return 0
}
