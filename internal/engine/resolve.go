package engine

import "sync"

// Resolving abilities: an ability is scheduled with the triggers it sets off
// after it; simultaneous triggers wait and resolve in the order their
// player chooses (drainProc). Triggers set off while an ability is in the
// middle of resolving (a card it plays, say) wait until it has finished
// (Culture Shock: Card Resolution Order, step 2 before step 3).

// resolve schedules an ability followed by the triggers it sets off.
// Scheduled work runs in the order it is scheduled, so the ability is pushed
// before the drain that resolves the triggers it (or its play) set off.
func (g *Game) resolve(fn int16, player Seat, src CardID, base BaseID, target CardID) *Frame {
	f := g.push(fn, player, src, base, target)
	f.Flags |= frResolving
	g.push(fnDrain, player, None, None, None)
	return f
}

// drainAfter schedules, as the last work of the running step, a drain of
// the abilities waiting for player p, but for one that would find nothing
// to do: none waits, the step scheduled nothing else (the drain would run
// next, before anything can set an ability off), and nothing is lent (exec
// refreshes nothing before it). Most of those scheduled as a turn passes
// and as a base scores find nothing waiting.
func (g *Game) drainAfter(p Seat) {
	if g.NTrig == 0 && int(g.NFrames) == int(g.Running) && g.Lent == 0 && g.PlayHookMask&hLends == 0 {
		return
	}
	g.push(fnDrain, p, None, None, None)
}

// interrupting returns the first queued trigger that interrupts the
// ability resolving (Trigger.Interrupts), or None.
func (g *Game) interrupting() int {
	for i := 0; i < int(g.NTrig); i++ {
		t := &g.Trigs[i]
		for k := range defs[g.Cards[t.Src].Def].Triggers {
			if tr := &defs[g.Cards[t.Src].Def].Triggers[k]; tr.fn == t.Fn && tr.Interrupts {
				return i
			}
		}
	}
	return None
}

// resolvingBelow reports whether an ability is in the middle of resolving
// under frame f: the triggers waiting now wait until it has finished.
func (g *Game) resolvingBelow(f *Frame) bool {
	for i := g.frameIndex(f) - 1; i >= 0; i-- {
		if g.Frames[i].Flags&frResolving != 0 {
			return true
		}
	}
	return false
}

// Resolve schedules ability fn as a resolution of its own (triggers it sets off resolve after it).
func (g *Game) Resolve(fn int16, player Seat, src CardID, base BaseID, target CardID) *Frame {
	return g.resolve(fn, player, src, base, target)
}

// drainProc resolves queued triggered abilities; the current player orders
// them. While an ability is in the middle of resolving below it, it starts
// only those that interrupt it and leaves the others queued: the drain
// scheduled after that ability resolves them.
func drainProc(g *Game, f *Frame) {
	switch f.Step {
	case chooseNextTrigger:
		g.dropStaleTrigs()
		if g.NTrig == 0 {
			return
		}
		if g.resolvingBelow(f) {
			if i := g.interrupting(); i != None {
				g.startTrig(i)
				f.Goto(chooseNextTrigger)
			}
			return
		}
		if h := g.handTrigFirst(); h != None {
			g.startTrig(h)
			f.Goto(chooseNextTrigger)
			return
		}
		inPlay, first, last := 0, 0, 0
		for i := 0; i < int(g.NTrig); i++ {
			if !g.waitsLast(i) {
				if inPlay == 0 {
					first = i
				}
				inPlay, last = inPlay+1, i
			}
		}
		if inPlay == 1 {
			g.startTrig(last)
			f.Goto(chooseNextTrigger)
			return
		}
		if g.orderCannotMatter() {
			g.startTrig(first) // no order can change anything: the first waiting
			f.Goto(chooseNextTrigger)
			return
		}
		g.BeginAsk()
		for i := 0; i < int(g.NTrig); i++ {
			t := &g.Trigs[i]
			if g.waitsLast(i) {
				continue
			}
			g.Offer(Option{Kind: OptCard, Card: t.Src, Base: t.Base, Player: t.Player, Num: int16(i)})
		}
		g.Ask(f, g.Current, "Choose which ability resolves next", AskAlways)
	case startChosenTrigger:
		i := f.Ans.Waiting()
		if i >= int(g.NTrig) {
			i = 0
		}
		g.startTrig(i)
		f.Goto(chooseNextTrigger)
	}
}

// dropStaleTrigs drops the queued triggers that can no longer do anything
// (staleTrig), so that nobody is asked to order them.
func (g *Game) dropStaleTrigs() {
	n := 0
	for i := 0; i < int(g.NTrig); i++ {
		if !g.staleTrig(i) {
			g.Trigs[n] = g.Trigs[i]
			n++
		}
	}
	for i := n; i < int(g.NTrig); i++ {
		g.Trigs[i] = Trig{}
	}
	g.NTrig = int8(n)
}

