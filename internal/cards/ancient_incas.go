package cards

import "github.com/smashup/smashup/internal/engine"

// Ancient Incas: actions played on bases, and minions that profit from them.

// isBaseAction reports whether card c is an action played on a base.
func isBaseAction(g *G, c CardID) bool {
	d := g.DefOf(c)
	return d.Type == engine.Action && d.Target == engine.OnBase
}

// playedOnBase: ev is an action played on a base (not on a minion) by self's controller.
func playedOnBase(g *G, self CardID, ev engine.Event) bool {
	return ev.Card >= 0 && ev.PlayedOn() == none && ev.Base >= 0 && ev.Player == g.Ctrl(self) && isBaseAction(g, ev.Card)
}

// playedOnThisBase: as playedOnBase, onto self's base, and not self itself.
func playedOnThisBase(g *G, self CardID, ev engine.Event) bool {
	return playedOnBase(g, self, ev) && ev.Base == g.BaseOf(self) && ev.Card != self
}

// yourBaseActions lists the actions played on bases that p controls (not those on minions).
func yourBaseActions(g *G, p Seat) []CardID {
	var out []CardID
	for _, s := range g.BaseSlots() {
		for _, a := range g.ActionsAt(s) {
			if g.Ctrl(a) == p {
				out = append(out, a)
			}
		}
	}
	return out
}

// counterOnYourMinionAt asks p to put a +1 power counter on one of their minions at slot.
func counterOnYourMinionAt(may bool) engine.AbilityFn {
	const theMinion engine.CardSlot = 0 // your minion that gets the counter
	pick := pickCard(theMinion, "Put a +1 power counter on one of your minions there", func(g *G, f *F) []CardID {
		s := f.Base
		if f.Ev.Kind == engine.EvPlay {
			s = f.Ev.Base
		}
		return g.MinionsAt(s, you(f))
	})
	if may {
		pick = pick.may()
	}
	return flow(pick, act(func(g *G, f *F) { g.PlaceCounters(f, f.CardIn(theMinion), 1) }))
}

var _ = card("ancient_incas/sapa_inca", func(d *engine.Def) {
	const theAction engine.CardSlot = 0 // the action found (none: none)
	d.OnPlay = flow(
		pickCard(theAction, "Search your deck and discard pile for an action played on a base", func(g *G, f *F) []CardID {
			p := you(f)
			cands := where(g.Deck(p), func(c CardID) bool { return isBaseAction(g, c) })
			return append(cands, where(g.Discard(p), func(c CardID) bool { return isBaseAction(g, c) })...)
		}).orNone(),
		act(func(g *G, f *F) {
			if c := f.CardIn(theAction); c != none {
				g.ToHand(c, you(f))
			}
			g.Shuffle(you(f))
		}),
	)
	d.Triggers = []engine.Trigger{{On: engine.EvPlay, When: playedOnBase, Do: counterOnYourMinionAt(false)}}
})

// extraActionFor lets f's player play an extra action: in their own Play Cards
// phase it is held for later in the phase; at any other time (Puck played
// through Sprout at the start of the turn, Culture Shock cards that grant "an
// extra action") it is played at once or not at all.
func extraActionFor(g *G, f *F) { g.GiveExtra(you(f), engine.ExtraActionGrant(), self(f)) }

var _ = card("ancient_incas/child_of_the_sun", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlay,
		When: func(g *G, self CardID, ev engine.Event) bool {
			return playedOnThisBase(g, self, ev) && !g.UsedOnce(self)
		},
		Do: func(g *G, f *F) {
			if g.UsedOnce(self(f)) {
				return
			}
			g.UseOnce(self(f)) // only the first time each turn
			extraActionFor(g, f)
		},
	}}
})

var _ = card("ancient_incas/incan_engineer", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		if c := g.RevealUntil(p, func(c CardID) bool { return isBaseAction(g, c) }); c != none {
			g.ToHand(c, p)
		}
		g.ShuffleRevealedBack(p)
	}
})

