package cards

import "github.com/smashup/smashup/internal/engine"

// Smash Up All Stars: one card from each of twenty factions. Cards that share
// a printed name with another faction's card (King Rex, Fan, Lab Assistant,
// Seeing Stars, Full Moon, Non-Infinite Loop) are separate definitions with
// the same behaviour; a dealt All Stars deck holds these definitions.

var _ = card("smash_up_all_stars/king_rex", nil)

var _ = card("smash_up_all_stars/granny", func(d *engine.Def) {
	const topCard engine.Slot = 0 // the top card of your deck
	d.Talent = func(g *G, f *F) {
		p := you(f)
		switch f.Step {
		case ask:
			c := g.TopOfDeck(p)
			if c == none {
				return
			}
			f.SetCard(topCard, c)
			g.AskTexts(f, p, "The top card of your deck is {}: keep it on top or put it on the bottom?", []string{"Keep it on top", "Put it on the bottom"}, engine.CardArg(c))
		case answered:
			if engine.TextOf(f.Ans.Num) == "Put it on the bottom" {
				g.ToDeckBottom(f.CardIn(topCard))
				g.Log(p, "looks at the top card of their deck, {}, and puts it on the bottom", f.CardIn(topCard))
			} else {
				g.Log(p, "looks at the top card of their deck, {}, and keeps it there", f.CardIn(topCard))
			}
		}
	}
})

var _ = card("smash_up_all_stars/gelf", func(d *engine.Def) {
	const (
		searchDeck engine.Step = iota
		swapWithIt
		playIt
	)
	const found engine.Slot = 0 // the minion found
	d.Talent = func(g *G, f *F) {
		p, s := you(f), here(g, f)
		switch f.Step {
		case searchDeck:
			g.EnsureDeck(p)
			found := where(g.Deck(p), func(c CardID) bool {
				return g.IsMinion(c) && g.Power(c) <= 4 && !named(g, "G.E.L.F.")(c)
			})
			g.AskCards(f, p, "Search your deck for a minion of power 4 or less", found, false)
		case swapWithIt:
			// search, shuffle in, play: independent effects (compendium,
			// Multiple Effects), so G.E.L.F. goes into the deck even when
			// the search finds nothing
			c := f.Chosen()
			f.SetCard(found, c)
			f.Base = s
			if c != none {
				g.SetAside(c, true)
			}
			g.Place(f, self(f), engine.PlaceDeckBottom)
			f.Next()
		case playIt:
			g.Shuffle(p)
			if c := f.CardIn(found); c != none {
				g.PlayExtraNow(p, c, f.Base)
			}
		}
	}
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
			if ev.Base != g.BaseOf(self) || ev.OtherSeat() == g.Ctrl(self) || !g.IsMinion(c) {
				return false
			}
			return c == self || !movedTogether(g, c, self)
		},
		Do: draw,
	}}
})

var _ = card("smash_up_all_stars/lab_assistant", func(d *engine.Def) { d.OnPlay = counterOnAnother })

var _ = card("smash_up_all_stars/puck", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		switch f.Step {
		case ask:
			g.AskTexts(f, you(f), "Choose one", []string{"Play an extra action", "Draw a card"})
		case answered:
			if engine.TextOf(f.Ans.Num) == "Draw a card" {
				g.Draw(you(f), 1)
			} else {
				extraActionFor(g, f)
			}
		}
	}
})

var _ = card("smash_up_all_stars/fan", fanSpecial)

var _ = card("smash_up_all_stars/servitor_of_cthulhu", func(d *engine.Def) {
	const (
		destroyThis engine.Step = iota
		chooseAction
		putItOnTop
	)
	d.Talent = func(g *G, f *F) {
		p := you(f)
		switch f.Step {
		case destroyThis:
			g.Destroy(f, self(f))
			f.Next()
		case chooseAction: // even when the destruction failed
			acts := where(g.Discard(p), func(c CardID) bool { return g.DefOf(c).Type == engine.Action })
			g.AskCards(f, p, "Put an action from your discard pile on top of your deck", acts, false)
		case putItOnTop:
			if c := f.Chosen(); c != none {
				g.ToDeckTopOf(c, p)
			}
		}
	}
})

