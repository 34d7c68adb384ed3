//go:build !mutation

package lgv

// underMutation: see mutation_on_test.go.
const underMutation = false
