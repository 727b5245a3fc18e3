package engine

// Where a card may be played: the bases a minion may go to (restrictions of
// the cards in play) and whether an action has a base or minion to be
// played on.

// minionAllowed reports whether minion c may be played by p onto slot (base and card restrictions).
func (g *Game) minionAllowed(p Seat, c CardID, slot BaseID) bool {
	if g.Bases[slot].Card == None || g.nameForbidden(p, c) {
		return false
	}
	for i := range g.heeded(hCanPlay, p) {
		if !defs[g.Cards[i].Def].CanPlay(g, i, p, c, slot) {
			return false
		}
	}
	return true
}

// MinionAllowed is minionAllowed for card code.
func (g *Game) MinionAllowed(p Seat, c CardID, slot BaseID) bool { return g.minionAllowed(p, c, slot) }

func (g *Game) actionHasTarget(p Seat, c CardID) bool {
	d := g.def(c)
	if g.nameForbidden(p, c) {
		return false
	}
	switch d.Target {
	case OnBase:
		for s := range g.NBases {
			if g.actionOnBaseOK(p, c, s) {
				return true
			}
		}
		return false
	case OnMinion, OnOwnMinion:
		for m := range g.onTable {
			if g.Cards[m].Zone == ZInPlay && g.actionOnMinionOK(p, c, m) {
				return true
			}
		}
		return false
	}
	return d.PlayOK == nil || d.PlayOK(g, p, c, None)
}

// actionOnBaseOK reports whether p may play action c, which is played on a
// base, on the base at s.
func (g *Game) actionOnBaseOK(p Seat, c CardID, s BaseID) bool {
	if g.Bases[s].Card == None {
		return false
	}
	for i := range g.tableWith(hCanPlay).each {
		if sd := defs[g.Cards[i].Def]; sd.CanPlay != nil && g.live(i) && !sd.CanPlay(g, i, p, c, s) {
			return false
		}
	}
	d := g.def(c)
	return d.PlayOK == nil || d.PlayOK(g, p, c, None)
}

// actionOnMinionOK reports whether p may play action c, which is played on
// a minion, on minion m.
func (g *Game) actionOnMinionOK(p Seat, c, m CardID) bool {
	d := g.def(c)
	if !g.InPlay(m) || !g.IsMinion(m) || d.Target == OnOwnMinion && g.Ctrl(m) != p {
		return false
	}
	return d.PlayOK == nil || d.PlayOK(g, p, c, m)
}
