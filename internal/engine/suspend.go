package engine

// Suspended actions. When an "instead" effect (Hideout, Tooth and Claw...
// and Guns) stops another player's action from affecting the minion it is
// played on, the action still goes into play there, but its abilities do
// nothing for the rest of the turn (compendium, Hideout: the cancellation
// of an Ongoing ability lasts until the end of the turn). A suspended card
// carries FSuspended: it is in play (OnBase, Attached, NamedAt see it) but
// not live (lent.go), so it is out of the table index and none of its
// abilities is consulted. The flag goes when the card leaves play (put) or
// when the turn ends.

// suspend makes card c, in play, do nothing until the end of the turn.
func (g *Game) suspend(c CardID) {
	g.Cards[c].Flags |= FSuspended
	g.syncTable(c)
}

// Suspended reports whether card c is in play with its abilities suspended.
func (g *Game) Suspended(c CardID) bool {
	return g.Cards[c].Zone == ZInPlay && g.Cards[c].Flags&FSuspended != 0
}

// endSuspensions gives every suspended card its abilities back (end of turn).
func (g *Game) endSuspensions() {
	for i := range g.inZone(ZInPlay).each {
		if g.Cards[i].Flags&FSuspended != 0 {
			g.Cards[i].Flags &^= FSuspended
			g.syncTable(i)
		}
	}
}
