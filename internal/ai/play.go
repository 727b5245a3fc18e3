package ai

import (
	"fmt"

	"github.com/smashup/smashup/internal/engine"
)

// MaxMoves bounds a computer-only game (a safety net; real games end far sooner).
const MaxMoves = 20000

// PlayOut lets the players (one per seat) play g to its end. It returns an
// error when the engine fails or the game does not end within MaxMoves.
func PlayOut(g *engine.Game, players []Player) error {
	for moves := 0; !g.Over; moves++ {
		if moves >= MaxMoves {
			return fmt.Errorf("game did not end after %d decisions", MaxMoves)
		}
		if !g.Pending.Active {
			return fmt.Errorf("game is neither over nor waiting for a decision")
		}
		p := g.Pending.Player
		if p < 0 || int(p) >= len(players) {
			return fmt.Errorf("decision for seat %d, which has no player", p)
		}
		v := g.View(p)
		if err := g.ApplySafe(players[p].Choose(g, &v)); err != nil {
			return err
		}
	}
	return nil
}
