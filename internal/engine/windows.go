package engine

import "math/bits"

// Me First: priority windows, in which each player in turn may play a
// Special (or pass) before something happens.

// windowProc runs a Me First window. Base is the base it is about (or
// None).
func windowProc(g *Game, f *Frame) {
	if f.Step == askNext && g.drainFirst(f) {
		return
	}
	w := Window(f.Get(theWindow))
	g.windowRound(f, w, f.Base, windowPrompt(w))
}

// windowRound runs the steps a Me First window and a reaction window
// (reactProc) share: each player in turn from the current player is asked
// for a Special about slot, until all have passed in a row. It reports
// whether the window has closed.
func (g *Game) windowRound(f *Frame, w Window, slot BaseID, prompt Prompt) (closed bool) {
	switch f.Step {
	case askNext:
		if f.Get(passesInARow) >= int(g.NPlayers) {
			g.Unmark(flagUsedInWindow, g.windowKey(f))
			return true
		}
		p := g.SeatAfter(g.Current, f.Get(playersAsked))
		g.BeginAsk()
		g.specialOptions(p, w, slot, g.windowKey(f))
		if g.Pending.N == 0 && !g.askEveryone(w) {
			f.Add(passesInARow, 1)
			f.Add(playersAsked, 1)
			f.Goto(askNext)
			return false
		}
		f.SetSeat(askedPlayer, p)
		g.Ask(f, p, prompt, AskMay|g.askFlags(w))
	case takeAnswer:
		if o := f.Ans; o.Kind == OptUse && o.Special() >= 0 {
			g.MarkCard(flagUsedInWindow, o.Card, g.windowKey(f)) // once per window
		}
		if g.takeWindowOption(f, f.SeatIn(askedPlayer), w, slot) {
			f.Set(passesInARow, 0)
		} else {
			f.Add(passesInARow, 1)
		}
		f.Add(playersAsked, 1)
		f.Goto(askNext)
	}
	return false
}

// An ability resolves once per trigger (compendium: Using Card Abilities): a
// card in play that has used a Special in a window may not use it again in
// that window (Finist the Falcon moved to the scoring base may not then go
// back to its owner's hand). The card is marked (flagUsedInWindow, with what
// the window is about as the source) until the window closes; the mark goes
// with the card when it leaves play, so a card played again is a new card
// whose ability may be used again.
var flagUsedInWindow = NamedFlag("special used in this window")

// windowKey is what window frame f is about, as the source of its marks: the
// card played (a window after a card is played), else the card of the base
// scoring.
func (g *Game) windowKey(f *Frame) CardID {
	if f.Src != None {
		return f.Src
	}
	if f.Base >= 0 && f.Base < g.NBases {
		return g.Bases[f.Base].Card
	}
	return None
}

// windowProc's steps.
const (
	askNext    Step = iota // ask the next player, or close
	takeAnswer             // take what they played, or their pass
)

// windowProc's slots.
const (
	theWindow    NumSlot  = 0 // which window (Window)
	playersAsked NumSlot  = 1 // players asked so far
	passesInARow NumSlot  = 2 // passes in a row (it closes when all have passed)
	askedPlayer  SeatSlot = 5 // the player being asked
)

// With RuleAskAll, a Me First window asks every player in turn, as at the
// table, whether or not they hold something they could use: being asked, and
// even the window opening, then depend on no one's hand. It opens whenever
// some card of the game has a Special for it (public: the factions are).
// Without it (scenarios), a window opens only when someone could respond,
// and only those players are asked.

// windowOpens reports whether a Me First window of kind w opens now.
func (g *Game) windowOpens(w Window) bool {
	if g.Options&RuleAskAll != 0 {
		return g.SpecialWins&(1<<w) != 0
	}
	return g.anySpecialFor(w)
}

// askEveryone reports whether window w asks players with nothing to play.
func (g *Game) askEveryone(w Window) bool {
	return g.Options&RuleAskAll != 0 && g.SpecialWins&(1<<w) != 0
}

// askFlags: a player asked with nothing to play is asked all the same.
func (g *Game) askFlags(w Window) int {
	if g.askEveryone(w) {
		return AskAlways
	}
	return 0
}

// WindowPassOnly reports whether the pending decision is a Me First window
// in which its decider has nothing to do but pass (RuleAskAll). An interface
// may pass for a person who asked it to (revealing that they had nothing).
func (g *Game) WindowPassOnly() bool {
	if !g.Pending.Active || g.Pending.N != 1 || g.Pending.Opts[0].Kind != OptPass {
		return false
	}
	fi := int(g.Pending.Frame)
	return fi >= 0 && fi < int(g.NFrames) && (g.Frames[fi].Fn == fnWindow || g.Frames[fi].Fn == fnReact)
}

