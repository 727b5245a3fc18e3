package engine

// Questions card code asks about plays in progress and about what a player
// may play: "a card being played", "cannot play actions" (Mark of Sleep).

// BeingPlayed reports whether card c is being played right now: its play,
// including the ability it resolves as it is played, is still in progress.
// Cards already in play whose ongoing abilities act are not being played.
func (g *Game) BeingPlayed(c CardID) bool {
	for i := 0; i < int(g.NFrames); i++ {
		if g.Frames[i].Fn == fnPlayCard && g.Frames[i].Src == c && g.Frames[i].Step > chooseWhere {
			return true
		}
	}
	return false
}

// ForbidActionsNextTurn makes player p unable to play actions during their
// next turn (counted from now: if it is p's turn, the following one).
func (g *Game) ForbidActionsNextTurn(p Seat) { g.Players[p].NoActions = 1 }

// ActionsForbidden reports whether p may not play actions now.
func (g *Game) ActionsForbidden(p Seat) bool { return g.Players[p].Flags&pfNoActions != 0 }

// ActionPlayable reports whether p could play action c now as an extra play
// (it has a legal target and p is allowed to play actions).
func (g *Game) ActionPlayable(p Seat, c CardID) bool {
	return g.def(c).Type == Action && !g.ActionsForbidden(p) && g.actionHasTarget(p, c)
}

// BaseToDeckTop puts base card b (from the base deck or discard) on top of the base deck.
func (g *Game) BaseToDeckTop(b CardID) {
	g.put(b, ZBaseDeck, None)
	g.Cards[b].Pos = g.topPos()
}

// FirstMinionPlayedAt reports, while the event of a minion played on slot s
// is being answered, whether no other minion was played there this turn
// (even while the base's abilities were ignored: Jammed Signal).
func (g *Game) FirstMinionPlayedAt(s BaseID) bool {
	return s >= 0 && s < g.NBases && g.Bases[s].Flags&BMinionPlayed == 0
}
