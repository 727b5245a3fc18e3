package cards

import "github.com/smashup/smashup/internal/engine"

// Geeks: answer other players' plays from the hand, meddle with hands and rules.

// flagGroupMove marks the minions Felicia Day moves together as one group.
var flagGroupMove = engine.NamedFlag("geeks/felicia_day/group")

var _ = card("geeks/felicia_day", func(d *engine.Def) {
	d.OnPlay = flow(
		act(func(g *G, f *F) {
			s := here(g, f)
			var group []CardID
			for _, m := range g.Minions(none) {
				if g.BaseOf(m) != s {
					group = append(group, m)
				}
			}
			for _, m := range group {
				g.MarkCard(flagGroupMove, m, self(f))
			}
			for _, m := range group {
				g.Move(f, m, s)
			}
		}),
		act(func(g *G, f *F) { g.Unmark(flagGroupMove, self(f)) }),
	)
})

// movedTogether reports whether minions a and b were moved together by one group move.
func movedTogether(g *G, a, b CardID) bool {
	for _, src := range g.Collect(engine.ZInPlay, none) {
		if g.Marked(flagGroupMove, a, src) && g.Marked(flagGroupMove, b, src) {
			return true
		}
	}
	return false
}

// anotherPlayersAction: the reaction window is about an action another player than p played.
func anotherPlayersAction(g *G, p Seat) bool {
	w, c, who := g.Reaction()
	return w == engine.WinPlayed && c != none && who != p && !g.Cancelled(c) && g.DefOf(c).Type == engine.Action
}

// cancelReacted cancels the card the reaction window is about.
func cancelReacted(g *G, f *F) {
	if _, c, _ := g.Reaction(); c != none {
		g.CancelPlay(f, c)
	}
}

// playToCancelAction is the Special of Wil Wheaton and Force of Wil: when
// another player plays an action, you may play this card from your hand, and
// that action is discarded with no effect.
func playToCancelAction(d *engine.Def) {
	d.Specials = []engine.Special{{
		Window: engine.WinPlayed, From: engine.ZHand, Play: true,
		OK: func(g *G, c CardID, p Seat, slot BaseID) bool { return anotherPlayersAction(g, p) },
		Do: cancelReacted,
	}}
}

var _ = card("geeks/wil_wheaton", playToCancelAction)

var _ = card("geeks/force_of_wil", playToCancelAction)

// notByOthers protects a card from abilities of cards other players control.
func notByOthers(g *G, self, target CardID, a engine.Affect) bool {
	if target != self || a.Src < 0 || a.Src == self || g.DefOf(a.Src).Type == engine.BaseCard {
		return false
	}
	return a.By != g.Ctrl(self)
}

var _ = card("geeks/game_guru", func(d *engine.Def) { d.Protect = notByOthers })

// fanSpecial: during your turn, discard this from your hand to draw a card.
func fanSpecial(d *engine.Def) {
	d.Specials = duringYourTurn(engine.ZHand, func(g *G, f *F) {
		g.DiscardCard(self(f))
		g.Draw(you(f), 1)
	})
}

var _ = card("geeks/fan", fanSpecial)

// cardNames lists the distinct names of the faction cards player p owns, sorted.
func cardNames(g *G, p Seat) []string {
	var ds []engine.DefID
	prev := engine.NoDef // the copies of a card are made one after another
	for i := range g.NCards {
		if g.Owner(i) != p {
			continue
		}
		d := g.DefOf(i)
		if d.Type != engine.Minion && d.Type != engine.Action || d.ID == prev {
			continue
		}
		prev = d.ID
		ds = append(ds, d.ID)
	}
	return engine.SortedNames(ds)
}

var _ = card("geeks/banned_list", func(d *engine.Def) {
	// Each other player in turn: a loop over the players, not a flow.
	const (
		nameCard engine.Step = iota
		lookAtHand
	)
	const otherPlayer engine.NumSlot = 0 // index (in Others) of the other player being handled
	d.OnPlay = func(g *G, f *F) {
		others := g.Others(you(f))
		switch f.Step {
		case nameCard:
			if f.Get(otherPlayer) >= len(others) {
				return
			}
			q := others[f.Get(otherPlayer)]
			g.AskTexts(f, you(f), "Name a card for {} (then look at their hand)", cardNames(g, q), engine.PlayerArg(q))
		case lookAtHand:
			q := others[f.Get(otherPlayer)]
			name := textAnswer(f)
			g.LookAtHand(you(f), q)
			for _, c := range where(g.Hand(q), named(g, name)) {
				g.ToDeckBottom(c)
			}
			f.Add(otherPlayer, 1)
			f.Goto(nameCard)
		}
	}
})