// InWindow reports whether the pending decision is a Me First window (or
// a reaction window, such as a card answering from the hand): a question put
// to every player in turn, whoever holds something to play.
func (g *Game) InWindow() bool {
	if !g.Pending.Active {
		return false
	}
	fi := int(g.Pending.Frame)
	return fi >= 0 && fi < int(g.NFrames) && (g.Frames[fi].Fn == fnWindow || g.Frames[fi].Fn == fnReact)
}

func windowPrompt(w Window) Prompt {
	switch w {
	case WinBeforeScore:
		return "A base is about to score: play or use a Special, or pass"
	case WinAfterScore:
		return "A base has scored: play or use a Special, or pass"
	case WinAfterPlay:
		return "A card was played: respond with a Special, or pass"
	case WinGainVP:
		return "VP were gained: respond with a Special, or pass"
	}
	return "Play or use a Special, or pass"
}

// JustPlayed returns, during a WinAfterPlay window, the card just played and
// the player who played it (the innermost such window); None, None at any
// other time. A Special "right after you play" a card asks it whose card it was.
func (g *Game) JustPlayed() (card CardID, player Seat) {
	for i := int(g.NFrames) - 1; i >= 0; i-- {
		fr := &g.Frames[i]
		if fr.Fn == fnWindow {
			if Window(fr.Get(theWindow)) != WinAfterPlay {
				break
			}
			return fr.Src, fr.Player
		}
	}
	return None, None
}

// OpenWindow schedules a Me First window.
func (g *Game) OpenWindow(w Window, slot BaseID) {
	wf := g.push(fnWindow, g.Current, None, slot, None)
	wf.Set(theWindow, int(w))
}

// The Specials of cards in play at a scoring moment (First Mate and Scout
// after a base scores, Pirate King before) are abilities of cards in play:
// they wait with the abilities the moment triggered (the base's own, Temple
// of Goju's) and the current player chooses the order of them all; the
// window that follows is for the cards in hands (Culture Shock: Me First,
// Back to Your Corners; compendium: abilities from different cards in play
// applying at the same time are ordered by the current player). Each waits as
// an offer to its controller, who may use it or not when its turn comes; it
// is then done for the window (flagUsedInWindow), used or not. A card that
// only becomes able later in the window (moved to the scoring base) is
// offered in the window as before.
var fnInPlaySpecial int16

func init() { fnInPlaySpecial = regFn(inPlaySpecialProc) }

// queueInPlaySpecials queues, after the moment ev of window w about slot, an
// offer for each Special of a card in play that its controller could use now.
func (g *Game) queueInPlaySpecials(ev Event, w Window, slot BaseID) {
	if g.SpecialWins&(1<<w) == 0 || specialFrom[w]&(1<<ZInPlay) == 0 {
		return
	}
	for i := range g.tableWith(hSpecials).each {
		c := &g.Cards[i]
		if c.Zone != ZInPlay || c.Flags&FSuspended != 0 || c.Ctrl < 0 || c.Ctrl >= g.NPlayers {
			continue
		}
		d := defs[c.Def]
		for k := range d.Specials {
			sp := &d.Specials[k]
			if sp.Window != w || sp.From != ZInPlay || sp.Play || sp.OK != nil && !sp.OK(g, i, c.Ctrl, slot) {
				continue
			}
			if int(g.NTrig) >= MaxTrig {
				return
			}
			e := ev
			e.Num = int16(k)
			e.Other = int16(w)
			g.Trigs[g.NTrig] = Trig{Fn: fnInPlaySpecial, Src: i, Player: c.Ctrl, Base: slot, Ev: e}
			g.NTrig++
		}
	}
}

// inPlaySpecialUsable reports whether Special k of card c, queued for
// player at the moment of base slot (then holding base card key), may still
// be used: the base is still there, the card is still in play under that
// player, not already used at this moment, and what the Special needs
// still holds (First Mate is still on the base that scored).
func (g *Game) inPlaySpecialUsable(c CardID, k int, player Seat, slot BaseID, key CardID) bool {
	d := defs[g.Cards[c].Def]
	if k < 0 || k >= len(d.Specials) || slot < 0 || slot >= g.NBases || g.Bases[slot].Card != key {
		return false
	}
	sp := &d.Specials[k]
	p := g.Cards[c].Ctrl
	return g.Cards[c].Zone == ZInPlay && p == player && !g.Marked(flagUsedInWindow, c, key) && (sp.OK == nil || sp.OK(g, c, p, slot))
}

