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
	Source      SourceRef       `json:"source"`
	Notes       []Note          `json:"notes,omitempty"`
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
