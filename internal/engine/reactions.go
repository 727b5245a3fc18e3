package engine

import "math/bits"

// Reactions: Specials that answer something another player just did, from
// the hand, before it has its effect.
//
//   - WinPlayed: a card has been played (it is on its base, or set aside for a
//     standard action) but its ability has not resolved yet. Force of Wil and
//     Wil Wheaton cancel an action played this way (CancelPlay); Control Minion
//     takes a minion as it is played. Every player who has such a Special is
//     asked in turn order (auto-passing those who have none), until all pass
//     in a row; then the played card's ability resolves, unless it was
//     cancelled. When control of the played card changed meanwhile, its new
//     controller carries the ability out.
//   - WinGainVP: a player has just gained VP (Cosplay).
//
//   - WinAnswer: something happened that a Special from the hand answers
//     (Mboro Hornet: a player played or discarded a card they do not own).
//     Whether the window opens depends on the event alone (Special.On and
//     Special.Answers), never on who holds such a card: it waits, like a
//     triggered ability of a card in a hand, until the card being resolved
//     and the abilities of cards in play it set off have resolved, then the
//     players are asked in turn from the current player, as in every window.
//
// Special.OK and card code read what the window is about with g.Reaction().

// Windows opened by this file (kept clear of the ones listed in def.go).
const (
	WinPlayed Window = 16 // a card was played; its ability has not resolved yet
	WinAnswer Window = 17 // something happened that a Special answers (Special.On, Special.Answers)
)

// FCancelled marks a card being played whose ability was cancelled; the
// reaction window that resolves its ability clears it.
const FCancelled uint8 = 1 << 7

var fnReact, fnAnswer int16

func init() {
	fnReact = regProc(reactProc, causeNone)
	fnAnswer = regProc(answerProc, causeNone)
}

// queueAnswer queues a WinAnswer window after event ev when a Special of
// some card of the game answers it (hooks.go: answerKinds lists the kinds).
// It waits among the triggered abilities (Trig: Src is the event's card,
// which is public), after those of cards in play (drainProc).
func (g *Game) queueAnswer(ev Event) {
	if ev.Card < 0 || ev.Card >= g.NCards || int(g.NTrig) >= MaxTrig {
		return
	}
	for i := range g.HookCards[bits.TrailingZeros16(hSpecials)].each {
		d := defs[g.Cards[i].Def]
		for k := range d.Specials {
			if sp := &d.Specials[k]; sp.Window == WinAnswer && sp.answers(g, ev) {
				g.Trigs[g.NTrig] = Trig{Fn: fnAnswer, Src: ev.Card, Player: ev.Player, Base: ev.Base, Ev: ev}
				g.NTrig++
				return
			}
		}
	}
}

// answers reports whether Special sp (of window WinAnswer) answers ev.
func (sp *Special) answers(g *Game, ev Event) bool {
	for _, k := range sp.On {
		if k == ev.Kind {
			return sp.Answers == nil || sp.Answers(g, ev)
		}
	}
	return false
}

// answerProc opens the WinAnswer window queued by queueAnswer: Ev = the
// event answered, Src = its card.
func answerProc(g *Game, f *Frame) {
	rf := g.push(fnReact, f.Ev.Player, f.Src, None, None)
	rf.Set(theWindow, int(WinAnswer))
	rf.SetSeat(concerned, f.Ev.Player)
	rf.Set(playedAbility, -1)
	rf.Ev = f.Ev
}

// answering returns the event the innermost WinAnswer window answers.
func (g *Game) answering() (Event, bool) {
	for i := int(g.NFrames) - 1; i >= 0; i-- {
		if fr := &g.Frames[i]; fr.Fn == fnReact && fr.Step < resolveAbility && Window(fr.Get(theWindow)) == WinAnswer {
			return fr.Ev, true
		}
	}
	return Event{}, false
}

// resolvePlayed resolves the ability fn (None: no ability) of card c just
// played by p onto slot (on minion on), after a WinPlayed window when some
// player holds a Special for it.
func (g *Game) resolvePlayed(fn int16, p Seat, c CardID, slot BaseID, on CardID) {
	if !g.windowOpens(WinPlayed) {
		g.resolvePlain(fn, p, c, slot, on)
		return
	}
	rf := g.push(fnReact, p, c, slot, on)
	rf.Set(theWindow, int(WinPlayed))
	rf.SetSeat(concerned, p)
	rf.Set(playedAbility, int(fn))
}

