package engine

// Playing a card: the play itself (playCardProc), from choosing where it
// goes to its ability resolving and a standard action leaving play. Whether
// it may be played and what the play is counted against: playallowance.go,
// playtargets.go; extra plays granted by abilities: extraplays.go; the Play
// Cards phase that offers the plays: playcardsphase.go.

// Play modes.
const (
	playNormal = 0 // uses the normal quota or a held extra grant
	playFree   = 1 // an extra play granted right now by an ability
)

// pushPlay schedules playing card c by player p. slot forces the base (None: ask),
// fn overrides the ability that resolves (-1: the card's own).
func (g *Game) pushPlay(p Seat, c CardID, slot BaseID, mode int, fn int16, onMinion CardID) *Frame {
	if g.IsTitan(c) {
		return g.titanPlay(p, c, slot, fn) // titans.go
	}
	pf := g.push(fnPlayCard, p, c, slot, onMinion)
	pf.Set(theMode, mode)
	pf.Set(abilityOverride, int(fn))
	return pf
}

// playCardProc plays a card: Src = the card, Base = the base it must be
// played on (None: ask), Target = the minion it must be played on (None: ask).
// Its player chooses where the card goes, the play is counted, the card
// enters play and its ability resolves; a standard action then leaves play.
func playCardProc(g *Game, f *Frame) {
	switch f.Step {
	case chooseWhere:
		g.chooseWhereToPlay(f)
	case putIntoPlay:
		g.playWhereChosen(f)
	case actionLeaves:
		g.standardActionLeaves(f)
	case discardAction:
		if c := f.Src; g.Cards[c].Zone == ZSetAside {
			g.DiscardCard(c)
		}
	case extraChosen:
		g.goOnWithExtraChosen(f)
	}
}

// chooseWhereToPlay asks the card's player where it goes: the base for a
// minion or an action played on a base, the minion for an action played on
// one (only f.Base, or f.Target, when given). A standard action goes on
// without a question.
func (g *Game) chooseWhereToPlay(f *Frame) {
	p, c := f.Player, f.Src
	d := g.def(c)
	if d.Type == Action && g.ActionsForbidden(p) {
		// Mark of Sleep: no action may be played, not even an extra
		// one; a card taken out of a deck to be played cannot stay
		// where it was put meanwhile: it is discarded instead (as the
		// compendium has it for cards whose play becomes impossible)
		if z := g.Cards[c].Zone; z == ZSetAside || z == ZDeck {
			g.DiscardCard(c)
		}
		return
	}
	g.BeginAsk()
	switch {
	case d.Type == Minion:
		g.offerBasesForMinion(f)
		g.Ask(f, p, "Choose a base to play {} on", 0, CardArg(c))
	case d.Target == OnBase:
		for s := range g.NBases {
			if g.Bases[s].Card != None && (f.Base == None || s == f.Base) && g.actionOnBaseOK(p, c, s) {
				g.OfferBase(s)
			}
		}
		g.Ask(f, p, "Choose a base to play {} on", 0, CardArg(c))
	case d.Target == OnMinion || d.Target == OnOwnMinion:
		var arr [64]CardID
		for _, m := range g.minionsInto(None, arr[:0]) {
			if (f.Target == None || m == f.Target) && (f.Base == None || g.BaseOf(m) == f.Base) && g.actionOnMinionOK(p, c, m) {
				g.OfferCard(m)
			}
		}
		g.Ask(f, p, "Choose a minion to play {} on", 0, CardArg(c))
	default:
		f.Ans = Option{Kind: OptNone, Card: None, Base: None, Player: None}
		f.Next()
	}
}

// offerBasesForMinion offers the bases the minion being played may go to:
// those no card in play forbids and, for a normal play, those some
// allowance lets it be played onto.
func (g *Game) offerBasesForMinion(f *Frame) {
	p, c := f.Player, f.Src
	for s := range g.NBases {
		if g.Bases[s].Card == None || (f.Base != None && s != f.Base) {
			continue
		}
		if !g.minionAllowed(p, c, s) {
			continue
		}
		if f.Get(theMode) == playNormal && !g.mayPlayOnto(p, c, s) {
			continue
		}
		g.OfferBase(s)
	}
}

// playWhereChosen plays the card where its player chose: the play is
// counted against an allowance (a normal play) and among the cards played
// this turn, the card enters play, everyone is told, and its ability
// resolves.
func (g *Game) playWhereChosen(f *Frame) {
	c := f.Src
	d := g.def(c)
	slot, on, ok := g.whereChosen(f, d)
	if !ok {
		g.discardUnplayable(c)
		return
	}
	from := g.Cards[c].Zone
	if f.Get(theMode) == playNormal && !g.spendAllowance(f, slot, on, from) {
		return
	}
	g.countPlayed(f.Player, d)
	if !g.enterPlay(f, slot, on, from) {
		return
	}
	f.SetCard(chosenTarget, on)
	g.noteStandardPlayed(f, d)
	g.announcePlay(f, slot, on, from)
	g.resolveAbilityPlayed(f, slot, on)
	f.Next()
}

