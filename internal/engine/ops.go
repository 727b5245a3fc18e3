package engine

// Operations on cards in play. Destroy, Move, Return and the Place* family are
// scheduled: they happen after the calling step ends, in the order called,
// because protections and "instead" effects may need to ask a player.

var fnDestroy, fnMove, fnReturn, fnPlace int16

func init() {
	fnDestroy = regFn(destroyProc)
	fnMove = regFn(moveProc)
	fnReturn = regFn(returnProc)
	fnPlace = regFn(placeProc)
}

// affect checks protection and replacement effects before f's ability does
// something of kind k to target. It reports whether the effect goes ahead.
func (g *Game) affect(f *Frame, target CardID, k AffectKind) bool {
	if g.offerRedirect(f, target, k) { // redirect.go: Ensign may take it over
		return k == AffAttach
	}
	a := Affect{Kind: k, By: f.Player, Src: f.Src}
	if g.Protected(target, a) {
		return false
	}
	for i := range g.heeded(hInstead, None) {
		s := &g.Cards[i]
		d := defs[s.Def]
		if !d.Instead(g, i, target, a) {
			continue
		}
		nf := g.push(d.insteadFn, s.Ctrl, i, s.Base, target)
		nf.Ev = Event{Kind: EvAffect, Player: a.By, Card: target, Other: int16(a.Src), Num: int16(k)}
		return false
	}
	if f.Src != None && f.Src != target {
		g.emit(Event{Kind: EvAffect, Player: a.By, Card: target, Base: g.Cards[target].Base, Other: int16(a.Src), Num: int16(k)})
	}
	return true
}

// Affects is the protection check for card code that changes a card directly.
func (g *Game) Affects(f *Frame, target CardID, k AffectKind) bool { return g.affect(f, target, k) }

// Protected reports whether target is protected from the attempt a.
func (g *Game) Protected(target CardID, a Affect) bool {
	if g.shielded(target, a) || g.fromIgnoredBase(target, a) {
		return true
	}
	for i := range g.heeded(hProtect, g.Cards[target].Ctrl) {
		if defs[g.Cards[i].Def].Protect(g, i, target, a) {
			return true
		}
	}
	return false
}

// fromIgnoredBase reports whether attempt a comes from the ability of a base
// that the controller of target ignores: the cards of a player who ignores a
// base are not affected by its ability (compendium: Ignore an Ability). A
// player who only may ignore it (Infiltrate) follows it in what they choose
// to do themselves (a is credited to them).
func (g *Game) fromIgnoredBase(target CardID, a Affect) bool {
	if a.Src < 0 || g.def(a.Src).Type != BaseCard {
		return false
	}
	s, ctrl := g.Cards[a.Src].Base, g.Cards[target].Ctrl
	if a.By == ctrl {
		return g.BaseMustIgnore(s, ctrl)
	}
	return g.BaseIgnored(s, ctrl)
}

// CanAffect reports whether f's ability could do k to target (no replacement considered).
func (g *Game) CanAffect(f *Frame, target CardID, k AffectKind) bool {
	return !g.Protected(target, Affect{Kind: k, By: f.Player, Src: f.Src})
}

// leavePlay detaches everything from card c as it leaves play: attached
// actions go to their owners' discard piles, counters and effects end.
func (g *Game) leavePlay(c CardID) {
	for _, a := range g.Attached(c) {
		if g.transferOnLeave(a) {
			continue
		}
		g.leavePlay(a)
		g.put(a, ZDiscard, g.Cards[a].Owner)
		g.emit(Event{Kind: EvLeavePlay, Player: g.Cards[a].Owner, Card: a, Base: None})
	}
	g.removeEffectsOn(c)
	g.emit(Event{Kind: EvLeavePlay, Player: g.Cards[c].Ctrl, Card: c, Base: g.Cards[c].Base})
}

// Destroy schedules the destruction of card c (a minion or an action in play) by f's ability.
func (g *Game) Destroy(f *Frame, c CardID) { g.push(fnDestroy, f.Player, f.Src, None, c) }

