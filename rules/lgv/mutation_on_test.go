//go:build mutation

package lgv

// underMutation is set by the build tag tools/mutation.sh runs with: the
// slow game loops (TestInvariants, TestSimTotalsDeterministic) play fewer
// games in each mutant's run. With the whole package's tests, the fewer
// games reach the same statements as the full count (compared with
// -coverprofile when this was set), so no mutant goes uncovered by it.
const underMutation = true
