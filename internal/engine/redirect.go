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

// Redirect operation codes (V0 of a redirect frame).
const (
	rdFrame   = 1 // re-run a scheduled operation frame: V2 = its fn, V3 = its V0, V5 = its Base
	rdPower   = 2 // AddPower: V2 = amount
	rdCounter = 3 // PlaceCounters: V2 = amount
	rdControl = 4 // TakeControl: V2 = new controller, V3 = expiry
	rdAttach  = 5 // an action attached as it was played: V2 = the action
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
		rf.V[2], rf.V[3], rf.V[5] = f.Fn, f.V[0], int16(f.Base)
		return true
	case f.Fn == fnPlayCard && k == AffAttach:
		r := g.redirector(f, target, Affect{Kind: k, By: f.Player, Src: f.Src})
		if r == None {
			return false
		}
		rf := g.pushRedirect(f, target, r, rdAttach)
		rf.V[2] = int16(f.Src)
		return true
	}
	return false
}

// offerRedirectOp holds an immediate operation (power, counters, control) with a redirect question.
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
	rf.V[2], rf.V[3] = int16(x), int16(y)
	return true
}

func (g *Game) pushRedirect(f *Frame, target, r CardID, op int) *Frame {
	rf := g.push(fnRedirect, f.Player, f.Src, f.Base, target)
	rf.V[0] = int16(op)
	rf.V[1] = int16(r)
	rf.Flags |= frNoRedirect
	return rf
}

// redirectProc: Player/Src = the original ability's, Target = the minion it
// aimed at, V0 = operation, V1 = the redirecting card, V2.. = parameters.
func redirectProc(g *Game, f *Frame) {
	r := CardID(f.V[1])
	switch f.Step {
	case 0:
		if !g.InPlay(r) {
			f.Ans = Option{Kind: OptNo}
			f.Next()
			return
		}
		g.AskYesNo(f, g.Ctrl(r), "Have {} affect {} instead of {}?", CardArg(f.Src), CardArg(r), CardArg(f.Target))
	case 1:
		t := f.Target
		if f.Yes() && g.InPlay(r) {
			t = r
		}
		f.Flags |= frNoRedirect
		switch f.V[0] {
		case rdFrame:
			nf := g.push(f.V[2], f.Player, f.Src, BaseID(f.V[5]), t)
			nf.V[0] = f.V[3]
			nf.Flags |= frNoRedirect
		case rdPower:
			g.AddPower(f, t, int(f.V[2]))
		case rdCounter:
			g.PlaceCounters(f, t, int(f.V[2]))
		case rdControl:
			g.TakeControl(f, t, Seat(f.V[2]), uint8(f.V[3]))
		case rdAttach:
			a := CardID(f.V[2])
			if t != f.Target && g.InPlay(a) && g.Cards[a].On == f.Target && g.affect(f, t, AffAttach) {
				g.Cards[a].On = t
				g.Cards[a].Base = g.Cards[t].Base
			}
		}
	}
}