// takeFromPlay begins the scheduled operations that take f's target out of
// play (destroy, return, place): unless the target is no longer in play or is
// protected from k, it detaches the target (leavePlay) and reports the base it
// was on.
func (g *Game) takeFromPlay(f *Frame, k AffectKind) (slot BaseID, ok bool) {
	c := f.Target
	if !g.InPlay(c) || !g.affect(f, c, k) {
		return None, false
	}
	slot = g.Cards[c].Base
	g.leavePlay(c)
	return slot, true
}

func destroyProc(g *Game, f *Frame) {
	c := f.Target
	ctrl := g.Cards[c].Ctrl // as it is before leaving play ends any control effect
	slot, ok := g.takeFromPlay(f, AffDestroy)
	if !ok {
		return
	}
	had := g.relocate(c, ZDiscard, g.Cards[c].Owner)
	// Other is the card whose ability destroys it (f.Src), and so is its
	// Cause (f.Cause: push) when it has one
	g.emit(Event{Kind: EvDestroy, Player: ctrl, Card: c, Base: slot, Other: int16(f.Src), Num: int16(f.Player)})
	g.controlEnds(c, had)
}

// Move schedules moving minion c (with everything on it) to base slot to.
func (g *Game) Move(f *Frame, c CardID, to BaseID) { g.push(fnMove, f.Player, f.Src, to, c) }

// CanMoveTo reports whether player by's ability may move card c (in play)
// to base slot to: a base in play other than c's own, and no card in play
// forbids it (MoveAllowed: Mo'ai). It does not ask whether c is protected
// from the move (Game Guru): choosing a card that an ability cannot affect
// is a choice the rules allow, while a move that a card forbids is not one
// (compendium: you may play a card whose ability cannot happen). A question
// about where a minion moves offers only the bases this allows, and moving
// refuses the others.
func (g *Game) CanMoveTo(by Seat, c CardID, to BaseID) bool {
	return g.InPlay(c) && to >= 0 && to < MaxBases && g.Bases[to].Card != None && g.Cards[c].Base != to && g.MoveAllowed(by, c, to)
}

func moveProc(g *Game, f *Frame) {
	c, to := f.Target, f.Base
	if !g.CanMoveTo(f.Player, c, to) {
		return
	}
	if !g.affect(f, c, AffMove) {
		return
	}
	g.MoveNowBy(c, to, f.Player)
}

// MoveNow relocates card c and its attachments to slot to, with no checks.
func (g *Game) MoveNow(c CardID, to BaseID) { g.MoveNowBy(c, to, g.Cards[c].Ctrl) }

// MoveNowBy is MoveNow done by player by's ability: the EvMove event names
// the mover in Other (Imperial Dragon: "another player moves a minion here").
func (g *Game) MoveNowBy(c CardID, to BaseID, by Seat) {
	from := g.Cards[c].Base
	if _, marked := g.playedOnMark(c); g.Cards[c].Flags&FPlayedTurn != 0 && !marked {
		// its first move since it was played: remember where that was (PlayedOn)
		g.AddEffect(Effect{Kind: EffMark, Expires: ExpireEndOfTurn, Player: g.Current, Base: from, Card: c, Amount: int16(markPlayedOn), Src: c})
	}
	g.Cards[c].Base = to
	g.Cards[c].On = None
	for _, a := range g.Attached(c) {
		g.Cards[a].Base = to
	}
	g.emit(Event{Kind: EvMove, Player: g.Cards[c].Ctrl, Card: c, Base: to, Num: int16(from), Other: int16(by)})
}

// markPlayedOn marks a card played this turn and moved since with the slot
// it was played on (the mark's Base).
var markPlayedOn = NamedFlag("played on")

// PlayedOn returns the slot of the base card c (in play) was played on this
// turn, wherever it is now, or None when it was not played this turn
// ("if you have played another minion on this base this turn").
func (g *Game) PlayedOn(c CardID) BaseID {
	cd := &g.Cards[c]
	if cd.Zone != ZInPlay || cd.Flags&FPlayedTurn == 0 {
		return None
	}
	if s, ok := g.playedOnMark(c); ok {
		return s
	}
	return cd.Base
}

// playedOnMark returns the slot card c was played on, as noted at its first
// move this turn (ok false: it has not moved since it was played).
func (g *Game) playedOnMark(c CardID) (BaseID, bool) {
	for i := 0; i < int(g.NEff); i++ {
		if e := &g.Effects[i]; e.Kind == EffMark && e.Flag() == markPlayedOn && e.Card == c {
			return e.Base, true
		}
	}
	return None, false
}

