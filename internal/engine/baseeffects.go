package engine

// dropBaseEffects ends the temporary effects aimed at the base in slot s
// (breakpoint changes, power for minions there) as that base leaves play:
// they were about that base, not about whichever base takes its slot.
func (g *Game) dropBaseEffects(s BaseID) {
	g.dropEffects(func(e *Effect) bool {
		return e.Base == s && (e.Kind == EffBreakpoint || e.Kind == EffBasePower)
	})
}
