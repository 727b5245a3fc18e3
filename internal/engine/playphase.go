package engine

// Minions played during the Play Cards phase, as opposed to earlier in the
// turn (start-of-turn abilities): Ninja Acolyte asks about these only.

// notePlayPhaseStart records how many minions p had played when their Play
// Cards phase began.
func (g *Game) notePlayPhaseStart(p int) {
	g.Players[p].MinionsBeforePlay = g.Players[p].MinionsPlayed
}

// MinionsPlayedInPlayPhase returns how many minions p has played since their
// Play Cards phase of this turn began.
func (g *Game) MinionsPlayedInPlayPhase(p int) int {
	return int(g.Players[p].MinionsPlayed - g.Players[p].MinionsBeforePlay)
}
