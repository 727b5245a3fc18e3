package engine

// dropBaseEffects ends the temporary effects aimed at the base in slot s
// (breakpoint changes, power for minions there) as that base leaves play:
// they were about that base, not about whichever base takes its slot.
func (g *Game) dropBaseEffects(s int) {
	n := 0
	for i := 0; i < int(g.NEff); i++ {
		e := g.Effects[i]
		if int(e.Base) == s && (e.Kind == EffBreakpoint || e.Kind == EffBasePower) {
			continue
		}
		g.Effects[n] = e
		n++
	}
	g.NEff = int8(n)
}