var _ = card("geeks/control_minion", func(d *engine.Def) {
	d.OnPlay = chooseCard("Choose a minion: you control it until the end of the turn", false, allMinions,
		func(g *G, f *F, c CardID) { g.TakeControl(f, c, you(f), engine.ExpireEndOfTurn) })
	d.Specials = []engine.Special{{
		Window: engine.WinPlayed, From: engine.ZHand, Play: true,
		OK: func(g *G, c CardID, p Seat, slot BaseID) bool {
			w, m, who := g.Reaction()
			return w == engine.WinPlayed && m != none && who != p && g.InPlay(m) && g.IsMinion(m) && g.Ctrl(m) != p
		},
		Do: func(g *G, f *F) {
			if _, m, _ := g.Reaction(); m != none && g.InPlay(m) {
				g.TakeControl(f, m, you(f), engine.ExpireEndOfTurn)
			}
		},
	}}
})

var _ = card("geeks/cosplay", func(d *engine.Def) {
	d.Specials = []engine.Special{{
		Window: engine.WinGainVP, From: engine.ZHand, Play: true,
		OK: func(g *G, c CardID, p Seat, slot BaseID) bool {
			w, _, who := g.Reaction()
			return w == engine.WinGainVP && who == p
		},
		Do: func(g *G, f *F) { g.GainVP(you(f), 1) },
	}}
})

var griefOptions = []string{"They discard a random card", "They destroy one of their minions", "They shuffle their discard pile into their deck"}

var _ = card("geeks/griefer", func(d *engine.Def) {
	// Each other player in turn, one of them perhaps choosing a minion: a
	// loop over the players, so named steps, not a flow.
	const (
		chooseWhatHappens engine.Step = iota
		makeItHappen
		destroyTheirChoice
	)
	const otherPlayer engine.NumSlot = 0 // index (in Others) of the other player being handled
	d.OnPlay = func(g *G, f *F) {
		others := g.Others(you(f))
		if f.Get(otherPlayer) >= len(others) {
			return
		}
		q := others[f.Get(otherPlayer)]
		switch f.Step {
		case chooseWhatHappens:
			g.AskTexts(f, you(f), "Choose what happens to {}", griefOptions, engine.PlayerArg(q))
		case makeItHappen:
			switch {
			case answeredText(f, griefOptions[0]):
				g.DiscardRandom(q, 1)
			case answeredText(f, griefOptions[1]):
				g.AskCards(f, q, "Destroy one of your minions", g.Minions(q), false)
				return
			default:
				for _, c := range g.Discard(q) {
					g.ToDeckBottom(c)
				}
				g.Shuffle(q)
			}
			f.Add(otherPlayer, 1)
			f.Goto(chooseWhatHappens)
		case destroyTheirChoice: // the player's choice of their own minion
			if c := f.Chosen(); c != none {
				// they carry the destruction out: it is credited to them (compendium, Affect)
				f.DoneBy(q, func() { g.Destroy(f, c) })
			}
			f.Add(otherPlayer, 1)
			f.Goto(chooseWhatHappens)
		}
	}
})

var _ = card("geeks/min_maxing", func(d *engine.Def) {
	const (
		thePlayer engine.SeatSlot = iota // whose hand you look at
		theAction engine.CardSlot = iota // the action you play from it
	)
	d.OnPlay = flow(
		lookAtAHand(thePlayer),
		pickCard(theAction, "You may play one of these actions as an extra action", func(g *G, f *F) []CardID {
			return where(g.Hand(f.SeatIn(thePlayer)), func(c CardID) bool { return !g.DefOf(c).SpecialOnly() && g.ActionPlayable(you(f), c) })
		}).may(),
		// you control it; it goes to its owner's discard pile
		act(func(g *G, f *F) { g.PlayExtraNow(you(f), f.CardIn(theAction), none) }),
	)
})

var _ = card("geeks/mulligan", func(d *engine.Def) {
	d.OnPlay = flow(
		askYes("Take the top cards of your deck ({}) and shuffle the rest of your hand into your deck?").
			when(func(g *G, f *F) bool { return len(g.LookTop(you(f), 5)) > 0 }).
			with(func(g *G, f *F) engine.Arg { return engine.TopArg(you(f), len(g.LookTop(you(f), 5))) }),
		// (no: they stay on top, in the same order)
		act(func(g *G, f *F) {
			p := you(f)
			top := g.Deck(p)
			if len(top) > 5 {
				top = top[:5]
			}
			for _, c := range top {
				g.SetAside(c, false)
			}
			for _, c := range g.Hand(p) {
				g.ToDeckBottom(c)
			}
			g.Shuffle(p)
			for _, c := range top {
				g.ToHand(c, p)
			}
		}),
	)
})