var _ = card("ancient_incas/llama", func(d *engine.Def) {
	const theAction engine.CardSlot = 0 // your action returned, to be played here
	d.OnPlay = flow(
		pickCard(theAction, "You may return one of your actions on another base to play it here", func(g *G, f *F) []CardID {
			s := here(g, f)
			return where(yourBaseActions(g, you(f)), func(a CardID) bool { return g.BaseOf(a) != s })
		}).may(),
		act(func(g *G, f *F) { g.Return(f, f.CardIn(theAction)) }),
		act(func(g *G, f *F) {
			if c := f.CardIn(theAction); g.Cards[c].Zone == engine.ZHand && g.Ctrl(c) == you(f) {
				g.PlayExtraNow(you(f), c, here(g, f))
			}
		}),
	)
})

var _ = card("ancient_incas/armory", func(d *engine.Def) {
	d.LoosePower = func(g *G, self CardID, slot BaseID, p Seat) int {
		if g.BaseOf(self) != slot || g.Ctrl(self) != p || g.Cards[self].On != none {
			return 0
		}
		n := 0
		for _, a := range g.ActionsAt(slot) {
			if a != self && g.Ctrl(a) == p {
				n++
			}
		}
		return 2 * n
	}
})

// yourActionsOn lists the actions p controls played on the base at slot s
// (actions on minions there are not on the base).
func yourActionsOn(g *G, s BaseID, p Seat) []CardID {
	return where(g.ActionsAt(s), func(a CardID) bool { return g.Ctrl(a) == p })
}

var _ = card("ancient_incas/ashlar_masonry", func(d *engine.Def) {
	const (
		decksToShuffle engine.NumSlot  = iota // a bit for each player whose deck gets a card
		back           engine.CardSlot = iota // the action returned to your hand (none: none)
	)
	yours := func(g *G, f *F) []CardID { return where(yourActionsOn(g, f.Base, you(f)), other(self(f))) }
	d.Specials = []engine.Special{{
		Window: engine.WinAfterScore, From: engine.ZHand, Play: true,
		OK: func(g *G, c CardID, p Seat, slot BaseID) bool {
			return slot != none && len(yourActionsOn(g, slot, p)) > 0
		},
		Do: flow(
			pickCard(back, "You may return one of your actions on the scored base to your hand", yours).may().orNone(),
			act(func(g *G, f *F) {
				back := f.CardIn(back)
				if back != none {
					g.Return(f, back)
				}
				for _, a := range yours(g, f) {
					if a != back {
						g.Place(f, a, engine.PlaceDeckBottom)
						f.Set(decksToShuffle, f.Get(decksToShuffle)|1<<g.Owner(a))
					}
				}
			}),
			act(func(g *G, f *F) { shuffleDecksOf(g, f.Get(decksToShuffle)) }),
		),
	}}
})

var _ = card("ancient_incas/fortress_walls", func(d *engine.Def) {
	d.OnPlay = counterOnYourMinionAt(false)
	d.Triggers = []engine.Trigger{{On: engine.EvPlay, When: playedOnThisBase, Do: counterOnYourMinionAt(true)}}
})

// flagCondor marks the actions Golden Condor returns (a flag, unlike a mark,
// stays on the card as it goes back to the hand).
var flagCondor = engine.NamedFlag("golden condor")

var _ = card("ancient_incas/golden_condor", func(d *engine.Def) {
	// Any number of actions, one at a time: a loop, so named steps, not a flow.
	const (
		chooseAction engine.Step = iota
		flagItOrReturnThem
		playThemAgain
	)
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		switch f.Step {
		case chooseAction: // choose any number of your actions on bases, one at a time
			cands := where(yourBaseActions(g, p), func(a CardID) bool { return !g.HasEffect(flagCondor, a, p) })
			g.AskCards(f, p, "Choose an action of yours on a base to return (then play it again), or pass", cands, true)
		case flagItOrReturnThem:
			if c := f.Chosen(); c != none {
				g.SetFlag(flagCondor, p, c, engine.ExpireEndOfTurn)
				f.Goto(chooseAction)
				return
			}
			for _, a := range yourBaseActions(g, p) {
				if g.HasEffect(flagCondor, a, p) {
					g.Return(f, a)
				}
			}
			f.Next()
		case playThemAgain: // each returned card is played again at once, as an extra action
			for _, c := range g.Hand(p) {
				if g.HasEffect(flagCondor, c, p) {
					g.PlayExtraNow(p, c, none)
				}
			}
			g.ClearFlag(flagCondor, p, none)
		}
	}
})

