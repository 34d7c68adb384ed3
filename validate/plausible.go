package validate

import (
	"fmt"

	"github.com/musterhq/muster/internal/diag"
	"github.com/musterhq/muster/scenarios"
)

// Plausibility (issue 29, family 5): a setup that is well formed, names
// real hexes and breaks no rule, but stands where no scenario puts a unit.

// apartRadius is how far, in hexes, a unit may stand from every unit of
// its formation and from every friendly unit before its hex reads as a
// mistake. In the shipped TPC setups a unit apart from its formation (a
// detached brigade, a cavalry screen) always has a friendly unit within 5
// hexes; a swapped sheet prefix (S0715 for N0715) puts it 9 to 40 hexes
// from any. 7 is TPC's leader radius (game.json leaderSetup).
const apartRadius = 7

var unitApart = register(&Check{
	Code:     "unit-apart",
	Title:    "unit set up far from its formation and from every friendly unit",
	Doc:      "A unit (not a leader: leader-apart judges those) whose hex is more than 7 hexes from every other unit of its formation (the row's printed command) and more than 7 hexes from every friendly unit at the start is implausible: a swapped sheet prefix or a transposed hex id puts a real hex on the other sheet or across the map. The warning names the nearest unit of its command and where it stands (or, when it is alone in its command, the nearest friendly unit). In the shipped TPC setups a unit detached from its formation always has a friendly unit within 5 hexes. A row whose printed place the map ties to its hex is corroborated and not judged. A unit sharing its hex with an opposing unit is left to both-sides. Judged on hex maps only (an area map without adjacency data cannot measure); a deliberate outpost is declared by a notes entry of the row, kind \"comment\" or \"correction\", whose field is \"hex\".",
	Severity: diag.Warning,
	Run: func(p *Pass) {
		units := onMap(p)
		for _, u := range units {
			if u.row.Unit == "" || u.loc.Area != nil || p.isLeader(u.row) || rowDeclares(u.row.Notes, "hex") {
				continue
			}
			if u.loc.Sheet == nil || !p.sheetsInPlay()[u.loc.Sheet.ID] || len(p.Topo.Sheets(u.point)) == 0 {
				continue // beyond every sheet or on one not in play: hex-unknown and sheet-unknown report it
			}
			if u.row.Place != "" {
				if ok, _ := p.Index.HasPlace(u.loc, u.row.Place); ok {
					continue // the printed place corroborates the hex
				}
			}
			form, formD, friend, friendD := -1, 0, -1, 0
			withEnemy := false
			for i, o := range units {
				if o.side != u.side && o.point == u.point && o.row.Unit != "" {
					withEnemy = true // both-sides reports the location
					break
				}
				if o.side != u.side || o.row == u.row || o.row.Unit == "" {
					continue
				}
				d, ok := p.Topo.Distance(u.point, o.point)
				if !ok {
					continue
				}
				if friend < 0 || d < friendD {
					friend, friendD = i, d
				}
				if u.row.Command != "" && o.row.Command == u.row.Command && !p.isLeader(o.row) && (form < 0 || d < formD) {
					form, formD = i, d
				}
			}
			if withEnemy || friend < 0 || friendD <= apartRadius || form >= 0 && formD <= apartRadius {
				continue
			}
			near, nearD, whose := units[friend], friendD, "friendly unit"
			if form >= 0 {
				near, nearD, whose = units[form], formD, "unit of its command "+u.row.Command
			}
			p.Report(rowPtr(u.t, u.r)+"/hex", fmt.Sprintf("%s sets up in %s, %d hexes from the nearest %s (%s in %s, line %d) and %d from any friendly unit",
				u.row.Name, u.row.Hex, nearD, whose, near.row.Name, near.row.Hex, p.line(rowPtr(near.t, near.r)), friendD),
				"check the hex (a swapped sheet prefix or transposed digits put a real hex across the map); if the unit stands apart on purpose, say so in a notes entry of the row with \"field\": \"hex\"")
			p.relate(rowPtr(near.t, near.r)+"/hex", "the nearest "+whose)
		}
	},
})

// rowDeclares reports whether notes hold a comment or correction whose
// field names field: the data says it departs on purpose.
func rowDeclares(notes []scenarios.Note, field string) bool {
	for _, n := range notes {
		if (n.Kind == "comment" || n.Kind == "correction") && n.Field == field {
			return true
		}
	}
	return false
}
