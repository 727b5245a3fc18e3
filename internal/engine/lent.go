package engine

// Lent bases: a base in play may also have the abilities of a base card that is
// not in play (Signs in the Stars: the top card of the base deck). Such a card
// is "lent": it keeps its zone but carries FLent and Card.Base = the slot of
// the base that has its abilities, so its hooks (PowerMod, BreakMod, CanPlay,
// Protect, Triggers, Talent...) apply there exactly as if it were that base;
// SlotOfBase returns that slot. Which card is lent is refreshed before every
// step of work, so a change of the top base card takes effect at once and the
// old card's ability stops (effects it already made stay).

// live reports whether card i's abilities are active: it is in play, is a base
// in play, or is a lent base card.
func (g *Game) live(i CardID) bool {
	z := g.Cards[i].Zone
	return (z == ZInPlay && g.Cards[i].Flags&FSuspended == 0) || z == ZBaseInPlay || g.lent(i)
}

func (g *Game) lent(i CardID) bool {
	return g.Cards[i].Flags&FLent != 0 && g.Cards[i].Zone == ZBaseDeck
}

func (g *Game) refreshLent() {
	// only the card recorded in g.Lent can carry FLent
	if i := CardID(g.Lent) - 1; i >= 0 {
		if g.Cards[i].Flags&FLent != 0 {
			g.Cards[i].Flags &^= FLent
			if g.Cards[i].Zone == ZBaseDeck {
				g.Cards[i].Base = None
			}
			g.syncTable(i)
		}
		g.Lent = 0
	}
	if g.Hooked&hLends == 0 {
		return // no card of this game lends (static.go)
	}
	for i := range g.tableWith(hLends).each {
		c := &g.Cards[i]
		d := defs[c.Def]
		if c.Zone != ZInPlay || !d.LendsTopBase(g, i) {
			continue
		}
		if top := g.topBase(); top != None {
			g.Cards[top].Flags |= FLent
			g.Cards[top].Base = c.Base
			g.Lent = int16(top + 1)
			g.syncTable(top)
		}
		return
	}
}

// TopBase returns the top card of the base deck, or None.
func (g *Game) TopBase() CardID { return g.topBase() }

// BaseToBottom puts base card b (in the base deck) on the bottom of the base deck.
func (g *Game) BaseToBottom(b CardID) {
	g.Cards[b].Pos = g.nextPos()
	g.refreshLent()
}
