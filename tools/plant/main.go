// Command plant is muster's planted-mistake generator (issue 29): it plants
// mistakes of each family into copies of the shipped scenarios, one at a
// time at a known line, validates each copy, and prints the share caught at
// that line, by family. CI runs it as a figure, not a gate.
//
//	go run ./tools/plant            # the table
//	go run ./tools/plant -v         # and every mistake missed
//	go run ./tools/plant -n 4       # at most 4 sites of each kind per scenario
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/musterhq/muster/scenarios"
)

func main() {
	perKind := flag.Int("n", 3, "at most this many sites of each kind per scenario")
	verbose := flag.Bool("v", false, "list every mistake not caught")
	all := flag.Bool("all", false, "with -v, list the mistakes caught too, with the codes that caught them")
	flag.Parse()
	plants, err := Run(scenarios.BuiltinFS(), *perKind)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if *verbose {
		for _, p := range plants {
			if !p.Caught {
				fmt.Printf("missed  %s:%d  %s: %s\n", p.Scenario, p.Line, p.Kind, p.What)
			} else if *all {
				fmt.Printf("caught  %s:%d  %s: %s  %s\n", p.Scenario, p.Line, p.Kind, p.What, strings.Join(p.Codes, " "))
			}
		}
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "family\tplanted\tcaught at the line\tshare\tmissed (kind count)")
	for _, r := range Table(plants) {
		share := 0.0
		if r.Planted > 0 {
			share = 100 * float64(r.Caught) / float64(r.Planted)
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%.0f%%\t%s\n", r.Family, r.Planted, r.Caught, share, strings.Join(r.Missed, ", "))
	}
	w.Flush()
}
