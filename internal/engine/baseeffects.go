package engine

// dropBaseEffects ends what was aimed at the base in slot s as that base
// leaves play: the temporary effects on it (breakpoint changes, power for
// minions there), and the extra plays held for it ("an extra minion here"
// is lost with the base). They were about that base, not about whichever
// base takes its slot.
func (g *Game) dropBaseEffects(s BaseID) {
	g.dropEffects(func(e *Effect) bool {
		return e.Base == s && (e.Kind == EffBreakpoint || e.Kind == EffBasePower || e.Kind == EffStartBreakpoint)
	})
	for p := range g.NPlayers {
		pl := &g.Players[p]
		for i := range pl.NExtra {
			x := &pl.Extras[i]
			if x.Uses > 0 && x.Base == s {
				x.Uses = 0 // an empty grant slot (GrantExtra)
			}
		}
	}
}
