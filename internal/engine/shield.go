package engine

// Shields: "that card's ability does not affect your minions here" for the
// rest of a turn (Hideout). A shield is an Effect of kind EffShield: the
// minions player Amount controls at Base are protected from every attempt
// whose source is card Src, until the end of the turn (of Player).

// EffShield is the effect kind of a shield (kept apart from the kinds in state.go).
const EffShield uint8 = 64

// Shield protects the minions p controls at slot from card src's abilities until the end of the turn.
func (g *Game) Shield(p, slot, src int) {
	g.AddEffect(Effect{Kind: EffShield, Expires: ExpireEndOfTurn, Player: g.Current, Base: int8(slot), Card: None, Amount: int16(p), Src: int16(src)})
}

// shielded reports whether a shield protects target from attempt a.
func (g *Game) shielded(target int, a Affect) bool {
	if a.Src < 0 || !g.InPlay(target) {
		return false
	}
	c := &g.Cards[target]
	for i := 0; i < int(g.NEff); i++ {
		e := &g.Effects[i]
		if e.Kind == EffShield && e.Src == a.Src && int(e.Amount) == int(c.Ctrl) && e.Base == c.Base {
			return true
		}
	}
	return false
}