// markPlayedBy marks a card played this turn whose control has changed since
// with the player who played it (the mark's Player).
var markPlayedBy = NamedFlag("played by")

// PlayedBy returns the player who played card c (in play) this turn, whoever
// controls it now, or None when it was not played this turn ("if you have
// played another minion on this base this turn").
func (g *Game) PlayedBy(c CardID) Seat {
	cd := &g.Cards[c]
	if cd.Zone != ZInPlay || cd.Flags&FPlayedTurn == 0 {
		return None
	}
	if p, ok := g.playedByMark(c); ok {
		return p
	}
	return cd.Ctrl
}

func (g *Game) playedByMark(c CardID) (Seat, bool) {
	for i := 0; i < int(g.NEff); i++ {
		if e := &g.Effects[i]; e.Kind == EffMark && e.Flag() == markPlayedBy && e.Card == c {
			return e.Player, true
		}
	}
	return None, false
}

// Return schedules returning card c from play to its owner's hand.
func (g *Game) Return(f *Frame, c CardID) { g.push(fnReturn, f.Player, f.Src, None, c) }

func returnProc(g *Game, f *Frame) {
	c := f.Target
	slot, ok := g.takeFromPlay(f, AffReturn)
	if !ok {
		return
	}
	had := g.relocate(c, ZHand, g.Cards[c].Owner)
	g.emit(Event{Kind: EvReturn, Player: g.Cards[c].Owner, Card: c, Base: slot})
	g.controlEnds(c, had)
}

// Placement destinations.
const (
	PlaceDeckBottom = 1
	PlaceDeckTop    = 2
	PlaceHand       = 3
	PlaceDiscard    = 4
)

// Place schedules putting card c from play somewhere (not destroyed, not returned).
func (g *Game) Place(f *Frame, c CardID, where int) {
	pf := g.push(fnPlace, f.Player, f.Src, None, c)
	pf.Set(placeWhere, where)
}

// placeProc's slot. (It is the one value a scheduled operation remembers:
// the others leave it 0.)
const placeWhere NumSlot = 0 // PlaceDeckBottom ... (otherwise: the discard pile)

func placeProc(g *Game, f *Frame) {
	c := f.Target
	slot, ok := g.takeFromPlay(f, AffPlace)
	if !ok {
		return
	}
	o := g.Cards[c].Owner
	var had Seat
	switch f.Get(placeWhere) {
	case PlaceDeckBottom:
		had = g.relocate(c, ZDeck, o)
	case PlaceDeckTop:
		had = g.relocate(c, ZDeck, o)
		g.Cards[c].Pos = g.topPos() // (putTop)
	case PlaceHand:
		had = g.relocate(c, ZHand, o)
	default:
		had = g.relocate(c, ZDiscard, o)
	}
	g.emit(Event{Kind: EvPlace, Player: o, Card: c, Base: slot, Num: int16(f.Get(placeWhere))})
	g.controlEnds(c, had)
}

// PlaceCounters puts n +1 power counters on minion c (negative n removes them).
func (g *Game) PlaceCounters(f *Frame, c CardID, n int) {
	if !g.InPlay(c) || g.offerRedirectOp(f, c, rdCounter, n, 0) || !g.affect(f, c, AffCounter) {
		return
	}
	v := int(g.Cards[c].Counters) + n
	if v < 0 {
		v = 0
	}
	g.Cards[c].Counters = int8(v)
	g.emit(Event{Kind: EvCounter, Player: f.Player, Card: c, Base: g.Cards[c].Base, Num: int16(n)})
}

