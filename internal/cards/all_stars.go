package cards

import "github.com/smashup/smashup/internal/engine"

// Smash Up All Stars: one card from each of twenty factions. Cards that share
// a printed name with another faction's card (King Rex, Fan, Lab Assistant,
// Seeing Stars, Full Moon, Non-Infinite Loop) are separate definitions with
// the same behaviour; a dealt All Stars deck holds these definitions.

var _ = card("smash_up_all_stars/king_rex", nil)

var _ = card("smash_up_all_stars/granny", func(d *engine.Def) {
	const topCard engine.CardSlot = 0 // the top card of your deck
	d.Talent = flow(chooseOneAsking("The top card of your deck is {}: keep it on top or put it on the bottom?",
		option("Keep it on top", nil, func(g *G, f *F) {
			g.Log(you(f), "looks at the top card of their deck, {}, and keeps it there", f.CardIn(topCard))
		}),
		option("Put it on the bottom", nil, func(g *G, f *F) {
			g.ToDeckBottom(f.CardIn(topCard))
			g.Log(you(f), "looks at the top card of their deck, {}, and puts it on the bottom", f.CardIn(topCard))
		}),
	).when(func(g *G, f *F) bool {
		f.SetCard(topCard, g.TopOfDeck(you(f)))
		return f.CardIn(topCard) != none
	}).with(cardNamed(topCard)))
})

var _ = card("smash_up_all_stars/gelf", func(d *engine.Def) {
	const found engine.CardSlot = 0 // the minion found (none: none)
	d.Talent = flow(
		pickCard(found, "Search your deck for a minion of power 4 or less", func(g *G, f *F) []CardID {
			g.EnsureDeck(you(f))
			return where(g.Deck(you(f)), func(c CardID) bool {
				return g.IsMinion(c) && g.Power(c) <= 4 && !named(g, "G.E.L.F.")(c)
			})
		}).orNone(),
		// search, shuffle in, play: independent effects (compendium,
		// Multiple Effects), so G.E.L.F. goes into the deck even when
		// the search finds nothing
		act(func(g *G, f *F) {
			f.Base = here(g, f)
			if c := f.CardIn(found); c != none {
				g.SetAside(c, true)
			}
			g.Place(f, self(f), engine.PlaceDeckBottom)
		}),
		act(func(g *G, f *F) {
			g.Shuffle(you(f))
			if c := f.CardIn(found); c != none {
				g.PlayExtraNow(you(f), c, f.Base)
			}
		}),
	)
})

var _ = card("smash_up_all_stars/imperial_dragon", func(d *engine.Def) {
	draw := func(g *G, f *F) { g.Draw(you(f), 1) }
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlay,
		When: func(g *G, self CardID, ev engine.Event) bool {
			c := ev.Card
			return c != self && g.IsMinion(c) && ev.Base == g.BaseOf(self) && ev.Player != g.Ctrl(self)
		},
		Do: draw,
	}, {
		On: engine.EvMove,
		When: func(g *G, self CardID, ev engine.Event) bool {
			c := ev.Card
			if ev.Base != g.BaseOf(self) || ev.Mover() == g.Ctrl(self) || !g.IsMinion(c) {
				return false
			}
			return c == self || !movedTogether(g, c, self)
		},
		Do: draw,
	}}
})

var _ = card("smash_up_all_stars/lab_assistant", func(d *engine.Def) { d.OnPlay = counterOnAnother })

var _ = card("smash_up_all_stars/puck", func(d *engine.Def) {
	d.OnPlay = flow(chooseOne(
		option("Play an extra action", nil, extraActionFor),
		option("Draw a card", nil, func(g *G, f *F) { g.Draw(you(f), 1) }),
	))
})

var _ = card("smash_up_all_stars/fan", fanSpecial)

var _ = card("smash_up_all_stars/servitor_of_cthulhu", func(d *engine.Def) {
	const theAction engine.CardSlot = 0 // the action put on top of your deck
	d.Talent = flow(
		act(func(g *G, f *F) { g.Destroy(f, self(f)) }),
		// even when the destruction failed
		pickCard(theAction, "Put an action from your discard pile on top of your deck", func(g *G, f *F) []CardID {
			return where(g.Discard(you(f)), func(c CardID) bool { return g.DefOf(c).Type == engine.Action })
		}),
		act(func(g *G, f *F) { g.ToDeckTopOf(f.CardIn(theAction), you(f)) }),
	)
})

var _ = card("smash_up_all_stars/sprout", func(d *engine.Def) {
	const found engine.CardSlot = 0 // the minion found (none: none)
	d.Triggers = []engine.Trigger{{
		On: engine.EvTurnStart,
		When: func(g *G, self CardID, ev engine.Event) bool {
			return ev.Player == g.Ctrl(self) && g.Cards[self].Flags&engine.FPlayedTurn == 0
		},
		Do: flow(
			act(func(g *G, f *F) { g.Destroy(f, self(f)) }),
			pickCard(found, "You may search your deck for a minion of power 3 or less to play here", func(g *G, f *F) []CardID {
				g.EnsureDeck(you(f))
				return where(g.Deck(you(f)), func(c CardID) bool { return g.IsMinion(c) && g.Power(c) <= 3 })
			}).may().orNone(),
			// a deck that was searched is shuffled, whether or not a
			// minion was taken (compendium: Decks, Discards, and Searches)
			act(func(g *G, f *F) {
				if c := f.CardIn(found); c != none {
					g.SetAside(c, true)
					g.PlayExtraNow(you(f), c, f.Base)
				}
				g.Shuffle(you(f))
			}),
		),
	}}
})

