package engine

// Loose power: power a player has at a base that is not on any minion (Armory,
// Unity of the Tribes). It counts for the player's total there, for scoring and
// for having power there (Qualifies), but no minion has it.

// anyLoosePower reports whether some player may have loose power anywhere:
// a live card with LoosePower, or an effect giving some.
func (g *Game) anyLoosePower() bool {
	for i := 0; i < int(g.NEff); i++ {
		if g.Effects[i].Kind == EffLoosePower {
			return true
		}
	}
	for range g.tableWith(hLoosePower).each {
		return true
	}
	return false
}

func (g *Game) loosePowerAt(s BaseID, p Seat) int {
	t := 0
	if g.Hooked&hLoosePower != 0 { // else no card of this game gives loose power (static.go)
		for i := range g.tableWith(hLoosePower).each {
			c := &g.Cards[i]
			if c.Zone != ZInPlay {
				continue
			}
			if d := defs[c.Def]; d.LoosePower != nil {
				t += d.LoosePower(g, i, s, p)
			}
		}
	}
	for i := 0; i < int(g.NEff); i++ {
		e := &g.Effects[i]
		if e.Kind == EffLoosePower && e.Base == s && e.Card == g.Bases[s].Card && e.Player == p {
			t += int(e.Amount)
		}
	}
	return t
}

// AddLoosePower gives player p n power at the base now in slot s (not on a
// minion) until the end of the turn (Effect.Card is that base card: the power
// does not pass to a base that replaces it).
func (g *Game) AddLoosePower(f *Frame, s BaseID, p Seat, n int) {
	g.AddEffect(Effect{Kind: EffLoosePower, Expires: ExpireEndOfTurn, Player: p, Base: s, Card: g.Bases[s].Card, Amount: int16(n), Src: f.Src})
}
