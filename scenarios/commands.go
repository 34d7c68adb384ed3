package scenarios

// CommandCycles returns the cycles of the parent chains of one side's
// commands in game.json: each cycle as indices into g.Commands[side], in
// chain order (a command, its parent, its parent's parent ...), starting at
// the member listed first, the cycles in the order of their first members.
// A command that is its own parent is a cycle of one. A parent that no
// command of the side has ends a chain; it is no cycle.
//
// validate reports each cycle (command-cycle); the order of battle cuts
// each at its first member, which it shows at the top level.
func (g *Game) CommandCycles(side string) [][]int {
	if g == nil {
		return nil
	}
	cmds := g.Commands[side]
	index := make(map[string]int, len(cmds))
	for i, c := range cmds {
		if _, ok := index[c.Code]; !ok {
			index[c.Code] = i
		}
	}
	const (
		unseen = iota
		onPath
		done
	)
	state := make([]int, len(cmds))
	var cycles [][]int
	for start := range cmds {
		if state[start] != unseen {
			continue
		}
		var path []int
		at := map[int]int{} // command -> its place on path
		cur := start
		for {
			if state[cur] == onPath {
				cyc := path[at[cur]:]
				// Start at the member listed first, keep the chain's order.
				first := 0
				for k, i := range cyc {
					if i < cyc[first] {
						first = k
					}
				}
				cycles = append(cycles, append(append([]int(nil), cyc[first:]...), cyc[:first]...))
				break
			}
			if state[cur] == done {
				break
			}
			state[cur] = onPath
			at[cur] = len(path)
			path = append(path, cur)
			next, ok := index[cmds[cur].Parent]
			if cmds[cur].Parent == "" || !ok {
				break
			}
			cur = next
		}
		for _, i := range path {
			state[i] = done
		}
	}
	// In the order of their first members.
	for i := 1; i < len(cycles); i++ {
		for j := i; j > 0 && cycles[j][0] < cycles[j-1][0]; j-- {
			cycles[j], cycles[j-1] = cycles[j-1], cycles[j]
		}
	}
	return cycles
}