// TakeControl gives p control of card c in play until expiry (ExpireNever: permanently).
// A grant of control lasts only until another ability changes the card's
// control (compendium: Using Card Abilities): a new grant ends the earlier
// temporary one, so that when the new one expires the card goes back to the
// player the earlier grant would have given it back to, and a permanent
// change leaves nothing to give back.
func (g *Game) TakeControl(f *Frame, c CardID, p Seat, expires uint8) {
	if !g.InPlay(c) || g.offerRedirectOp(f, c, rdControl, int(p), int(expires)) || !g.affect(f, c, AffControl) {
		return
	}
	old := g.Cards[c].Ctrl
	from := old
	if _, marked := g.playedByMark(c); g.Cards[c].Flags&FPlayedTurn != 0 && !marked {
		// its first change of control since it was played: remember who played it (PlayedBy)
		g.AddEffect(Effect{Kind: EffMark, Expires: ExpireEndOfTurn, Player: from, Base: None, Card: c, Amount: int16(markPlayedBy), Src: c})
	}
	g.dropEffects(func(e *Effect) bool {
		if e.Kind != EffControl || e.Card != c {
			return false
		}
		old = e.ReturnsTo() // the earlier grant ends here: its return is inherited
		return true
	})
	g.Cards[c].Ctrl = p
	if expires != ExpireNever {
		g.AddEffect(Effect{Kind: EffControl, Expires: expires, Player: g.Current, Base: None, Card: c, Amount: int16(old), Src: f.Src})
	}
	g.emit(Event{Kind: EvControl, Player: p, Card: c, Base: g.Cards[c].Base, Num: int16(from)})
	g.shedUnaffected(f, c)
}

// expireTurn ends the effects that expire at this moment of p's turn
// (expire: ExpireStartOfTurn, ExpireEndOfTurn) and tells of each control of a
// card that ends with them and gives it back (EvControlEnd, Other = the card
// that had given control), shedding the actions the card is then not affected
// by. (Control also ends when the card leaves play: put, controlEnds.)
func (g *Game) expireTurn(f *Frame, kind uint8, p Seat) {
	type ending struct {
		card, src CardID
		had       Seat
	}
	var arr [4]ending
	ends := arr[:0]
	for i := 0; i < int(g.NEff); i++ {
		e := &g.Effects[i]
		if e.Kind == EffControl && e.Expires == kind && (e.Player == p || e.Player == None) && g.InPlay(e.Card) {
			ends = append(ends, ending{card: e.Card, src: e.Src, had: g.Cards[e.Card].Ctrl})
		}
	}
	g.expire(kind, p)
	for _, x := range ends {
		if now := g.Cards[x.card].Ctrl; now != x.had {
			g.emit(Event{Kind: EvControlEnd, Player: x.had, Card: x.card, Base: g.Cards[x.card].Base, Num: int16(now), Other: int16(x.src)})
			g.shedUnaffected(f, x.card) // as when control is taken (TakeControl)
		}
	}
}

// shedUnaffected destroys the actions attached to card c that c is not
// affected by: a card that is not affected by some cards (Wildlife Preserve,
// The Show Must Go On, Game Guru) cannot keep such cards attached to it
// (compendium: Attached Cards). It is called when c's controller changes,
// since whom a protection covers and whose cards it stops depend on it.
// (Only the protections of cards count: an ability that a Tooth and Claw
// stopped is dealt with by that card.)
func (g *Game) shedUnaffected(f *Frame, c CardID) {
	if !g.InPlay(c) {
		return
	}
	for _, a := range g.Attached(c) {
		if defs[g.Cards[a].Def].Type != Action {
			continue
		}
		aff := Affect{Kind: AffAttach, By: g.Cards[a].Ctrl, Src: a}
		for i := range g.heeded(hProtect, g.Cards[c].Ctrl) {
			if defs[g.Cards[i].Def].Protect(g, i, c, aff) {
				g.Destroy(f, a)
				break
			}
		}
	}
}

// SwapBase replaces the base at slot s with base card nb (from the base deck
// or discard): actions played on the old base are discarded, titans leave
// play with it (set aside beside their owners), minions (and what is on them)
// stay on the new base, and the old base goes to the base deck.
func (g *Game) SwapBase(f *Frame, s BaseID, nb CardID) {
	old := g.Bases[s].Card
	for _, a := range g.ActionsAt(s) {
		g.leavePlay(a)
		g.put(a, ZDiscard, g.Cards[a].Owner)
	}
	for _, t := range g.TitansAt(s) {
		g.SetTitanAside(t)
	}
	g.put(old, ZBaseDeck, None)
	g.dropBaseEffects(s)
	g.placeBase(nb, s)
	g.emit(Event{Kind: EvBaseReplaced, Player: f.Player, Base: s, Card: nb, Other: int16(old)})
}
