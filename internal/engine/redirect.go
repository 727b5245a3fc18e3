package engine

// Redirection (Ensign): when a card being played by another player would
// directly affect a minion, a card in play with a Def.Redirect hook may offer
// its controller to have that effect aimed at it instead. The effect is held
// while that player answers, then carried out on the minion chosen (the
// original one, or the redirecting card), without asking again, so an effect
// is redirected at most once.
//
// Effects that can be redirected: the scheduled operations (destroy, move,
// return, place), power changes (AddPower), +1 power counters
// (PlaceCounters), control changes (TakeControl), and an action being played
// onto a minion (it is moved onto the redirecting card after it is attached).
// Only cards being played count: ongoing abilities of cards already in play
// are never redirected.

// frNoRedirect marks a frame whose effects were already offered for redirection.
const frNoRedirect uint8 = 1 << 6

// Redirect operation codes (a redirect frame's theOperation).
const (
	rdFrame   = 1 // re-run a scheduled operation frame (opFn, opWhere, opBase)
	rdPower   = 2 // AddPower (amount)
	rdCounter = 3 // PlaceCounters (amount)
	rdControl = 4 // TakeControl (newController, expiry)
	rdAttach  = 5 // an action attached as it was played (attachedAction)
)

var fnRedirect int16

func init() { fnRedirect = regFn(redirectProc) }

// redirector returns a card in play offering to take attempt a on target, or None.
func (g *Game) redirector(f *Frame, target CardID, a Affect) CardID {
	if f.Flags&frNoRedirect != 0 || f.Src < 0 || !g.InPlay(target) || !g.IsMinion(target) || !g.BeingPlayed(f.Src) {
		return None
	}
	for i := range g.inZone(ZInPlay).each {
		if i == target {
			continue
		}
		d := defs[g.Cards[i].Def]
		if d.Redirect != nil && d.Redirect(g, i, target, a) {
			return i
		}
	}
	return None
}

// offerRedirect is called by affect: it holds a scheduled operation (or
// follows an attachment) with a redirect question when a redirector applies.
func (g *Game) offerRedirect(f *Frame, target CardID, k AffectKind) bool {
	switch {
	case f.Fn == fnDestroy || f.Fn == fnMove || f.Fn == fnReturn || f.Fn == fnPlace:
		r := g.redirector(f, target, Affect{Kind: k, By: f.Player, Src: f.Src})
		if r == None {
			return false
		}
		rf := g.pushRedirect(f, target, r, rdFrame)
		rf.Set(opFn, int(f.Fn))
		rf.Set(opWhere, f.Get(placeWhere))
		rf.SetBase(opBase, f.Base)
		return true
	case f.Fn == fnPlayCard && k == AffAttach:
		r := g.redirector(f, target, Affect{Kind: k, By: f.Player, Src: f.Src})
		if r == None {
			return false
		}
		rf := g.pushRedirect(f, target, r, rdAttach)
		rf.SetCard(attachedAction, f.Src)
		return true
	}
	return false
}

// offerRedirectOp holds an immediate operation (power, counters, control)
// with a redirect question: x is the amount (or the new controller), y the
// expiry of a control change.
func (g *Game) offerRedirectOp(f *Frame, target CardID, op, x, y int) bool {
	k := AffPower
	switch op {
	case rdCounter:
		k = AffCounter
	case rdControl:
		k = AffControl
	}
	r := g.redirector(f, target, Affect{Kind: k, By: f.Player, Src: f.Src})
	if r == None {
		return false
	}
	rf := g.pushRedirect(f, target, r, op)
	if op == rdControl {
		rf.SetSeat(newController, Seat(x))
	} else {
		rf.Set(amount, x)
	}
	rf.Set(expiry, y)
	return true
}

func (g *Game) pushRedirect(f *Frame, target, r CardID, op int) *Frame {
	rf := g.push(fnRedirect, f.Player, f.Src, f.Base, target)
	rf.Set(theOperation, op)
	rf.SetCard(redirectingCard, r)
	rf.Flags |= frNoRedirect
	return rf
}

// redirectProc: Player/Src = the original ability's, Target = the minion it
// aimed at.
func redirectProc(g *Game, f *Frame) {
	r := f.CardIn(redirectingCard)
	switch f.Step {
	case askRedirect:
		if !g.InPlay(r) {
			f.Ans = Option{Kind: OptNo}
			f.Next()
			return
		}
		g.AskYesNo(f, g.Ctrl(r), "Have {} affect {} instead of {}?", CardArg(f.Src), CardArg(r), CardArg(f.Target))
	case carryOut:
		t := f.Target
		if f.Yes() && g.InPlay(r) {
			t = r
		}
		f.Flags |= frNoRedirect
		switch f.Get(theOperation) {
		case rdFrame:
			nf := g.push(int16(f.Get(opFn)), f.Player, f.Src, f.BaseIn(opBase), t)
			nf.Set(placeWhere, f.Get(opWhere))
			nf.Flags |= frNoRedirect
		case rdPower:
			g.AddPower(f, t, f.Get(amount))
		case rdCounter:
			g.PlaceCounters(f, t, f.Get(amount))
		case rdControl:
			g.TakeControl(f, t, f.SeatIn(newController), uint8(f.Get(expiry)))
		case rdAttach:
			a := f.CardIn(attachedAction)
			if t != f.Target && g.InPlay(a) && g.Cards[a].On == f.Target && g.affect(f, t, AffAttach) {
				g.Cards[a].On = t
				g.Cards[a].Base = g.Cards[t].Base
			}
		}
	}
}

// redirectProc's steps.
const (
	askRedirect Step = iota // ask the redirecting card's controller
	carryOut                // carry the effect out, on the minion chosen
)

// redirectProc's slots: the operation, the card offering to take it, and
// the operation's parameters (which depend on the operation).
const (
	theOperation    NumSlot    = 0 // rdFrame, rdPower ...
	redirectingCard CardSlot   = 1
	opFn            NumSlot    = 2 // rdFrame: the operation's procedure (fnDestroy ...)
	amount          NumSlot    = 2 // rdPower, rdCounter: how much
	newController   SeatSlot   = 2 // rdControl: who takes control
	attachedAction  CardSlot   = 2 // rdAttach: the action played on the minion
	opWhere         NumSlot    = 3 // rdFrame: the operation's placeWhere
	expiry          NumSlot    = 3 // rdControl: when the control ends
	opBase          BaseIDSlot = 5 // rdFrame: the operation's base
)