// whereChosen reads where the card goes from the answer to
// chooseWhereToPlay: its base, and the minion it is played on (NoCard: none;
// a standard action keeps f.Base). ok is false when nothing fit: the card
// cannot be played.
func (g *Game) whereChosen(f *Frame, d *Def) (slot BaseID, on CardID, ok bool) {
	slot, on = f.Base, NoCard
	switch {
	case d.Type == Minion || d.Target == OnBase:
		if f.Ans.Kind != OptBase {
			return slot, on, false
		}
		slot = f.Ans.Base
	case d.Target == OnMinion || d.Target == OnOwnMinion:
		if f.Ans.Kind != OptCard {
			return slot, on, false
		}
		on = f.Ans.Card
		slot = g.BaseOf(on)
	}
	return slot, on, true
}

// spendAllowance counts a normal play of the card (onto slot, or onto
// minion on, from zone from) against the allowance it uses: the extra play
// its player chose (askLimitedExtra) if it still fits, else the one
// findAllowance picks. It reports false when the play stops here: no
// allowance lets the card be played any more (nothing happens), or its
// player is asked which limited extra play it uses (the play goes on at
// extraChosen).
func (g *Game) spendAllowance(f *Frame, slot BaseID, on CardID, from Zone) bool {
	p, c := f.Player, f.Src
	a, ok := g.findAllowance(p, c, slot, from)
	if !ok {
		return false // no longer allowed: nothing happens
	}
	if k := f.Get(chosenExtra) - 1; k >= 0 {
		if g.extraFits(p, c, slot, from, k) {
			a = allowance{extra: k}
		}
	} else if a.extra != None && g.askLimitedExtra(f, p, c, slot, on, from) {
		return false
	}
	g.useAllowance(p, g.def(c), a)
	return true
}

// countPlayed counts a card of definition d among the minions or actions
// p played this turn.
func (g *Game) countPlayed(p Seat, d *Def) {
	if d.Type == Minion {
		g.Players[p].MinionsPlayed++
	} else {
		g.Players[p].ActionsPlayed++
	}
}

// enterPlay puts the card where it is played, face up, controlled by its
// player: a standard action is set aside while it resolves, any other card
// goes onto base slot (attached to minion on, if any). It reports false
// when attaching it to on was stopped: a protection (or on having left
// play) sends it to the discard pile, an "instead" (Hideout) leaves it there
// doing nothing this turn (suspend.go); the play is told all the same and
// ends there.
func (g *Game) enterPlay(f *Frame, slot BaseID, on CardID, from Zone) bool {
	p, c := f.Player, f.Src
	d := g.def(c)
	cd := &g.Cards[c]
	cd.Flags &^= FFaceDown | FRevealed // a card played is public, whatever it was set aside as
	if d.Type == Action && d.Target == Standard {
		g.setZone(c, ZSetAside)
		cd.Ctrl = p
		cd.Base = slot
		cd.On = None
	} else {
		g.setZone(c, ZInPlay)
		cd.Ctrl = p
		cd.Base = slot
		cd.On = on
		cd.Counters = 0
		cd.Flags &^= FTalentUsed
		if on != None {
			prot := g.Protected(on, Affect{Kind: AffAttach, By: f.Player, Src: f.Src})
			if !g.affect(f, on, AffAttach) {
				if prot || !g.InPlay(on) {
					g.DiscardCard(c)
				} else {
					// an "instead" (Hideout) stopped it: it stays, doing nothing this turn (suspend.go)
					cd.Pos = g.nextPos()
					g.markTurn(c, FPlayedTurn)
					g.suspend(c)
				}
				g.emit(Event{Kind: EvPlay, Player: p, Card: c, Base: slot, Other: int16(on), Num: int16(from)})
				return false
			}
		}
	}
	cd.Pos = g.nextPos()
	g.markTurn(c, FPlayedTurn)
	return true
}

// noteStandardPlayed counts a standard action among those its player
// played this turn, noting in the frame whether it is the first
// (actionLeaves marks it so: FirstStandardThisTurn).
func (g *Game) noteStandardPlayed(f *Frame, d *Def) {
	if d.Type == Action && d.Target == Standard {
		p := f.Player
		g.Players[p].StdPlayed++
		if g.Players[p].StdPlayed == 1 {
			f.Set(firstStandard, 1)
		}
	}
}

