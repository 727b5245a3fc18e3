package engine

// Iteration helpers: card code that only looks for or counts cards can
// range over these instead of asking for a list (Minions, MinionsAt), which
// saves building one. They yield cards in index order, not in play order.

// EachMinion yields the minions in play controlled by p (None: any player),
// the same cards as Minions(p), in index order; use it as
// `for m := range g.EachMinion(p) { ... }`.
func (g *Game) EachMinion(p Seat) func(yield func(CardID) bool) {
	return func(yield func(CardID) bool) {
		for i := range g.inZone(ZInPlay).each {
			c := &g.Cards[i]
			if c.Base >= 0 && c.Base < g.NBases && g.Bases[c.Base].Card != None && g.IsMinion(i) && (p == None || c.Ctrl == p) {
				if !yield(i) {
					return
				}
			}
		}
	}
}