// nonInfiniteLoop: play an action from your hand at once as an extra action;
// afterwards you may take it back into your hand instead of the discard pile.
var nonInfiniteLoop = func() engine.AbilityFn {
	const theAction engine.CardSlot = 0
	return flow(
		// an extra card: optional, and now or never
		pickCard(theAction, "You may choose an action in your hand to play at once as an extra action", func(g *G, f *F) []CardID {
			return where(g.Hand(you(f)), func(c CardID) bool { return g.DefOf(c).Type == engine.Action })
		}).may(),
		act(func(g *G, f *F) {
			p, c := you(f), f.CardIn(theAction)
			if g.DefOf(c).SpecialOnly() || !g.ActionPlayable(p, c) {
				return // its conditions are not met: no effect, it stays in your hand
			}
			g.PlayExtraNow(p, c, none)
			g.SetFlagOn(flagLoopBack, c, self(f))
		}),
		askYes("Put {} back into your hand instead of the discard pile?").
			when(func(g *G, f *F) bool {
				c := f.CardIn(theAction)
				return g.Cards[c].Zone == engine.ZDiscard && g.Owner(c) == you(f)
			}).with(cardNamed(theAction)),
		act(func(g *G, f *F) { g.ToHand(f.CardIn(theAction), you(f)) }),
	)
}()

// flagLoopBack: an action played by Non-Infinite Loop may come back to its
// owner's hand when it leaves play this turn.
var flagLoopBack = engine.NamedFlag("geeks/non_infinite_loop/back")

// loopBackTrigger: the Non-Infinite Loop (in its owner's discard pile) offers
// to take back the action it played when that action leaves play this turn.
var loopBackTrigger = engine.Trigger{
	On: engine.EvLeavePlay, From: engine.ZDiscard,
	When: func(g *G, self CardID, ev engine.Event) bool {
		return ev.Card >= 0 && g.HasEffect(flagLoopBack, ev.Card, none) && g.FlagFrom(flagLoopBack, ev.Card, self)
	},
	Do: flow(
		askYes("Put {} back into your hand instead of the discard pile?").
			when(func(g *G, f *F) bool {
				c := f.Ev.Card
				return g.Cards[c].Zone == engine.ZDiscard && g.Owner(c) == you(f)
			}).with(func(g *G, f *F) engine.Arg { return engine.CardArg(f.Ev.Card) }),
		act(func(g *G, f *F) {
			if c := f.Ev.Card; g.Cards[c].Zone == engine.ZDiscard {
				g.ToHand(c, you(f))
			}
		}),
	),
}

func nonInfiniteLoopDef(d *engine.Def) {
	d.OnPlay = nonInfiniteLoop
	d.Triggers = []engine.Trigger{loopBackTrigger}
}

var _ = card("geeks/non_infinite_loop", nonInfiniteLoopDef)

var _ = card("geeks/rules_lawyer", func(d *engine.Def) {
	const theAction engine.CardSlot = 0 // the action moved
	d.OnPlay = flow(
		pickCard(theAction, "Choose an action on a base or on a minion to move", func(g *G, f *F) []CardID {
			return where(g.AllActionsInPlay(), func(a CardID) bool {
				if g.Cards[a].On == none {
					return len(g.BaseSlots()) > 1
				}
				return len(g.Minions(none)) > 1
			})
		}),
		// onto another minion, or to another base: the answer is a card or a base
		do(func(g *G, f *F) {
			a := f.CardIn(theAction)
			if on := g.Cards[a].On; on != none {
				g.AskCards(f, you(f), "Choose the minion to move {} onto", where(g.Minions(none), other(on)), false, engine.CardArg(a))
			} else {
				g.AskBases(f, you(f), "Choose the base to move {} to", otherBases(g, g.BaseOf(a)), false, engine.CardArg(a))
			}
		}),
		act(func(g *G, f *F) {
			a := f.CardIn(theAction)
			if !g.InPlay(a) || !g.Affects(f, a, engine.AffMove) {
				return
			}
			if s := f.ChosenBase(); s != none {
				g.MoveActionToBase(a, s)
			} else if m := f.Chosen(); m != none && g.InPlay(m) && g.Affects(f, m, engine.AffAttach) {
				g.AttachActionTo(a, m)
			}
		}),
	)
})
