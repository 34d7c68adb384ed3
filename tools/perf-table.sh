#!/usr/bin/env bash
# Regenerates the performance table (docs/performance.md) from the benchmarks beside
# the code, and the two CLI timings (a cold validate, playtest sim), then
# writes it between the perf-table markers of docs/performance.md, with the commit,
# Go version and machine it was measured on. Run it before a release, on a
# quiet machine (the figures are medians of COUNT runs; a loaded machine
# gives slower, noisier ones).
#
#   tools/perf-table.sh            # rewrite docs/performance.md
#   tools/perf-table.sh -n         # print the table only
#
# Environment: COUNT (default 5) runs of each benchmark; BENCHTIME
# (default 1s).
set -eu
cd "$(dirname "$0")/.."
COUNT=${COUNT:-5}
BENCHTIME=${BENCHTIME:-1s}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

bench() { # package, pattern
	go test "$1" -run '^$' -bench "$2" -benchmem -count "$COUNT" -benchtime "$BENCHTIME" >>"$tmp/bench.txt"
}
bench ./validate '^Benchmark(Catalog|ValidateTPC|SyntheticUnits)$'
bench ./schema '^BenchmarkValidate$'
bench ./rules '^BenchmarkEvaluateTPC11$'
bench ./playtest '^BenchmarkScript1000$'
bench ./export/sheet '^BenchmarkXLSXExportTPC11$'
bench ./export/cards '^BenchmarkCardsHTMLTPC11$'
bench ./export/svg '^BenchmarkSVGTPC11$'
bench ./rules/lgv '^Benchmark(RandomGame|GreedyGame)$'

# median NAME FIELD: the median of a benchmark's value in the column
# before the unit FIELD (ns/op, B/op, allocs/op, ns/unit).
median() {
	awk -v name="$1" -v unit="$2" '
		{ n = $1; sub(/-[0-9]+$/, "", n) }
		n == name { for (i = 2; i <= NF; i++) if ($i == unit) v[c++] = $(i-1) }
		END {
			if (c == 0) { print "?"; exit }
			for (i = 0; i < c; i++) for (j = i + 1; j < c; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
			print v[int((c - 1) / 2)]
		}' "$tmp/bench.txt"
}
ms() { awk -v v="$1" 'BEGIN { if (v == "?") print "?"; else if (v >= 1e7) printf "%.0f ms", v / 1e6; else printf "%.2g ms", v / 1e6 }'; }
num() { awk -v v="$1" 'BEGIN { printf "%.0f", v }'; }

# A cold process: build once, then the median wall clock of COUNT*4 runs;
# playtest sim once each (it runs for seconds).
# Built without cgo, as releases are (a cgo build also loads the C library
# at start); a Go hello-world is the floor a cold start is compared with.
CGO_ENABLED=0 go build -o "$tmp/muster" ./cmd/muster
mkdir "$tmp/hello"
printf 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println("hello") }\n' >"$tmp/hello/main.go"
(cd "$tmp/hello" && CGO_ENABLED=0 GOFLAGS='' go build -o "$tmp/hello-world" main.go)
wall() { # runs command... -> median milliseconds (one decimal) over the runs
	n=$1
	shift
	i=0
	: >"$tmp/wall"
	while [ $i -lt "$n" ]; do
		# bash's clock, not date(1): a date process on each side of a run
		# would add its own start to every figure.
		s=${EPOCHREALTIME/./}
		"$@" >/dev/null 2>&1 || true
		e=${EPOCHREALTIME/./}
		echo $((e - s)) >>"$tmp/wall"
		i=$((i + 1))
	done
	sort -n "$tmp/wall" | awk '{ v[NR] = $1 } END { printf "%.1f\n", v[int((NR + 1) / 2)] / 1000 }'
}
cold=$(wall $((COUNT * 4)) "$tmp/muster" validate -q scenarios)
version=$(wall $((COUNT * 40)) "$tmp/muster" version)
hello=$(wall $((COUNT * 40)) "$tmp/hello-world")
simscn=rules/lgv/testdata/module/scenarios/01-chancellorsville.json
sim2=$(wall 1 "$tmp/muster" playtest sim "$simscn" --games 10000 --seed 7 --bots random,random --workers 2)
sim1=$(wall 1 "$tmp/muster" playtest sim "$simscn" --games 10000 --seed 7 --bots random,random --workers 1)

# What the catalog holds, for the first row's label.
files=$(find scenarios -name '*.json' -not -path 'scenarios/testdata/*' | wc -l | tr -d ' ')
modules=$(find scenarios -mindepth 2 -maxdepth 2 -name game.json | wc -l | tr -d ' ')
scns=$(find scenarios -path '*/scenarios/*.json' -not -path 'scenarios/testdata/*' | wc -l | tr -d ' ')
tables=$(find scenarios -path '*/tables/*.json' | wc -l | tr -d ' ')
plays=$(find scenarios -path '*/playtests/*.json' | wc -l | tr -d ' ')