// drainProc's steps.
const (
	chooseNextTrigger  Step = iota // the current player chooses which resolves next (if need be)
	startChosenTrigger             // it resolves
)

// handTrigFirst: abilities of cards in hands resolve after those of cards in
// play, clockwise from the current player. It returns the queued trigger to
// start now when only hand triggers are left, else None.
func (g *Game) handTrigFirst() int {
	for i := 0; i < int(g.NTrig); i++ {
		if !g.waitsLast(i) {
			return None
		}
	}
	for _, p := range g.PlayersFrom(g.Current) {
		for i := 0; i < int(g.NTrig); i++ {
			if g.Trigs[i].Player == p {
				return i
			}
		}
	}
	return 0
}

// waitsLast reports whether queued trigger i waits until those of the cards
// in play have resolved: an ability of a card in a hand (or the window after
// a card is played: handLike), or a window for the
// Specials answering an event (queueAnswer).
func (g *Game) waitsLast(i int) bool {
	t := &g.Trigs[i]
	return t.Fn == fnAnswer || g.handLike(t)
}

func (g *Game) startTrig(i int) {
	t := g.Trigs[i]
	copy(g.Trigs[i:g.NTrig], g.Trigs[i+1:g.NTrig])
	g.NTrig--
	rf := g.resolve(t.Fn, t.Player, t.Src, t.Base, None)
	rf.Ev = t.Ev
}

// drainFirst has the waiting triggers resolve before frame f goes on (f
// runs its current step again afterwards), reporting whether any wait
// (those waiting for an ability resolving below f to finish do not).
func (g *Game) drainFirst(f *Frame) bool {
	if g.NTrig == 0 || g.resolvingBelow(f) && g.interrupting() == None {
		return false
	}
	g.push(fnDrain, g.Current, None, None, None)
	f.Goto(f.Step)
	return true
}

// orderCannotMatter reports whether the order of the waiting abilities of
// cards in play provably cannot change anything, so that the current player
// is not asked for one (beyond alike abilities, which alike.go makes one
// option). The rule is deliberately narrow: every one of them would do
// nothing if it resolved now (idle: tried on a copy of the game, it records
// no event, asks no question, and leaves the cards, players, bases, effects,
// deck positions and random generator as they were: Island Peak at the start
// of the turn of a player without exactly one minion there, Shark Tattoo on
// a minion that is not alone). Whichever resolves first then leaves the
// game as it was, so the others still do nothing, and every order ends in
// the same game.
//
// Anything else keeps the question. An ability that does something, even
// beside others that are idle now, might make one of them do something if it
// resolved first (The Hill moving a minion away from Island Peak), and the
// player may choose that order. An ability that asks anything, even a
// question answered at once, is never idle: whether the question had a real
// choice may depend on a hand, which the others must not learn from whether
// the current player is asked to order abilities.
func (g *Game) orderCannotMatter() bool {
	for i := 0; i < int(g.NTrig); i++ {
		if !g.waitsLast(i) && !g.idleTrig(i) {
			return false
		}
	}
	return true
}

// scratchGames holds the copies idleTrig tries abilities on. A Game holds
// no pointers, so a copy taken from the pool is the game copied, whatever
// was in it before.
var scratchGames = sync.Pool{New: func() any { return new(Game) }}

// idleMaxSteps bounds the steps an ability tried by idleTrig may take: one
// that takes more counts as doing something.
const idleMaxSteps = 64

// idleTrig reports whether waiting trigger i, resolved now on its own (the
// others left out) on a copy of the game, would do nothing: it and all it
// schedules finish without recording any event (every question is recorded
// as asked, even one answered at once: EvAsked; a quiet game still numbers
// the events it does not keep) and leave the cards, players, bases, effects,
// deck positions and random generator as they were.
func (g *Game) idleTrig(i int) bool {
	c := scratchGames.Get().(*Game) // (a Game is large: made once, not per try)
	defer scratchGames.Put(c)
	*c = *g
	c.Trigs[0], c.NTrig = c.Trigs[i], 1
	depth, seq := c.NFrames, c.EvSeq
	c.startTrig(0)
	// scheduled work runs in the order it was scheduled (as exec arranges)
	for a, b := int(depth), int(c.NFrames)-1; a < b; a, b = a+1, b-1 {
		c.Frames[a], c.Frames[b] = c.Frames[b], c.Frames[a]
	}
	for steps := 0; c.NFrames > depth; steps++ {
		if steps == idleMaxSteps || c.Over || c.Paused || c.Pending.Active {
			return false
		}
		c.exec(int(c.NFrames) - 1)
		if c.EvSeq != seq {
			return false
		}
	}
	return c.Cards == g.Cards && c.Players == g.Players && c.Bases == g.Bases &&
		c.NEff == g.NEff && c.Effects == g.Effects && c.NBases == g.NBases &&
		c.Rng == g.Rng && c.Seq == g.Seq && c.Low == g.Low && c.Phase == g.Phase && c.Current == g.Current
}
