package engine

// Summing power over many minions (TotalAt, PowerAt): the cards whose
// PowerMod applies are found once per sum instead of once per minion.
// PowerMod and TotalPower only read the game, so the list stays right for
// the whole sum; the results are those of Power and PowerGiven.

// powerSources appends to buf the live cards with a PowerMod, in index order.
func (g *Game) powerSources(buf []CardID) []CardID {
	if g.Hooked&hPowerMod == 0 {
		return buf // no card of this game has one (static.go)
	}
	for i := range g.tableWith(hPowerMod).each {
		if g.live(i) {
			buf = append(buf, i)
		}
	}
	return buf
}

// powerGivenFrom is PowerGiven(c) given powerSources.
func (g *Game) powerGivenFrom(c CardID, srcs []CardID) int {
	cd := &g.Cards[c]
	if cd.Zone != ZInPlay || defPowerless[cd.Def] {
		return 0
	}
	n := 0
	if d := defs[cd.Def]; d.Type == Minion {
		n = max(0, d.Power+int(cd.Counters)+g.modsFrom(c, srcs))
	} else if d.AlsoNamed != nil {
		n = max(0, g.modsFrom(c, srcs)) // see Power
	}
	return n + g.givenBesidesPower(c)
}

// modsFrom is modsFor(c) given powerSources.
func (g *Game) modsFrom(c CardID, srcs []CardID) int {
	cd := &g.Cards[c]
	p := 0
	for _, i := range srcs {
		s := &g.Cards[i]
		sd := defs[s.Def]
		if sd.Type == BaseCard && g.BaseIgnoredLasting(s.Base, cd.Ctrl) {
			continue
		}
		p += sd.PowerMod(g, i, c)
	}
	return p + g.effectPower(c)
}

// MinionPowers yields each minion in play, in index order, with its power
// (Power), the power modifiers in play found once for all of them: what an
// evaluation summing the power on the table asks for every minion.
func (g *Game) MinionPowers() func(yield func(CardID, int) bool) {
	return func(yield func(CardID, int) bool) {
		var arr [32]CardID
		srcs := g.powerSources(arr[:0])
		for i := range g.inZone(ZInPlay).each {
			cd := &g.Cards[i]
			d := defs[cd.Def]
			if d.Type != Minion {
				continue
			}
			if !yield(i, max(0, d.Power+int(cd.Counters)+g.modsFrom(i, srcs))) {
				return
			}
		}
	}
}

// Breakpoints writes the breakpoint (Breakpoint) of every base slot into bp,
// the breakpoint modifiers in play found once for all of them.
func (g *Game) Breakpoints(bp *[MaxBases]int) {
	var arr [16]CardID
	srcs := g.breakSources(arr[:0])
	for s := range g.NBases {
		bp[s] = g.breakpointFrom(s, srcs)
	}
}
