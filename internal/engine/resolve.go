package engine

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
		inPlay, last := 0, 0
		for i := 0; i < int(g.NTrig); i++ {
			if !g.waitsLast(i) {
				inPlay, last = inPlay+1, i
			}
		}
		if inPlay == 1 {
			g.startTrig(last)
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
