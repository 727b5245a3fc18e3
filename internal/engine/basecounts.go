package engine

// Counting questions that do not need the cards themselves (no allocation).

// MinionCountAt returns how many minions at slot s p controls (None: anyone);
// it is len(g.MinionsAt(s, p)) without building the list.
func (g *Game) MinionCountAt(s BaseID, p Seat) int {
	n := 0
	for i := range g.inZone(ZInPlay).each {
		c := &g.Cards[i]
		if c.Base == s && g.IsMinion(i) && (p == None || c.Ctrl == p) {
			n++
		}
	}
	return n
}

// CountAt returns how many cards in play at slot s satisfy pred; it is
// len(where(g.OnBase(s), pred)) without building the lists.
func (g *Game) CountAt(s BaseID, pred func(c CardID) bool) int {
	n := 0
	for i := range g.inZone(ZInPlay).each {
		if g.Cards[i].Base == s && pred(i) {
			n++
		}
	}
	return n
}
