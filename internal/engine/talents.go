package engine

// Talents: a card in play may use its Talent once during each of its
// controller's turns (Play Cards phase). A card or base whose Def.TalentAgain
// accepts a card lets it use its Talent a second time, once per turn per
// granting card (Standing Stones), or, when the granter's TalentAgainAll is
// set, once per turn for every card it accepts (Great Wolf Spirit); the second
// use must still pass TalentOK. No card uses its Talent more than twice a turn.

var flagTalentTwice = NamedFlag("talent used a second time")

// talentReady reports whether card c (in play, controlled by p) may use its Talent now.
func (g *Game) talentReady(p Seat, c CardID) bool {
	cd := &g.Cards[c]
	d := defs[cd.Def]
	if d.Talent == nil || cd.Ctrl != p || cd.Zone != ZInPlay {
		return false
	}
	if cd.Flags&FTalentUsed != 0 && (g.HasEffect(flagTalentTwice, c, None) || g.talentGranter(c) == None) {
		return false // used, and no second use (checked first: cheaper than TalentOK)
	}
	return d.TalentOK == nil || d.TalentOK(g, c)
}

// talentGranter finds a card in play that lets c use its Talent again this turn, or None.
func (g *Game) talentGranter(c CardID) CardID {
	for i := range g.tableWith(hTalentAgain).each {
		s := &g.Cards[i]
		if s.Zone != ZInPlay && s.Zone != ZBaseInPlay {
			continue
		}
		d := defs[s.Def]
		if d.TalentAgain == nil || s.Flags&FUsedSpecial != 0 {
			continue
		}
		// the second use is optional: a player who only may ignore the
		// base (Infiltrate) may still take it (BaseMustIgnore)
		if d.Type == BaseCard && g.BaseMustIgnore(s.Base, g.Cards[c].Ctrl) {
			continue
		}
		if d.TalentAgain(g, i, c) {
			return i
		}
	}
	return None
}

// useTalent records that c uses its Talent (the first use, or a granted second one).
func (g *Game) useTalent(c CardID) {
	if g.Cards[c].Flags&FTalentUsed == 0 {
		g.markTurn(c, FTalentUsed)
		return
	}
	if gr := g.talentGranter(c); gr != None && !defs[g.Cards[gr].Def].TalentAgainAll {
		g.markTurn(gr, FUsedSpecial)
	}
	g.SetFlag(flagTalentTwice, g.Current, c, ExpireEndOfTurn)
}