var _ = card("ancient_incas/quipu_strings", func(d *engine.Def) {
	// the action is an extra card: optional, and now or never
	d.OnPlay = chooseCard("You may play an action from your discard pile on a base", true,
		func(g *G, f *F) []CardID {
			return where(g.Discard(you(f)), func(c CardID) bool { return isBaseAction(g, c) && g.ActionHasTarget(you(f), c) })
		},
		func(g *G, f *F, c CardID) { g.PlayExtraNow(you(f), c, none) })
})

// highwayMove: move one of your minions between base a and base b (either
// way; b none: any other base), route giving both as the ability begins. It
// is the whole of Royal Highway's ability.
func highwayMove(route func(g *G, f *F) (a, b BaseID)) engine.AbilityFn {
	const (
		highwayBase engine.BaseIDSlot = iota // a, as the ability began
		otherBase                            // b, as the ability began
		theMinion   engine.CardSlot   = iota // the minion moved
	)
	return flow(
		pickCard(theMinion, "You may move one of your minions to or from the Royal Highway's base", func(g *G, f *F) []CardID {
			a, b := f.BaseIn(highwayBase), f.BaseIn(otherBase)
			var cands []CardID
			cands = append(cands, g.MinionsAt(a, you(f))...)
			if b != none {
				cands = append(cands, g.MinionsAt(b, you(f))...)
			} else {
				for _, s := range otherBases(g, a) {
					cands = append(cands, g.MinionsAt(s, you(f))...)
				}
			}
			return cands
		}).may().when(func(g *G, f *F) bool {
			a, b := route(g, f)
			f.SetBase(highwayBase, a)
			f.SetBase(otherBase, b)
			return true
		}),
		act(func(g *G, f *F) {
			c, a, b := f.CardIn(theMinion), f.BaseIn(highwayBase), f.BaseIn(otherBase)
			switch {
			case g.BaseOf(c) != a:
				g.Move(f, c, a)
			case b != none:
				g.Move(f, c, b)
			default:
				moveToOtherBase(g, f, c, false)
			}
		}),
	)
}

var _ = card("ancient_incas/royal_highway", func(d *engine.Def) {
	d.OnPlay = highwayMove(func(g *G, f *F) (BaseID, BaseID) { return here(g, f), none })
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlay,
		When: func(g *G, self CardID, ev engine.Event) bool {
			return playedOnBase(g, self, ev) && ev.Base != g.BaseOf(self)
		},
		Do: highwayMove(func(g *G, f *F) (BaseID, BaseID) { return here(g, f), f.Ev.Base }),
	}}
})

var _ = card("ancient_incas/temple_of_the_sun", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) { g.Draw(you(f), 1) }
	d.Triggers = []engine.Trigger{{On: engine.EvPlay, When: playedOnThisBase, Do: func(g *G, f *F) { g.Draw(you(f), 1) }}}
})

// flagTopBaseDown: EffFlag id, "the top base card is face down this turn" (Signs in the Stars).
var flagTopBaseDown = engine.NamedFlag("ancient_incas/signs_in_the_stars face down")

var _ = card("ancient_incas/signs_in_the_stars", func(d *engine.Def) {
	// The top card of the base deck is face up and this base also has its
	// abilities (engine: lent bases), unless the current player turned it face
	// down for this turn at its start.
	d.LendsTopBase = func(g *G, self CardID) bool { return !g.HasEffect(flagTopBaseDown, none, none) }
	d.Triggers = []engine.Trigger{{
		On: engine.EvTurnStart,
		Do: flow(
			askYes("Signs in the Stars: turn the top card of the base deck face down until the end of your turn?").
				by(eventPlayer).when(func(g *G, f *F) bool { return g.TopBase() != none }),
			act(func(g *G, f *F) {
				g.SetFlag(flagTopBaseDown, f.Ev.Player, self(f), engine.ExpireEndOfTurn)
				g.Log(f.Ev.Player, "turns the top card of the base deck face down with {} until the end of their turn", self(f))
			}),
		),
	}}
	d.Talent = func(g *G, f *F) {
		if b := g.TopBase(); b != none {
			g.BaseToBottom(b)
		}
	}
})
