package validate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/scenarios"
)

// A leader arriving on another turn than his units (issue 29, family 2).

var leaderTurn = register(&Check{
	Code:     "leader-turn",
	Title:    "leader entering on another turn than every unit of his command",
	Doc:      "A leader whose setup row enters later (an entry with a turn or date) comes with his command: when none of his command's units stands on the map at the start and those that enter all do so on other turns than his (the rows whose printed command he leads, the game.json command tree included), his entry is a mistyped turn or date or a line copied from another reinforcement. The error names his units' turn. Not judged when some of his units start on the map (he may join them later) or when none enters.",
	Severity: diag.Error,
	Run: func(p *Pass) {
		type row struct {
			t, r int
			side string
			row  *scenarios.SetupRow
		}
		var entering []row
		onMapCmd := map[string]bool{} // side + command of units on the map at the start
		forRows(p, func(t, r int, table *scenarios.SetupTable, sr *scenarios.SetupRow) {
			if sr.Unit == "" {
				return
			}
			if sr.Entry == nil {
				if !p.isLeader(sr) {
					onMapCmd[table.Side+"\x00"+sr.Command] = true
				}
				return
			}
			entering = append(entering, row{t, r, table.Side, sr})
		})
		when := func(e *scenarios.Entry) string {
			switch {
			case e.Turn != 0:
				return "turn " + strconv.Itoa(e.Turn)
			case e.Date != "":
				return e.Date
			}
			return ""
		}
		for _, l := range entering {
			if !p.isLeader(l.row) || when(l.row.Entry) == "" {
				continue
			}
			var units []row
			startsWith := false
			for _, u := range entering {
				if u.side == l.side && !p.isLeader(u.row) && p.commands(l.side, l.row, u.row) {
					units = append(units, u)
				}
			}
			for key := range onMapCmd {
				side, code, _ := strings.Cut(key, "\x00")
				if side == l.side && p.commands(l.side, l.row, &scenarios.SetupRow{Command: code}) {
					startsWith = true
					break
				}
			}
			if startsWith || len(units) == 0 {
				continue
			}
			lw := when(l.row.Entry)
			turns := map[string]bool{}
			var first row
			for _, u := range units {
				w := when(u.row.Entry)
				if w == lw {
					turns = nil
					break
				}
				if len(turns) == 0 {
					first = u
				}
				turns[w] = true
			}
			if turns == nil || len(turns) == 0 {
				continue
			}
			field := "turn"
			if l.row.Entry.Turn == 0 {
				field = "date"
			}
			p.Report(rowPtr(l.t, l.r)+"/entry/"+field, fmt.Sprintf("%s enters on %s, but the units of his command enter on %s (%s, line %d) and none starts on the map",
				l.row.Name, lw, strings.Join(keys(turns), ", "), first.row.Name, p.line(rowPtr(first.t, first.r))),
				"correct the leader's entry (or his units'): a leader comes with his command")
			p.relate(rowPtr(first.t, first.r)+"/entry", "his units' entry")
		}
	},
})