// announcePlay tells that the card was played onto slot (onto minion on,
// from zone from), setting off the triggers of a card played; a minion
// then counts as played on its base this turn (FirstMinionPlayedAt).
func (g *Game) announcePlay(f *Frame, slot BaseID, on CardID, from Zone) {
	p, c := f.Player, f.Src
	g.emit(Event{Kind: EvPlay, Player: p, Card: c, Base: slot, Other: int16(on), Num: int16(from)})
	if g.def(c).Type == Minion && slot >= 0 && slot < g.NBases {
		g.Bases[slot].Flags |= BMinionPlayed // after the event: its triggers see the plays before it
	}
}

// resolveAbilityPlayed schedules the card's ability (or the one that
// resolves instead: abilityOverride), and the Me First window that answers
// a card played.
func (g *Game) resolveAbilityPlayed(f *Frame, slot BaseID, on CardID) {
	p, c := f.Player, f.Src
	d := g.def(c)
	fn := int16(f.Get(abilityOverride))
	if fn < 0 && d.OnPlay != nil {
		fn = d.onPlayFn
	}
	g.resolvePlayed(fn, p, c, slot, on) // reactions.go: a WinPlayed window may come first
	// Specials that answer a card being played come after its triggers;
	// for a card played part-way through an ability, after that ability
	// has finished too (deferAfterPlayWindow)
	if g.windowOpens(WinAfterPlay) && !g.deferAfterPlayWindow(f, p, c, slot) {
		wf := g.push(fnWindow, p, c, slot, None)
		wf.Set(theWindow, int(WinAfterPlay))
	}
}

// standardActionLeaves sends a standard action that has resolved out of
// play: where an ability answering it leaving says (AfterStandard: Anansi's
// Web), or else to its owner's discard pile. While those abilities are
// asked, the first standard action of the turn is marked as such.
func (g *Game) standardActionLeaves(f *Frame) {
	p, c := f.Player, f.Src
	if g.Cards[c].Zone != ZSetAside {
		return
	}
	if f.Get(firstStandard) == 1 { // for the abilities it may answer, marked only while they are asked
		g.SetFlag(flagFirstStandard, p, c, ExpireEndOfTurn)
	}
	instead := g.standardLeaves(p, c)
	g.ClearFlag(flagFirstStandard, p, c)
	if instead {
		f.Next() // discardAction: if it went nowhere after all
		return
	}
	g.DiscardCard(c)
}

// goOnWithExtraChosen keeps which extra play its player chose
// (askLimitedExtra) and goes on with the play where it was going.
func (g *Game) goOnWithExtraChosen(f *Frame) {
	k := 0
	if f.Ans.Kind == OptCard || f.Ans.Kind == OptNum {
		k = int(f.Ans.Num) + 1
	}
	f.Set(chosenExtra, k)
	on := f.CardIn(chosenTarget)
	switch {
	case on != None:
		f.Ans = Option{Kind: OptCard, Card: on, Base: None, Player: None}
	case f.Base != None:
		f.Ans = Option{Kind: OptBase, Base: f.Base, Card: None, Player: None}
	default:
		f.Ans = Option{Kind: OptNone, Card: None, Base: None, Player: None}
	}
	f.Goto(putIntoPlay)
}

// playCardProc's steps.
const (
	chooseWhere   Step = iota // choose the base (or minion) to play it on
	putIntoPlay               // play it there, and resolve its ability
	actionLeaves              // a standard action leaves play
	discardAction             // to the discard pile, if it went nowhere else
	extraChosen               // which of several limited extra plays it uses was chosen (askLimitedExtra)
)

// playCardProc's slots. playedInWindow is recorded in the frame but nothing
// reads it.
const (
	theMode         NumSlot  = 0 // playNormal or playFree
	abilityOverride NumSlot  = 1 // the ability it resolves instead of its own (-1: its own)
	chosenExtra     NumSlot  = 2 // 1 + the index of the extra play chosen (askLimitedExtra); 0 (or less): none was asked
	chosenTarget    CardSlot = 3 // the minion it goes onto (None: a base)
	playedInWindow  NumSlot  = 4 // a Special played in a Me First window: which window
	firstStandard   NumSlot  = 5 // 1: the first standard action its player played this turn
)

// discardUnplayable discards card c, which has nowhere to be played, from
// the hand, deck or set-aside cards it was to be played from.
func (g *Game) discardUnplayable(c CardID) {
	if z := g.Cards[c].Zone; z == ZHand || z == ZSetAside || z == ZDeck {
		g.DiscardCard(c)
	}
}
