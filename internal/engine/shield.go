package engine

// Shields: one particular card's ability may no longer affect a card (or a
// group of minions) until an expiry. Tooth and Claw... and Guns shields its
// minion from the ability it stopped for the rest of the turn; Hideout shields
// a player's minions at its base from the action it stopped. A shield is an
// Effect of kind EffShield with Src = the card whose ability is stopped and
// either Card = the shielded card, or Card = None, Base = the slot and
// Amount = the player whose minions there are shielded.

// EffShield is the effect kind of a shield (kept apart from the kinds in state.go).
const EffShield uint8 = 32

// Shield makes card c unaffected by the abilities of card src until expiry
// (ExpireEndOfTurn: the end of the current turn). The ability resolving
// cancels src's ability on c: it emits EvCancel (Card = src, Other = c).
func (g *Game) Shield(c, src CardID, expires uint8) {
	if src < 0 {
		return
	}
	g.AddEffect(Effect{Kind: EffShield, Expires: expires, Player: g.Current, Base: None, Card: c, Src: src})
	g.emit(Event{Kind: EvCancel, Player: g.Cards[src].Ctrl, Card: src, Base: g.BaseOf(c), Other: int16(c), Num: None})
}

// ShieldMinionsAt protects the minions p controls at slot from card src's
// abilities until the end of the turn. The ability resolving cancels src's
// ability on them: it emits EvCancel (Card = src, Base = slot, Num = p).
func (g *Game) ShieldMinionsAt(p Seat, slot BaseID, src CardID) {
	if src < 0 {
		return
	}
	g.AddEffect(Effect{Kind: EffShield, Expires: ExpireEndOfTurn, Player: g.Current, Base: slot, Card: None, Amount: int16(p), Src: src})
	g.emit(Event{Kind: EvCancel, Player: g.Cards[src].Ctrl, Card: src, Base: slot, Other: None, Num: int16(p)})
}

// shielded reports whether a shield stops attempt a on target.
func (g *Game) shielded(target CardID, a Affect) bool {
	if a.Src < 0 {
		return false
	}
	c := &g.Cards[target]
	for i := 0; i < int(g.NEff); i++ {
		e := &g.Effects[i]
		if e.Kind != EffShield || e.Src != a.Src {
			continue
		}
		if e.Card >= 0 {
			if e.Card == target {
				return true
			}
		} else if c.Zone == ZInPlay && e.Base == c.Base && Seat(e.Amount) == c.Ctrl {
			return true
		}
	}
	return false
}
