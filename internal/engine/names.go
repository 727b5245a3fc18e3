package engine

// Name checks. "A card named X" is matched by HasName: the printed name, or a
// card in play whose AlsoNamed says it also bears that name (Grimms' Blessing).
// "The minion X" checks must use the printed name of a minion instead
// (g.IsMinion(c) && g.Name(c) == X): a card bearing X by AlsoNamed is not that minion.

// HasName reports whether card c bears name (case and punctuation ignored).
func (g *Game) HasName(c CardID, name string) bool {
	if normEqual(g.NormName(c), name) {
		return true
	}
	d := g.def(c)
	return d.AlsoNamed != nil && g.Cards[c].Zone == ZInPlay && d.AlsoNamed(g, c, name)
}

// NamedAt returns the cards in play at slot s that bear name.
func (g *Game) NamedAt(s BaseID, name string) []CardID {
	var out []CardID // the matching cards, in the order they were played (as OnBase)
	for c := range g.inZone(ZInPlay).each {
		if g.Cards[c].Base == s && g.HasName(c, name) {
			out = append(out, c)
		}
	}
	g.sortByPos(out)
	return out
}

// OwnsCardNamed reports whether player p owns a card of type t with that printed name (anywhere in the game).
func (g *Game) OwnsCardNamed(p Seat, t CardType, name string) bool {
	for i := range g.NCards {
		if g.Cards[i].Owner == p && g.def(i).Type == t && normEqual(defNorm[g.Cards[i].Def], name) {
			return true
		}
	}
	return false
}