func (g *Game) resolvePlain(fn int16, p Seat, c CardID, slot BaseID, on CardID) {
	if fn >= 0 {
		g.resolve(fn, p, c, slot, on)
	} else {
		g.push(fnDrain, p, None, None, None)
	}
}

// noteVPGain opens a WinGainVP window for player p when someone holds a Special for it.
func (g *Game) noteVPGain(p Seat) {
	if !g.windowOpens(WinGainVP) || g.NFrames == 0 {
		return
	}
	rf := g.push(fnReact, p, None, None, None)
	rf.Set(theWindow, int(WinGainVP))
	rf.SetSeat(concerned, p)
	rf.Set(playedAbility, -1)
}

// reactProc runs a reaction window: Src = the played card, Base = its base,
// Target = the minion it was played on. It asks the players as windowProc
// does, with the same steps and slots, then resolves the played card's
// ability.
func reactProc(g *Game, f *Frame) {
	w := Window(f.Get(theWindow))
	switch f.Step {
	case askNext, takeAnswer:
		prompt := Prompt("A card was played: respond with a Special, or pass")
		switch w {
		case WinGainVP:
			prompt = "VP were gained: respond with a Special, or pass"
		case WinAnswer:
			prompt = "Respond to what just happened with a Special, or pass"
		}
		if g.windowRound(f, w, None, prompt) {
			f.Goto(resolveAbility)
		}
	case resolveAbility:
		if w != WinPlayed {
			return
		}
		c := f.Src
		p := f.SeatIn(concerned)
		if g.Cards[c].Flags&FCancelled != 0 {
			g.Cards[c].Flags &^= FCancelled
			g.push(fnDrain, p, None, None, None)
			return
		}
		if g.InPlay(c) {
			p = g.Ctrl(c) // "you" is whoever controls it now
		}
		g.resolvePlain(int16(f.Get(playedAbility)), p, c, f.Base, f.Target)
	}
}

// reactProc's step after windowProc's.
const resolveAbility Step = takeAnswer + 1 // the played card's ability resolves, unless cancelled

// reactProc's slots besides windowProc's.
const (
	concerned     SeatSlot = 3 // the player concerned (who played, who gained VP)
	playedAbility NumSlot  = 4 // the played card's ability (-1: none)
)

// Reaction returns the reaction window in progress (the innermost one): the
// window, the card it is about (None for WinGainVP) and the player concerned
// (who played the card, who gained VP). w is WinNone when there is none.
func (g *Game) Reaction() (w Window, card CardID, player Seat) {
	for i := int(g.NFrames) - 1; i >= 0; i-- {
		fr := &g.Frames[i]
		if fr.Fn == fnReact && fr.Step < resolveAbility {
			return Window(fr.Get(theWindow)), fr.Src, fr.SeatIn(concerned)
		}
	}
	return WinNone, None, None
}

// Cancelled reports whether the ability of card c, being played, was cancelled.
func (g *Game) Cancelled(c CardID) bool { return c >= 0 && g.Cards[c].Flags&FCancelled != 0 }

// CancelPlay cancels card c as it is being played (f's ability does it): the
// card goes to its owner's discard pile and its ability does not resolve
// (EvCancel: Cause = f's card). It reports false when c is protected from it.
func (g *Game) CancelPlay(f *Frame, c CardID) bool {
	if c < 0 || g.Cancelled(c) || !g.affect(f, c, AffCancel) {
		return false
	}
	ctrl, slot := g.Cards[c].Ctrl, g.Cards[c].Base
	if g.InPlay(c) {
		g.leavePlay(c)
	}
	had := g.relocate(c, ZDiscard, g.Cards[c].Owner)
	g.Cards[c].Flags |= FCancelled
	g.emit(Event{Kind: EvCancel, Player: ctrl, Card: c, Base: slot, Other: None, Num: None})
	g.controlEnds(c, had)
	return true
}
