package rules

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// Event is one change of game state: every move, loss, roll, state change
// and phase step the engine makes is an event, so a game can be replayed,
// compared with a stored log, and asked what happened (was a unit
// activated, did it end a segment in a hex).
type Event struct {
	Seq   int    `json:"seq"`
	Turn  int    `json:"turn,omitempty"`
	Phase string `json:"phase,omitempty"`
	Kind  string `json:"kind"` // move, loss, roll, state, marker, control, phase, turn, eliminate, end, ...
	Side  string `json:"side,omitempty"`
	Unit  string `json:"unit,omitempty"`
	From  string `json:"from,omitempty"`
	To    string `json:"to,omitempty"`
	// Data carries the kind's own fields (a roll, a loss cause, a state
	// value); encoding/json writes map keys sorted, so logs are stable.
	Data map[string]any `json:"data,omitempty"`
	// Rule is the rule case the event applies, where one does.
	Rule string `json:"rule,omitempty"`
}

// EventLog keeps a game's events in order and writes them as JSON lines.
// The first line is a header with the seed, so any log can be replayed.
type EventLog struct {
	Header map[string]any
	Events []Event
}

// NewEventLog starts a log for a scenario played with a seed.
func NewEventLog(scenario string, seed uint64) *EventLog {
	return &EventLog{Header: map[string]any{"scenario": scenario, "seed": seed, "log": "muster events v1"}}
}

// Add appends an event, numbering it.
func (l *EventLog) Add(e Event) Event {
	e.Seq = len(l.Events) + 1
	l.Events = append(l.Events, e)
	return e
}

// Find returns the events matching a predicate, in order.
func (l *EventLog) Find(match func(*Event) bool) []Event {
	var out []Event
	for i := range l.Events {
		if match(&l.Events[i]) {
			out = append(out, l.Events[i])
		}
	}
	return out
}

// WriteTo writes the header and every event, one JSON object per line.
func (l *EventLog) WriteTo(w io.Writer) (int64, error) {
	cw := &countingWriter{w: w}
	enc := json.NewEncoder(cw)
	if err := enc.Encode(l.Header); err != nil {
		return cw.n, err
	}
	for i := range l.Events {
		if err := enc.Encode(&l.Events[i]); err != nil {
			return cw.n, err
		}
	}
	return cw.n, nil
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// ReadEventLog reads a log written by WriteTo. A malformed line is an error
// naming its line number.
func ReadEventLog(r io.Reader) (*EventLog, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	l := &EventLog{}
	line := 0
	for sc.Scan() {
		line++
		if line == 1 {
			h, err := readHeader(sc.Bytes())
			if err != nil {
				return nil, fmt.Errorf("event log line 1 (header): %w", err)
			}
			l.Header = h
			continue
		}
		var e Event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("event log line %d: %w", line, err)
		}
		if e.Seq != len(l.Events)+1 {
			return nil, fmt.Errorf("event log line %d: event %d out of sequence (want %d)", line, e.Seq, len(l.Events)+1)
		}
		l.Events = append(l.Events, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("event log line %d: %w", line+1, err)
	}
	if line == 0 {
		return nil, fmt.Errorf("event log: empty")
	}
	return l, nil
}

// readHeader decodes a log's header keeping its numbers as written: the
// seed is a uint64, which a float64 would round (…041966 to …041900), and
// a log read back must write the same bytes.
func readHeader(line []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var h map[string]any
	if err := dec.Decode(&h); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("more than one JSON value on the line")
	}
	return h, nil
}
