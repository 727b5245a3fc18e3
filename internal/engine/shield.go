package engine

// Shields: a card that one particular ability may no longer affect until an
// expiry (Tooth and Claw... and Guns stops "that ability" for the rest of the
// turn). A shield is an Effect of kind EffShield: Card is the shielded card,
// Src the card whose ability is stopped, Player the player whose turn the
// expiry refers to. Protected consults shields like ongoing protections.

// EffShield is the effect kind of a shield. Effect kinds declared next to
// their mechanism start at 32, clear of the kinds listed in state.go.
const EffShield uint8 = 32

// Shield makes card c unaffected by the abilities of card src until expiry
// (ExpireEndOfTurn: the end of the current turn).
func (g *Game) Shield(c, src int, expires uint8) {
	if src < 0 {
		return
	}
	g.AddEffect(Effect{Kind: EffShield, Expires: expires, Player: g.Current, Base: None, Card: int16(c), Src: int16(src)})
}

// shielded reports whether a shield stops attempt a on target.
func (g *Game) shielded(target int, a Affect) bool {
	if a.Src < 0 {
		return false
	}
	for i := 0; i < int(g.NEff); i++ {
		e := &g.Effects[i]
		if e.Kind == EffShield && int(e.Card) == target && e.Src == a.Src {
			return true
		}
	}
	return false
}