var _ = card("smash_up_all_stars/begin_the_summoning", minionOnDeckExtraAction)

// keepInstead asks whether this standard action goes on top of its owner's
// deck (toDeck) or into their hand instead of the discard pile.
func keepInstead(prompt engine.Prompt, toDeck bool) engine.AbilityFn {
	setAside := func(g *G, f *F) bool { return g.Cards[self(f)].Zone == engine.ZSetAside }
	return flow(
		askYes(prompt).when(setAside),
		act(func(g *G, f *F) {
			if !setAside(g, f) {
				return
			}
			if toDeck {
				g.ToDeckTopOf(self(f), g.Owner(self(f)))
			} else {
				g.ToHand(self(f), g.Owner(self(f)))
			}
		}),
	)
}

var _ = card("smash_up_all_stars/favor_of_dionysus", func(d *engine.Def) {
	d.OnPlay = seq(
		chooseCard("One of your minions gets +1 power until the end of the turn", false,
			func(g *G, f *F) []CardID { return g.Minions(you(f)) },
			func(g *G, f *F, c CardID) { g.AddPower(f, c, 1) }),
		extraActionFor,
		keepInstead("Put Favor of Dionysus on top of your deck instead of the discard pile?", true))
})

var _ = card("smash_up_all_stars/friendship_power", func(d *engine.Def) {
	const (
		theMinion engine.CardSlot   = iota // your minion moved
		theBase   engine.BaseIDSlot = iota // to a base where you have a minion
	)
	d.OnPlay = seq(
		flow(
			pickCard(theMinion, "Move one of your minions to a base where you have a minion", func(g *G, f *F) []CardID {
				p := you(f)
				return where(g.Minions(p), func(m CardID) bool {
					for _, s := range otherBases(g, g.BaseOf(m)) {
						if len(g.MinionsAt(s, p)) > 0 {
							return true
						}
					}
					return false
				})
			}),
			pickBase(theBase, "Choose the base to move {} to", func(g *G, f *F) []BaseID {
				return where(otherBases(g, g.BaseOf(f.CardIn(theMinion))), func(s BaseID) bool { return len(g.MinionsAt(s, you(f))) > 0 })
			}).with(cardNamed(theMinion)).destinationOf(func(g *G, f *F) CardID { return f.CardIn(theMinion) }),
			act(func(g *G, f *F) { g.Move(f, f.CardIn(theMinion), f.BaseIn(theBase)) }),
		),
		keepInstead("Put Friendship Power into your hand instead of the discard pile?", false))
})

// yourMinionsHerePlusOne: ongoing, each of your minions on this card's base has +1 power.
func yourMinionsHerePlusOne(g *G, self, target CardID) int {
	if g.IsMinion(target) && g.BaseOf(target) == g.BaseOf(self) && g.Ctrl(target) == g.Ctrl(self) {
		return 1
	}
	return 0
}

var _ = card("smash_up_all_stars/full_moon", func(d *engine.Def) { d.PowerMod = yourMinionsHerePlusOne })

var _ = card("smash_up_all_stars/ghostly_arrival", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		extraMinionUpTo(g, f, engine.NoLimit) // held in your Play Cards phase, else offered at once
		extraActionFor(g, f)
	}
})

var _ = card("smash_up_all_stars/its_astounding", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		g.OfferExtraPlay(you(f), engine.ExtraPlay{Kind: engine.ExtraAction, MaxPower: engine.NoLimit, Base: none, From: engine.ZDiscard, Card: none, Faction: none}, self(f))
	}
})

var _ = card("smash_up_all_stars/non_infinite_loop", nonInfiniteLoopDef)

var _ = card("smash_up_all_stars/prepare_for_battle", func(d *engine.Def) {
	const theCard engine.CardSlot = 0 // the revealed card put into your hand
	d.OnPlay = flow(
		pickCard(theCard, "Put one of the revealed cards into your hand (the other goes on the bottom of your deck)", func(g *G, f *F) []CardID {
			top := g.LookTop(you(f), 2)
			for _, c := range top {
				g.Emit(engine.Event{Kind: engine.EvReveal, Player: you(f), Card: c, Base: none})
			}
			return top
		}),
		act(func(g *G, f *F) {
			p, c := you(f), f.CardIn(theCard)
			top := g.Deck(p)
			if len(top) > 2 {
				top = top[:2]
			}
			g.ToHand(c, p)
			for _, o := range top {
				if o != c {
					g.ToDeckBottom(o)
				}
			}
		}),
	)
})

var _ = card("smash_up_all_stars/seeing_stars", func(d *engine.Def) { d.OnPlay = seeingStars })

var _ = card("smash_up_all_stars/square_deal", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		for {
			for _, q := range g.Others(p) {
				if g.Count(engine.ZHand, q) < g.Count(engine.ZHand, p) {
					return
				}
			}
			if len(g.Draw(p, 1)) == 0 {
				return
			}
		}
	}
})

var _ = card("smash_up_all_stars/ensign", func(d *engine.Def) {
	// another player's card being played that affects one of your other minions here may affect this one instead
	// (a minion protected from the effect is not affected by it: nothing to take over)
	d.Redirect = func(g *G, self, target CardID, a engine.Affect) bool {
		return target != self && g.BaseOf(target) == g.BaseOf(self) && g.Ctrl(target) == g.Ctrl(self) && a.By != g.Ctrl(self) &&
			!g.Protected(target, a)
	}
})
