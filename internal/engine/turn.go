package engine

// The turn: its phases in order (start, play, score, draw, end), the end of
// the game, the hand limit and victory points.

// Built-in procedures, registered like card abilities so that frames name them by id.
var (
	fnTurn, fnPlayPhase, fnPlayCard, fnDrain, fnWindow, fnScorePhase, fnScoreBase,
	fnHandLimit, fnExtraPlay, fnResolveTrig int16
)

func init() {
	fnTurn = regFn(turnProc)
	fnPlayPhase = regFn(playPhaseProc)
	fnPlayCard = regFn(playCardProc)
	fnDrain = regFn(drainProc)
	fnWindow = regFn(windowProc)
	fnScorePhase = regFn(scorePhaseProc)
	fnScoreBase = regFn(scoreBaseProc)
	fnHandLimit = regFn(handLimitProc)
	fnExtraPlay = regFn(extraPlayProc)
	fnResolveTrig = regFn(resolveTrigProc)
}

// resetTurn resets the per-turn counters of player p.
func (g *Game) resetTurn(p int) {
	pl := &g.Players[p]
	// what every player has played "this turn" starts again from zero
	// (cards played on another player's turn count for that turn only)
	for q := range g.Players {
		g.Players[q].MinionsPlayed, g.Players[q].ActionsPlayed, g.Players[q].MinionsBeforePlay = 0, 0, 0
	}
	pl.MinionQuota, pl.ActionQuota = 1, 1
	pl.NExtra = 0
	for q := range g.Players {
		g.Players[q].StdPlayed = 0 // "each turn": counts restart every turn, for every player
	}
	pl.Extras = [MaxExtras]Extra{}
	for i := 0; i < int(g.NCards); i++ {
		g.Cards[i].Flags &^= FTalentUsed | FPlayedTurn | FUsedSpecial
	}
	for s := 0; s < int(g.NBases); s++ {
		g.Bases[s].Flags &^= BShinobiUsed
	}
}

// turnProc: V0 = 1 when the turn started directly at a later phase (scenario setups).
func turnProc(g *Game, f *Frame) {
	p := int(f.Player)
	switch f.Step {
	case 0: // Start Turn
		g.Phase = PhaseStart
		g.Current = int8(p)
		if g.pauseAt(f, PhaseStart, p) {
			return
		}
		g.Current = int8(p)
		g.Phase = PhaseStart
		g.resetTurn(p)
		if g.Players[p].NoActions > 0 {
			g.Players[p].NoActions--
			if g.Players[p].NoActions == 0 {
				g.Players[p].ActionQuota = 0
				g.Players[p].Flags |= pfNoActions
			}
		}
		g.expire(ExpireStartOfTurn, p)
		g.emit(Event{Kind: EvTurnStart, Player: int8(p), Card: None, Base: None})
		g.push(fnDrain, p, None, None, None)
		f.Next()
	case 1: // Play Cards
		g.Phase = PhasePlay
		if g.pauseAt(f, PhasePlay, p) {
			return
		}
		g.Phase = PhasePlay
		g.notePlayPhaseStart(p)
		g.push(fnPlayPhase, p, None, None, None)
		f.Next()
	case 2: // Score Bases
		g.Phase = PhaseScore
		if g.pauseAt(f, PhaseScore, p) {
			return
		}
		g.Phase = PhaseScore
		g.push(fnScorePhase, p, None, None, None)
		f.Next()
	case 3: // Draw 2
		g.Phase = PhaseDraw
		if g.pauseAt(f, PhaseDraw, p) {
			return
		}
		g.Phase = PhaseDraw
		var drawn [2]int
		g.drawInto(p, 2, drawn[:0])
		g.push(fnHandLimit, p, None, None, None)
		f.Next()
	case 4: // End Turn: things that happen, then things that expire
		g.Phase = PhaseEnd
		if g.pauseAt(f, PhaseEnd, p) {
			return
		}
		g.Phase = PhaseEnd
		g.emit(Event{Kind: EvTurnEnd, Player: int8(p), Card: None, Base: None})
		g.push(fnDrain, p, None, None, None)
		f.Next()
	case 5:
		g.expire(ExpireEndOfTurn, p)
		g.endSuspensions()
		g.Players[p].Flags &^= pfNoActions
		g.Players[p].NExtra = 0
		g.Players[p].Extras = [MaxExtras]Extra{}
		if g.checkGameOver() {
			return
		}
		f.Player = int8((p + 1) % int(g.NPlayers))
		g.Turn++
		f.Goto(0)
	}
}

const pfNoActions uint8 = 1

func (g *Game) checkGameOver() bool {
	best, n := -1, 0
	var who uint8
	for p := 0; p < int(g.NPlayers); p++ {
		v := int(g.Players[p].VP)
		if v > best {
			best, n, who = v, 1, 1<<p
		} else if v == best {
			n++
			who |= 1 << p
		}
	}
	if best < WinVP || n > 1 {
		return false
	}
	g.Over = true
	g.Winners = who
	for p := 0; p < int(g.NPlayers); p++ {
		if who&(1<<p) != 0 {
			g.Winner = int8(p)
		}
	}
	g.Pending.Active = false
	g.emit(Event{Kind: EvGameOver, Player: g.Winner, Card: None, Base: None})
	return true
}

func handLimitProc(g *Game, f *Frame) {
	p := int(f.Player)
	switch f.Step {
	case 0:
		if g.Count(ZHand, p) <= HandLimit {
			return
		}
		g.AskCards(f, p, "Discard down to ten cards: choose a card to discard", g.Hand(p), false)
	case 1:
		if c := f.Chosen(); c != None {
			g.DiscardCard(c)
		}
		f.Goto(0)
	}
}

// GainVP gives p n victory points.
func (g *Game) GainVP(p, n int) {
	if n <= 0 {
		return
	}
	g.Players[p].VP += int16(n)
	g.emit(Event{Kind: EvVP, Player: int8(p), Num: int16(n), Card: None, Base: None})
	g.noteVPGain(p) // reactions.go: Specials answering a VP gain
}
