package engine

// Named flags for EffFlag effects ("this turn, a Tenacious Z ability was used").
// A flag id is an interned text id, so ids never collide between cards and are
// the same in every run (cards take theirs at package initialization).

// NamedFlag returns the id of the named flag.
func NamedFlag(name string) FlagID { return FlagID(Text("flag:" + name)) }

// SetFlag records flag for player p (and card c, or None) until expiry
// (ExpireEndOfTurn: the end of p's turn when p is the current player).
func (g *Game) SetFlag(flag FlagID, p Seat, c CardID, expires uint8) {
	g.AddEffect(Effect{Kind: EffFlag, Expires: expires, Player: p, Base: None, Card: c, Amount: int16(flag), Src: None})
}

// SetFlagOn puts flag on card c for source card src until the end of the
// turn (FlagFrom reads it, DropFlags removes it).
func (g *Game) SetFlagOn(flag FlagID, c, src CardID) {
	g.AddEffect(Effect{Kind: EffFlag, Expires: ExpireEndOfTurn, Player: g.Current, Base: None, Card: c, Amount: int16(flag), Src: src})
}

// ClearFlag removes flag from player p and card c (None: any player / any card).
func (g *Game) ClearFlag(flag FlagID, p Seat, c CardID) {
	n := 0
	for i := 0; i < int(g.NEff); i++ {
		e := g.Effects[i]
		if e.Kind == EffFlag && e.Flag() == flag && (p == None || e.Player == p) && (c == None || e.Card == c) {
			continue
		}
		g.Effects[n] = e
		n++
	}
	g.NEff = int8(n)
}

// FlagFrom reports whether card c carries flag, set on it by card src.
func (g *Game) FlagFrom(flag FlagID, c, src CardID) bool { return g.carries(EffFlag, flag, c, src) }

// carries reports whether card c carries an effect of kind k (a flag or a
// mark) for flag, made by source card src.
func (g *Game) carries(k uint8, flag FlagID, c, src CardID) bool {
	for i := 0; i < int(g.NEff); i++ {
		e := &g.Effects[i]
		if e.Kind == k && e.Flag() == flag && e.Card == c && e.Src == src {
			return true
		}
	}
	return false
}

// DropFlags removes flag from card c, whoever set it.
func (g *Game) DropFlags(flag FlagID, c CardID) {
	g.dropEffects(func(e *Effect) bool { return e.Kind == EffFlag && e.Flag() == flag && e.Card == c })
}