s1k=$(median BenchmarkSyntheticUnits/units=1000 ns/op)
s25k=$(median BenchmarkSyntheticUnits/units=2500 ns/op)
s5k=$(median BenchmarkSyntheticUnits/units=5000 ns/op)
s10k=$(median BenchmarkSyntheticUnits/units=10000 ns/op)
u1k=$(median BenchmarkSyntheticUnits/units=1000 ns/unit)
u10k=$(median BenchmarkSyntheticUnits/units=10000 ns/unit)
rnd=$(median BenchmarkRandomGame ns/op)

cat >"$tmp/table.md" <<TABLE
Measured by \`tools/perf-table.sh\` at commit $(git rev-parse --short HEAD) with $(go env GOVERSION) on $(nproc) cores (medians of $COUNT runs, $((COUNT * 4)) for the cold validate, one for playtest sim; benchmarks with \`-benchtime $BENCHTIME\`):

| what | time |
| --- | --- |
| the whole shipped catalog in one process ($files files: $modules modules, $scns scenarios, $tables tables, $plays playtests; parse, schema, semantic checks; \`-bench Catalog\`) | $(ms "$(median BenchmarkCatalog ns/op)") |
| the TPC module (game, map, counters, scenarios, tables), files in parallel (\`-bench ValidateTPC\`) | $(ms "$(median BenchmarkValidateTPC/module ns/op)") |
| a synthetic scenario of 1,000 / 2,500 / 5,000 / 10,000 units (\`-bench SyntheticUnits\`) | $(ms "$s1k") / $(ms "$s25k") / $(ms "$s5k") / $(ms "$s10k") ($(num "$u1k")-$(num "$u10k") ns a unit) |
| schema check of the largest scenario: muster's fast path / the jsonschema library (\`./schema -bench Validate\`) | $(ms "$(median BenchmarkValidate/fast ns/op)") / $(ms "$(median BenchmarkValidate/library ns/op)") |
| victory evaluation of a full scenario 11 state (\`-bench EvaluateTPC11\`) | $(ms "$(median BenchmarkEvaluateTPC11 ns/op)") |
| a 1,000-step playtest script (load, schema, 1,000 moves with rule checks, 100 victory counts; \`-bench Script1000\`) | $(ms "$(median BenchmarkScript1000 ns/op)") |
| export of scenario 11 to xlsx / to HTML setup cards / to SVG | $(ms "$(median BenchmarkXLSXExportTPC11 ns/op)") / $(ms "$(median BenchmarkCardsHTMLTPC11 ns/op)") / $(ms "$(median BenchmarkSVGTPC11 ns/op)") |
| \`muster validate -q scenarios\`, cold process, wall clock | $cold ms |
| \`muster version\`, cold process, wall clock / a Go hello-world (both built without cgo; $((COUNT * 40)) runs each) | $version ms / $hello ms |
| one LGV game on the test module, two random bots (\`./rules/lgv -bench RandomGame\`) | $(ms "$rnd"), $(num "$(median BenchmarkRandomGame allocs/op)") allocations, $(awk -v v="$(median BenchmarkRandomGame B/op)" 'BEGIN { printf "%.0f KB", v / 1000 }') (about $(awk -v v="$rnd" 'BEGIN { printf "%d", 1e9 / v / 100 * 100 }') games a second per core) |
| one LGV game, two greedy bots (\`-bench GreedyGame\`) | $(ms "$(median BenchmarkGreedyGame ns/op)") |
| \`muster playtest sim\` of 10,000 random-bot games on the test module, 2 workers / 1 worker | $(awk -v v="$sim2" 'BEGIN { printf "%.1f s", v / 1000 }') / $(awk -v v="$sim1" 'BEGIN { printf "%.1f s", v / 1000 }') |
TABLE

if [ "${1:-}" = "-n" ]; then
	cat "$tmp/table.md"
	exit 0
fi
awk -v table="$tmp/table.md" '
	/<!-- perf-table:begin -->/ { print; while ((getline l < table) > 0) print l; skip = 1; next }
	/<!-- perf-table:end -->/ { skip = 0 }
	!skip' docs/performance.md >"$tmp/performance.md"
grep -q '<!-- perf-table:begin -->' "$tmp/performance.md" || { echo "docs/performance.md has no perf-table markers" >&2; exit 1; }
cp "$tmp/performance.md" docs/performance.md
echo "docs/performance.md: performance table rewritten" >&2
