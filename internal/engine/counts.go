package engine

// Counting questions that do not need the cards themselves (no allocation).

// MinionCountAt returns how many minions at slot s p controls (None: anyone);
// it is len(g.MinionsAt(s, p)) without building the list.
func (g *Game) MinionCountAt(s, p int) int {
	n := 0
	for i := range g.onTable {
		c := &g.Cards[i]
		if c.Zone == ZInPlay && int(c.Base) == s && g.IsMinion(i) && (p == None || int(c.Ctrl) == p) {
			n++
		}
	}
	return n
}
