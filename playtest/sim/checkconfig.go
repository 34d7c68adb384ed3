package sim

import (
	"fmt"
	"strings"
)

// CheckConfig finds the faults of a run's configuration before any game
// is played, so that a command reports them as usage errors rather than
// as a game's failure: no games, a bot not known, a bot count that is
// not the scenario's side count. A scenario that does not start is left
// to Run, which reports it as the game's fault.
func CheckConfig(cfg Config, newGame NewGame) error {
	if cfg.Games < 1 {
		return fmt.Errorf("--games %d: a run needs at least one game", cfg.Games)
	}
	for _, name := range cfg.Bots {
		if _, err := BotByName(name); err != nil {
			return fmt.Errorf("--bots: %w", err)
		}
	}
	g, err := newGame(cfg.Seed)
	if err != nil {
		return nil
	}
	if sides := g.Sides(); len(cfg.Bots) != len(sides) {
		bots := fmt.Sprintf("%d bots", len(cfg.Bots))
		if len(cfg.Bots) == 1 {
			bots = "1 bot"
		}
		return fmt.Errorf("--bots %s names %s, and the scenario has %d sides (%s): give one bot per side, in that order", strings.Join(cfg.Bots, ","), bots, len(sides), strings.Join(sides, ", "))
	}
	return nil
}