var _ = card("smash_up_all_stars/sprout", func(d *engine.Def) {
	const (
		destroyThis engine.Step = iota
		searchDeck
		playIt
	)
	d.Triggers = []engine.Trigger{{
		On: engine.EvTurnStart,
		When: func(g *G, self CardID, ev engine.Event) bool {
			return ev.Player == g.Ctrl(self) && g.Cards[self].Flags&engine.FPlayedTurn == 0
		},
		Do: func(g *G, f *F) {
			p := you(f)
			switch f.Step {
			case destroyThis:
				g.Destroy(f, self(f))
				f.Next()
			case searchDeck:
				g.EnsureDeck(p)
				found := where(g.Deck(p), func(c CardID) bool { return g.IsMinion(c) && g.Power(c) <= 3 })
				g.AskCards(f, p, "You may search your deck for a minion of power 3 or less to play here", found, true)
			case playIt:
				// a deck that was searched is shuffled, whether or not a
				// minion was taken (compendium: Decks, Discards, and Searches)
				if c := f.Chosen(); c != none {
					g.SetAside(c, true)
					g.PlayExtraNow(p, c, f.Base)
				}
				g.Shuffle(p)
			}
		},
	}}
})

var _ = card("smash_up_all_stars/begin_the_summoning", minionOnDeckExtraAction)

// keepInstead asks whether this standard action goes to "where" instead of the discard pile.
func keepInstead(g *G, f *F, prompt engine.Prompt, toDeck bool) {
	switch f.Step {
	case ask:
		if g.Cards[self(f)].Zone == engine.ZSetAside {
			g.AskYesNo(f, you(f), prompt)
		}
	case answered:
		if f.Yes() && g.Cards[self(f)].Zone == engine.ZSetAside {
			if toDeck {
				g.ToDeckTopOf(self(f), g.Owner(self(f)))
			} else {
				g.ToHand(self(f), g.Owner(self(f)))
			}
		}
	}
}

var _ = card("smash_up_all_stars/favor_of_dionysus", func(d *engine.Def) {
	d.OnPlay = seq(
		chooseCard("One of your minions gets +1 power until the end of the turn", false,
			func(g *G, f *F) []CardID { return g.Minions(you(f)) },
			func(g *G, f *F, c CardID) { g.AddPower(f, c, 1) }),
		extraActionFor,
		func(g *G, f *F) {
			keepInstead(g, f, "Put Favor of Dionysus on top of your deck instead of the discard pile?", true)
		})
})

var _ = card("smash_up_all_stars/friendship_power", func(d *engine.Def) {
	const (
		chooseMinion engine.Step = iota
		chooseBaseWithYours
		moveIt
	)
	const theMinion engine.Slot = 0
	d.OnPlay = seq(
		func(g *G, f *F) {
			p := you(f)
			switch f.Step {
			case chooseMinion:
				movable := where(g.Minions(p), func(m CardID) bool {
					for _, s := range otherBases(g, g.BaseOf(m)) {
						if len(g.MinionsAt(s, p)) > 0 {
							return true
						}
					}
					return false
				})
				g.AskCards(f, p, "Move one of your minions to a base where you have a minion", movable, false)
			case chooseBaseWithYours:
				m := f.Chosen()
				if m == none {
					return
				}
				f.SetCard(theMinion, m)
				to := where(otherBases(g, g.BaseOf(m)), func(s BaseID) bool { return len(g.MinionsAt(s, p)) > 0 })
				g.AskBases(f, p, "Choose the base to move {} to", to, false, engine.CardArg(m))
			case moveIt:
				if s := f.ChosenBase(); s != none {
					g.Move(f, f.CardIn(theMinion), s)
				}
			}
		},
		func(g *G, f *F) {
			keepInstead(g, f, "Put Friendship Power into your hand instead of the discard pile?", false)
		})
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
		extraMinionUpTo(g, f, -1) // held in your Play Cards phase, else offered at once
		extraActionFor(g, f)
	}
})

var _ = card("smash_up_all_stars/its_astounding", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		g.OfferExtraPlay(you(f), engine.ExtraPlay{Kind: engine.ExtraAction, MaxPower: -1, Base: none, From: engine.ZDiscard, Card: none, Faction: none}, self(f))
	}
})

var _ = card("smash_up_all_stars/non_infinite_loop", nonInfiniteLoopDef)

var _ = card("smash_up_all_stars/prepare_for_battle", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		switch f.Step {
		case ask:
			top := g.LookTop(p, 2)
			for _, c := range top {
				g.Emit(engine.Event{Kind: engine.EvReveal, Player: p, Card: c, Base: none})
			}
			g.AskCards(f, p, "Put one of the revealed cards into your hand (the other goes on the bottom of your deck)", top, false)
		case answered:
			c := f.Chosen()
			if c == none {
				return
			}
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
		}
	}
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
