package engine

// Talents used a second time. A Talent is used once per turn (FTalentUsed);
// a card in play with a TalentAgain hook (Great Wolf Spirit) may let another
// card use its Talent once more that turn. The second use is remembered as a
// flag effect on the card until the end of the turn.

var flagTalentAgain = FlagID("talent used a second time")

// talentReady reports whether card c (in play) may use its Talent now.
func (g *Game) talentReady(c int) bool {
	cd := &g.Cards[c]
	d := defs[cd.Def]
	if d.Talent == nil || (d.TalentOK != nil && !d.TalentOK(g, c)) {
		return false
	}
	if cd.Flags&FTalentUsed == 0 {
		return true
	}
	return !g.HasEffect(flagTalentAgain, c, None) && g.talentAgainAllowed(c)
}

func (g *Game) talentAgainAllowed(c int) bool {
	for i := 0; i < int(g.NCards); i++ {
		s := &g.Cards[i]
		if s.Zone != ZInPlay {
			continue
		}
		if d := defs[s.Def]; d.TalentAgain != nil && d.TalentAgain(g, i, c) {
			return true
		}
	}
	return false
}

// noteTalentUse records that card c uses its Talent.
func (g *Game) noteTalentUse(c int) {
	if g.Cards[c].Flags&FTalentUsed != 0 {
		g.SetFlag(flagTalentAgain, int(g.Current), c, ExpireEndOfTurn)
	}
	g.Cards[c].Flags |= FTalentUsed
}
