package engine

// The turn: its phases in order (start, play, score, draw, end), the end of
// the game, the hand limit and victory points.

// Built-in procedures, registered like card abilities so that frames name them by id.
var (
	fnTurn, fnPlayPhase, fnPlayCard, fnDrain, fnWindow, fnScorePhase, fnScoreBase,
	fnHandLimit, fnExtraPlay int16
)

func init() {
	fnTurn = regProc(turnProc, causeNone)
	fnPlayPhase = regProc(playPhaseProc, causeNone)
	fnPlayCard = regProc(playCardProc, causeInherit) // an ability's extra play names it; a player's own play nothing
	fnDrain = regProc(drainProc, causeNone)
	fnWindow = regProc(windowProc, causeNone)
	fnScorePhase = regProc(scorePhaseProc, causeNone)
	fnScoreBase = regProc(scoreBaseProc, causeNone)
	fnHandLimit = regProc(handLimitProc, causeNone)
	fnExtraPlay = regFn(extraPlayProc) // Src: the card offering the play
}

// resetTurn resets the per-turn counters of player p.
// turnFlags are the card flags that last until the start of the next turn.
const turnFlags = FTalentUsed | FPlayedTurn | FUsedSpecial

// markTurn sets flag f (of turnFlags) of card c, noting c in TurnFlagged.
func (g *Game) markTurn(c CardID, f uint8) {
	g.Cards[c].Flags |= f
	g.TurnFlagged[c>>6] |= 1 << (c & 63)
}

// checkTurnFlagged reports whether every card carrying one of turnFlags is
// in TurnFlagged (Validate).
func (g *Game) checkTurnFlagged() bool {
	for i := range g.NCards {
		if g.Cards[i].Flags&turnFlags != 0 && !g.TurnFlagged.has(i) {
			return false
		}
	}
	return true
}

func (g *Game) resetTurn(p Seat) {
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
	for i := range g.TurnFlagged.each { // (no other card has any: markTurn)
		g.Cards[i].Flags &^= turnFlags
	}
	g.TurnFlagged = cardSet{}
	for s := range g.NBases {
		g.Bases[s].Flags &^= BShinobiUsed | BMinionPlayed
	}
}

// The steps of a turn: its five phases, then the passing of the turn.
const (
	stepStartTurn Step = iota
	stepPlayCards
	stepScoreBases
	stepDraw
	stepEndTurn
	stepPassTurn
	stepTurnPassed // after what the expiries set off
)

// phaseSteps gives the step of the turn each phase begins with.
var phaseSteps = map[Phase]Step{PhaseStart: stepStartTurn, PhasePlay: stepPlayCards, PhaseScore: stepScoreBases, PhaseDraw: stepDraw, PhaseEnd: stepEndTurn}

// enterPhase makes ph the phase of p's turn, unless the game pauses as it
// begins (a tool stepping through the game: pauseAt); it reports whether
// the phase goes on now.
func (g *Game) enterPhase(f *Frame, ph Phase, p Seat) bool {
	if g.Phase != ph {
		g.Phase = ph
		g.emit(Event{Kind: EvPhase, Player: p, Num: int16(ph), Card: None, Other: None, Base: None, Cause: None})
	}
	if g.pauseAt(f, ph, p) {
		return false
	}
	g.Phase = ph
	return true
}

// turnProc plays player f.Player's turn, then passes it on.
func turnProc(g *Game, f *Frame) {
	p := f.Player
	switch f.Step {
	case stepStartTurn:
		g.Current = p
		if !g.enterPhase(f, PhaseStart, p) {
			return
		}
		g.Current = p
		g.resetTurn(p)
		if g.Players[p].NoActions > 0 {
			g.Players[p].NoActions--
			if g.Players[p].NoActions == 0 {
				g.Players[p].ActionQuota = 0
				g.Players[p].Flags |= pfNoActions
			}
		}
		g.expireTurn(f, ExpireStartOfTurn, p)
		g.emit(Event{Kind: EvTurnStart, Player: p, Card: None, Base: None})
		g.drainAfter(p)
		f.Next()
	case stepPlayCards:
		if !g.enterPhase(f, PhasePlay, p) {
			return
		}
		g.notePlayPhaseStart(p)
		g.push(fnPlayPhase, p, None, None, None)
		f.Next()
	case stepScoreBases:
		if !g.enterPhase(f, PhaseScore, p) {
			return
		}
		g.push(fnScorePhase, p, None, None, None)
		f.Next()
	case stepDraw: // two cards
		if !g.enterPhase(f, PhaseDraw, p) {
			return
		}
		var drawn [2]CardID
		g.drawInto(p, 2, drawn[:0])
		g.push(fnHandLimit, p, None, None, None)
		f.Next()
	case stepEndTurn: // things that happen, then things that expire
		if !g.enterPhase(f, PhaseEnd, p) {
			return
		}
		g.emit(Event{Kind: EvTurnEnd, Player: p, Card: None, Base: None})
		g.drainAfter(p)
		f.Next()
	case stepPassTurn:
		g.expireTurn(f, ExpireEndOfTurn, p)
		// what the expiry set off (a control that ends sheds actions: their
		// triggers) resolves before the turn passes
		if g.NTrig > 0 {
			g.push(fnDrain, p, None, None, None)
		}
		f.Next()
	case stepTurnPassed:
		g.endSuspensions()
		g.Players[p].Flags &^= pfNoActions
		g.Players[p].NExtra = 0
		g.Players[p].Extras = [MaxExtras]Extra{}
		if g.checkGameOver() {
			return
		}
		f.Player = g.SeatAfter(p, 1)
		g.Turn++
		f.Goto(stepStartTurn)
	}
}

const pfNoActions uint8 = 1

func (g *Game) checkGameOver() bool {
	best, n := -1, 0
	var who uint8
	for p := range g.NPlayers {
		v := int(g.Players[p].VP)
		if v > best {
			best, n, who = v, 1, 1<<p
		} else if v == best {
			n++
			who |= 1 << p
		}
	}
	if best < g.GoalVP() || n > 1 {
		return false
	}
	g.Over = true
	g.Winners = who
	for p := range g.NPlayers {
		if who&(1<<p) != 0 {
			g.Winner = p
		}
	}
	g.Pending.Active, g.Pending.NoChoice = false, false
	g.emit(Event{Kind: EvGameOver, Player: g.Winner, Card: None, Base: None})
	return true
}

// handLimitProc has Player discard down to the hand limit.
func handLimitProc(g *Game, f *Frame) {
	p := f.Player
	switch f.Step {
	case chooseDiscard:
		if g.Count(ZHand, p) <= HandLimit {
			return
		}
		var arr [64]CardID
		hand := g.collectInto(ZHand, p, arr[:0])
		g.AskCards(f, p, "Discard down to ten cards: choose a card to discard", hand, false)
	case discardIt:
		if c := f.Chosen(); c != None {
			g.DiscardCard(c)
		}
		f.Goto(chooseDiscard)
	}
}

// handLimitProc's steps.
const (
	chooseDiscard Step = iota // choose a card to discard, while over the limit
	discardIt
)

// GainVP gives p n victory points.
func (g *Game) GainVP(p Seat, n int) {
	if n <= 0 {
		return
	}
	g.Players[p].VP += int16(n)
	g.emit(Event{Kind: EvVP, Player: p, Num: int16(n), Card: None, Base: None})
	g.noteVPGain(p) // reactions.go: Specials answering a VP gain
}
