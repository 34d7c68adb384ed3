#!/bin/sh
# Mutation testing, a maintenance command (not run in CI): plants small
# changes in a package's code one at a time (a < made <=, a + made -, a
# condition negated) and reports the share of them its tests catch.
#
#   tools/mutation.sh [PACKAGE...]     default: playtest playtest/sim validate rules rules/lgv
#
# Never pass gremlins --test-cpu: v0.6.0 hands "go test" the flag and its
# value as one argument ("-cpu 1"), go test fails at once, and every mutant
# is reported killed.
#
# Environment: WORKERS (default 1), TIMEOUT_COEFF
# (default 15: a mutant's test run may take 15x gremlins' first, coverage
# run, build included, before it is counted a timeout; that first run
# already holds a build, so 15x leaves a loaded machine room, while a
# mutant that loops for ever costs about a minute, not the four of 60x),
# OUT (default out/mutation), EXCLUDE (regular expressions of file paths,
# relative to the package folder, to leave out, space-separated: to run a
# stated part of a big package, e.g.
# EXCLUDE='^(board|engine)\.go$' tools/mutation.sh rules/lgv). Each
# package's results are
# written to $OUT/<package>.json (gremlins' format: every mutant with its
# file:line, type and status) and a table of efficacy (killed / (killed +
# lived)) and mutant coverage is printed at the end; survivors are listed
# with `grep -n LIVED $OUT/<package>.txt`.
#
# Uses github.com/go-gremlins/gremlins through the Go module proxy (go run
# pins the version; nothing is added to go.mod). Run it on a clean tree:
# gremlins rewrites copies of the module in temporary folders. The build
# tag "mutation" makes every mutant's test run cheaper without changing
# what it can catch:
#   - it leaves out tests that read only the source (rules' vocabulary
#     test), which no mutant can fail and which are slow;
#   - rules/lgv's TestInvariants plays 200 random games, not 2000, and
#     TestSimTotalsDeterministic 12, not 60 (go test -tags mutation
#     ./rules/lgv: 9.0 s -> 3.2 s); with the package's other tests the
#     fewer games run the very same statements (-coverprofile compared),
#     so no mutant is left uncovered by it. The statistical
#     TestGreedyBeatsRandom keeps its 300 games.
# The other packages' tests take under 0.2 s and are not shrunk: there a
# mutant's cost is the build.
set -euf # -f: EXCLUDE patterns are not file globs
cd "$(dirname "$0")/.."
GREMLINS=${GREMLINS:-"go run github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0"}
WORKERS=${WORKERS:-1}
TIMEOUT_COEFF=${TIMEOUT_COEFF:-15}
OUT=${OUT:-out/mutation}
mkdir -p "$OUT"
[ $# -gt 0 ] || set -- playtest playtest/sim validate rules rules/lgv
PKGS="$*"
for pkg in $PKGS; do
	name=$(echo "$pkg" | tr / -)
	echo "== $pkg" >&2
	# gremlins takes a folder with the folders under it: leave those out
	# (rules/lgv is its own package, run on its own).
	set --
	subdirs=$(find "$pkg" -mindepth 1 -type d -not -name testdata -not -path '*/testdata/*')
	while IFS= read -r d; do
		if [ -n "$d" ]; then set -- "$@" --exclude-files "$(basename "$d")/"; fi
	done <<EOF
$subdirs
EOF
	for x in ${EXCLUDE:-}; do
		set -- "$@" --exclude-files "$x"
	done
	$GREMLINS unleash --tags mutation --workers "$WORKERS" \
		--timeout-coefficient "$TIMEOUT_COEFF" "$@" -o "$OUT/$name.json" "./$pkg" \
		>"$OUT/$name.txt" 2>&1 || true
	tail -n 12 "$OUT/$name.txt" >&2
done
echo "| package | killed | lived | timed out | not covered | efficacy | mutant coverage |"
echo "|---|---|---|---|---|---|---|"
for pkg in $PKGS; do
	name=$(echo "$pkg" | tr / -)
	f="$OUT/$name.txt"
	k=$(sed -n 's/^Killed: \([0-9]*\).*/\1/p' "$f" | tail -1)
	l=$(sed -n 's/.*Lived: \([0-9]*\).*/\1/p' "$f" | tail -1)
	t=$(sed -n 's/.*Timed out: \([0-9]*\).*/\1/p' "$f" | tail -1)
	n=$(sed -n 's/.*Not covered: \([0-9]*\).*/\1/p' "$f" | tail -1)
	e=$(sed -n 's/^Test efficacy: \([0-9.]*%\).*/\1/p' "$f" | tail -1)
	c=$(sed -n 's/^Mutator coverage: \([0-9.]*%\).*/\1/p' "$f" | tail -1)
	echo "| \`$pkg\` | ${k:-?} | ${l:-?} | ${t:-?} | ${n:-?} | ${e:-?} | ${c:-?} |"
done