// staleTrig reports whether queued trigger i can no longer do anything and
// is to be dropped rather than offered: a Special of a card in play that is
// no longer usable (Temple of Goju put First Mate at the bottom of its
// owner's deck before First Mate moved away).
func (g *Game) staleTrig(i int) bool {
	t := &g.Trigs[i]
	return t.Fn == fnInPlaySpecial && !g.inPlaySpecialUsable(t.Src, int(t.Ev.Num), t.Player, t.Base, t.Ev.Card)
}

// inPlaySpecialProc's steps.
const (
	offerSpecial Step = iota // its controller may use it
	useSpecial               // it resolves
)

// inPlaySpecialProc offers a queued Special of a card in play to its
// controller (Src: the card; Ev.Num: which Special; Ev.Other: the window).
func inPlaySpecialProc(g *Game, f *Frame) {
	c, k, w := f.Src, int(f.Ev.Num), Window(f.Ev.Other)
	d := defs[g.Cards[c].Def]
	if k < 0 || k >= len(d.Specials) {
		return
	}
	sp := &d.Specials[k]
	switch f.Step {
	case offerSpecial:
		p := g.Cards[c].Ctrl
		if !g.inPlaySpecialUsable(c, k, f.Player, f.Base, f.Ev.Card) {
			return
		}
		key := g.Bases[f.Base].Card
		g.MarkCard(flagUsedInWindow, c, key) // once for this moment, used or not
		g.BeginAsk()
		g.Offer(Option{Kind: OptUse, Player: p, Card: c, Base: g.Cards[c].Base, Num: int16(k)})
		g.Ask(f, p, "You may use the ability of {} now", AskMay, CardArg(c))
	case useSpecial:
		if f.Ans.Kind != OptUse {
			return
		}
		rf := g.resolve(sp.fn, f.Player, c, f.Base, None)
		rf.Set(usedInWindow, int(w))
	}
}

// A card played part-way through an ability (Teamwork playing the minion it
// found) is answered by Specials from hands only once that ability has
// finished and the cards in play it set off have resolved (Culture Shock,
// Card Resolution Order: steps 2 and 3 before step 4). Its Me First window
// then waits in the queue of triggered abilities, as the cards in hands do,
// and opens when its turn comes (afterPlayWindowProc).
var fnAfterPlayWindow int16

func init() { fnAfterPlayWindow = regProc(afterPlayWindowProc, causeNone) }

// deferAfterPlayWindow queues the window after card c played by p onto slot
// when an ability is resolving below play frame f; it reports whether it did.
func (g *Game) deferAfterPlayWindow(f *Frame, p Seat, c CardID, slot BaseID) bool {
	if !g.resolvingBelow(f) || int(g.NTrig) >= MaxTrig {
		return false
	}
	g.Trigs[g.NTrig] = Trig{Fn: fnAfterPlayWindow, Src: c, Player: p, Base: slot, Ev: Event{Kind: EvPlay, Player: p, Card: c, Base: slot, Other: None}}
	g.NTrig++
	return true
}

// afterPlayWindowProc opens the window deferred by deferAfterPlayWindow.
func afterPlayWindowProc(g *Game, f *Frame) {
	wf := g.push(fnWindow, f.Player, f.Src, f.Base, None)
	wf.Set(theWindow, int(WinAfterPlay))
}

// handLike reports whether waiting trigger t resolves with the cards in
// hands, after those of cards in play: a card's ability from a hand, or a
// deferred Me First window.
func (g *Game) handLike(t *Trig) bool {
	return g.Cards[t.Src].Zone == ZHand || t.Fn == fnAfterPlayWindow
}

// anySpecialFor reports whether some card of the game has a Special for
// window w in the zone that Special is used from.
func (g *Game) anySpecialFor(w Window) bool {
	if g.SpecialWins&(1<<w) == 0 {
		return false
	}
	// only the cards with Specials in a zone some Special for w is used from
	cands := g.HookCards[bits.TrailingZeros16(hSpecials)]
	var in cardSet
	for z := Zone(0); z <= ZTitan; z++ {
		if specialFrom[w]&(1<<z) != 0 {
			for k := range in {
				in[k] |= g.Zones[z][k]
			}
		}
	}
	for k := range cands {
		cands[k] &= in[k]
	}
	for i := range cands.each {
		d := defs[g.Cards[i].Def]
		for k := range d.Specials {
			if d.Specials[k].Window == w && g.Cards[i].Zone == d.Specials[k].From {
				return true
			}
		}
	}
	return false
}
