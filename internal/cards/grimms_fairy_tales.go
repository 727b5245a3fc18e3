package cards

import (
	"strings"

	"github.com/smashup/smashup/internal/engine"
)

// Grimms' Fairy Tales: minions that work in pairs by name, and searching.

// minionInPlay reports whether a minion with this printed name is in play
// ("the minion X": Grimms' Blessing does not count).
func minionInPlay(g *G, name string) bool { return g.MinionNamedInPlay(name) }

// pairBonus: +2 power to this minion while a card named partner is on its base.
func pairBonus(partner string) func(g *G, self, target CardID) int {
	return func(g *G, self, target CardID) int {
		if target != self || len(g.NamedAt(g.BaseOf(self), partner)) == 0 {
			return 0
		}
		return 2
	}
}

// searchDeckToTop: search your deck for a card (of pred) and put it on top.
func searchDeckToTop(prompt engine.Prompt, pred func(g *G, c CardID) bool) engine.AbilityFn {
	const found engine.CardSlot = 0 // the card found (none: none)
	return flow(
		pickCard(found, prompt, func(g *G, f *F) []CardID {
			g.EnsureDeck(you(f))
			return where(g.Deck(you(f)), func(c CardID) bool { return pred(g, c) })
		}).orNone(),
		act(func(g *G, f *F) {
			p, c := you(f), f.CardIn(found)
			g.Shuffle(p)
			if c != none {
				g.ToDeckTop(c)
				g.Log(p, "puts {} on top of their deck", c)
			}
		}),
	)
}

var _ = card("grimms_fairy_tales/big_bad_wolf", func(d *engine.Def) {
	const (
		victim engine.CardSlot = iota // the minion destroyed here
		played                        // the minion played from the discard pile
	)
	d.OnPlay = flow(
		pickCard(victim, "You may destroy a minion of power 4 or less here", func(g *G, f *F) []CardID {
			return where(g.MinionsAt(here(g, f), none), powerAtMost(g, 4))
		}).may().when(func(g *G, f *F) bool { return !minionInPlay(g, "Red Riding Hood") }),
		act(func(g *G, f *F) { g.Destroy(f, f.CardIn(victim)) }),
	)
	d.Triggers = []engine.Trigger{{
		On: engine.EvDestroy, From: engine.ZDiscard,
		When: func(g *G, self CardID, ev engine.Event) bool { return ev.Card == self },
		Do: flow(
			// an extra card: optional, as every extra card is (Culture
			// Shock rulebook), and now or never
			pickPlay(played, "Big Bad Wolf: you may play another minion from your discard pile where it was", func(g *G, f *F) []CardID {
				p, s := you(f), f.Ev.Base
				return where(g.Discard(p), func(c CardID) bool { return c != self(f) && g.IsMinion(c) && g.MinionAllowed(p, c, s) })
			}).when(func(g *G, f *F) bool { s := f.Ev.Base; return s >= 0 && g.BaseCardAt(s) != none }),
			act(func(g *G, f *F) { g.PlayExtraNow(you(f), f.CardIn(played), f.Ev.Base) }),
		),
	}}
})

var _ = card("grimms_fairy_tales/charming_princess", func(d *engine.Def) {
	d.TalentOK = func(g *G, self CardID) bool { return len(g.NamedAt(g.BaseOf(self), "Prince Charming")) > 0 }
	// A generic extra granted in the Play Cards phase: it may be kept for
	// later in the phase (compendium: Extra Cards).
	d.Talent = func(g *G, f *F) {
		e := engine.ExtraMinionGrant()
		e.Base = here(g, f)
		g.GrantExtra(you(f), e)
	}
})

var _ = card("grimms_fairy_tales/prince_charming", func(d *engine.Def) {
	d.TalentOK = func(g *G, self CardID) bool { return len(g.NamedAt(g.BaseOf(self), "Charming Princess")) > 0 }
	d.Talent = func(g *G, f *F) { extraAction(g, you(f)) }
})

var _ = card("grimms_fairy_tales/red_riding_hood", func(d *engine.Def) {
	d.PowerMod = func(g *G, self, target CardID) int {
		if !g.IsMinion(target) || g.BaseOf(target) != g.BaseOf(self) || g.Ctrl(target) != g.Ctrl(self) || minionInPlay(g, "Big Bad Wolf") {
			return 0
		}
		return 1
	}
})

var _ = card("grimms_fairy_tales/rumpelstiltskin", func(d *engine.Def) {
	d.OnPlay = searchDeckToTop("Search your deck for a card to put on top of it", func(g *G, c CardID) bool { return true })
})

var _ = card("grimms_fairy_tales/the_frog_prince", func(d *engine.Def) {
	const itsBase engine.BaseIDSlot = 0 // where the Frog Prince was
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlay,
		When: func(g *G, self CardID, ev engine.Event) bool {
			return ev.Card != self && ev.Player == g.Ctrl(self) && ev.Base == g.BaseOf(self) && g.IsMinion(ev.Card)
		},
		Do: flow(
			askYes("The Frog Prince: shuffle it into your deck to play a minion from your discard pile here?").
				when(func(g *G, f *F) bool {
					if !g.InPlay(self(f)) {
						return false
					}
					f.SetBase(itsBase, g.BaseOf(self(f)))
					return true
				}),
			act(func(g *G, f *F) { g.Place(f, self(f), engine.PlaceDeckBottom) }),
			act(func(g *G, f *F) {
				c := self(f)
				if g.Cards[c].Zone != engine.ZDeck {
					return // could not be shuffled in: no extra minion
				}
				g.Shuffle(g.Owner(c))
				g.OfferExtraPlay(you(f), engine.ExtraPlay{Kind: engine.ExtraMinion, MaxPower: engine.NoLimit, Base: f.BaseIn(itsBase), From: engine.ZDiscard, Card: none, Faction: none}, c)
			}),
		),
	}}
})

var _ = card("grimms_fairy_tales/gretel", func(d *engine.Def) { d.PowerMod = pairBonus("Hansel") })
var _ = card("grimms_fairy_tales/hansel", func(d *engine.Def) { d.PowerMod = pairBonus("Gretel") })
var _ = card("grimms_fairy_tales/rose_red", func(d *engine.Def) { d.PowerMod = pairBonus("The Other Snow White") })
var _ = card("grimms_fairy_tales/the_other_snow_white", func(d *engine.Def) { d.PowerMod = pairBonus("Rose Red") })

var _ = card("grimms_fairy_tales/another_story", func(d *engine.Def) {
	d.OnPlay = shuffleFromDiscard("Choose a card in your discard pile to shuffle into your deck, or pass", 3, nil)
})

var _ = card("grimms_fairy_tales/basket_of_goodies", func(d *engine.Def) {
	d.OnPlay = searchDeckToTop("Search your deck for an action to put on top of it", func(g *G, c CardID) bool { return g.DefOf(c).Type == engine.Action })
})

var _ = card("grimms_fairy_tales/fairy_godmothers_blessing", func(d *engine.Def) {
	d.OnPlay = searchDeckToTop("Search your deck for a minion to put on top of it", func(g *G, c CardID) bool { return g.IsMinion(c) })
})

var _ = card("grimms_fairy_tales/breadcrumbs", func(d *engine.Def) {
	const (
		firstMinion  engine.CardSlot   = iota
		fromBase     engine.BaseIDSlot = iota // where it was
		toBase                                // where it goes
		secondMinion engine.CardSlot   = iota // another one from the same base, moved there too
	)
	d.OnPlay = flow(
		pickCard(firstMinion, "Choose one of your minions to move (up to two from the same base)", mine).may().
			onAnswer(func(g *G, f *F) { f.SetBase(fromBase, g.BaseOf(f.CardIn(firstMinion))) }),
		pickBase(toBase, "Choose the base to move {} to", func(g *G, f *F) []BaseID { return otherBases(g, f.BaseIn(fromBase)) }).
			with(cardNamed(firstMinion)).destinationOf(func(g *G, f *F) CardID { return f.CardIn(firstMinion) }).
			onAnswer(func(g *G, f *F) { g.Move(f, f.CardIn(firstMinion), f.BaseIn(toBase)) }),
		pickCard(secondMinion, "You may move another of your minions from that base to the same base", func(g *G, f *F) []CardID {
			return where(g.MinionsAt(f.BaseIn(fromBase), you(f)), func(m CardID) bool {
				return m != f.CardIn(firstMinion) && g.CanMoveTo(you(f), m, f.BaseIn(toBase))
			})
		}).may(),
		act(func(g *G, f *F) { g.Move(f, f.CardIn(secondMinion), f.BaseIn(toBase)) }),
	)
})

var _ = card("grimms_fairy_tales/grimms_blessing", func(d *engine.Def) {
	d.AlsoNamed = func(g *G, self CardID, name string) bool {
		p, s := g.Ctrl(self), g.BaseOf(self)
		return g.Cards[self].On == none && len(g.MinionsAt(s, p)) >= 2 && g.OwnsCardNamed(p, engine.Minion, name)
	}
})

var _ = card("grimms_fairy_tales/mouse_bird_and_sausage", func(d *engine.Def) {
	const (
		first  engine.CardSlot = iota // a minion that gets +2 power
		second                        // another of its faction on its base
	)
	d.OnPlay = flow(
		pickCard(first, "Choose a minion to get +2 power (up to two of one faction on one base)", allMinions).may().
			onAnswer(func(g *G, f *F) { g.AddPower(f, f.CardIn(first), 2) }),
		pickCard(second, "You may choose another minion of the same faction on that base", func(g *G, f *F) []CardID {
			c := f.CardIn(first)
			fa := g.DefOf(c).Faction
			return where(g.MinionsAt(g.BaseOf(c), none), func(m CardID) bool { return m != c && g.DefOf(m).Faction == fa })
		}).may(),
		act(func(g *G, f *F) { g.AddPower(f, f.CardIn(second), 2) }),
	)
})

// nameInNorm reports whether the printed name of card c appears in a card
// text, given as t = " "+Normalize(text)+" " (normalized once for all the
// cards looked at). A name that is only part of a longer minion name there
// does not count: The Birch's text names The Birch Woman, not The Birch.
func nameInNorm(g *G, c CardID, t string) bool {
	n := " " + g.NormName(c) + " "
	if !strings.Contains(t, n) {
		return false // blanking longer names below only removes occurrences
	}
	for i := range g.NCards {
		if !g.IsMinion(i) {
			continue
		}
		if long := " " + g.NormName(i) + " "; len(long) > len(n) && strings.Contains(long, n) {
			t = strings.ReplaceAll(t, long, "  ")
		}
	}
	return strings.Contains(t, n)
}

var _ = card("grimms_fairy_tales/teamwork", func(d *engine.Def) {
	const (
		naming  engine.CardSlot = iota // the minion in play whose text names the one searched for
		found                          // the minion found
		foundIn engine.NumSlot  = iota // the zone it was found in
	)
	d.OnPlay = flow(
		pickCard(naming, "Choose a minion in play", allMinions),
		pickCard(found, "Search your hand, deck and discard pile for a minion named in its text", func(g *G, f *F) []CardID {
			p := you(f)
			text := " " + engine.Normalize(g.DefOf(f.CardIn(naming)).Text) + " "
			g.EnsureDeck(p) // searching an empty deck searches the reshuffled discard pile (compendium)
			var cands []CardID
			for _, z := range []engine.Zone{engine.ZHand, engine.ZDeck, engine.ZDiscard} {
				cands = append(cands, where(g.Collect(z, p), func(c CardID) bool { return g.IsMinion(c) && nameInNorm(g, c, text) })...)
			}
			return cands
		}).orNone(),
		chooseOneAsking("What do you do with {}?",
			option("Put it into your hand", nil, func(g *G, f *F) {
				g.ToHand(f.CardIn(found), you(f))
				g.Shuffle(you(f))
			}),
			option("Play it as an extra minion",
				func(g *G, f *F) bool { return g.CanPlayMinionSomewhere(you(f), f.CardIn(found)) },
				func(g *G, f *F) {
					c := f.CardIn(found)
					if engine.Zone(f.Get(foundIn)) == engine.ZDeck {
						g.SetAside(c, true)
					}
					g.PlayExtraNow(you(f), c, none)
					g.Shuffle(you(f))
				}),
		).when(func(g *G, f *F) bool {
			c := f.CardIn(found)
			if c == none {
				g.Shuffle(you(f))
				return false
			}
			f.Set(foundIn, int(g.Cards[c].Zone))
			revealSearched(g, you(f), c)
			return true
		}).with(cardNamed(found)),
	)
})

var _ = card("grimms_fairy_tales/the_woodsmans_axe", func(d *engine.Def) {
	const (
		destroyed engine.CardSlot   = iota // the card chosen to destroy
		itsBase   engine.BaseIDSlot = iota // where it was
		fromDeck  engine.CardSlot   = iota // the minion played from the deck
	)
	actionsOnBases := func(g *G, f *F) []CardID {
		var acts []CardID
		for _, s := range g.BaseSlots() {
			acts = append(acts, g.ActionsAt(s)...)
		}
		return acts
	}
	wolves := func(g *G, f *F) []CardID { return where(g.Minions(none), named(g, "Big Bad Wolf")) }
	destroy := func(cands func(g *G, f *F) []CardID) []step {
		return []step{
			pickCard(destroyed, "Choose the card to destroy", cands),
			act(func(g *G, f *F) {
				c := f.CardIn(destroyed)
				f.SetBase(itsBase, g.BaseOf(c))
				g.Destroy(f, c)
			}),
		}
	}
	stillThere := func(g *G, f *F) bool { return g.InPlay(f.CardIn(destroyed)) } // not destroyed: no reward
	d.OnPlay = flow(chooseOne(
		branch("Destroy an action on a base to play an extra action",
			func(g *G, f *F) bool { return len(actionsOnBases(g, f)) > 0 },
			flow(append(destroy(actionsOnBases),
				act(func(g *G, f *F) {
					if !stillThere(g, f) {
						extraActionFor(g, f)
					}
				}))...)),
		branch("Destroy the minion Big Bad Wolf to play a minion from your deck on its base",
			func(g *G, f *F) bool { return len(wolves(g, f)) > 0 },
			flow(append(destroy(wolves),
				// the minion is an extra card: optional, and now or never
				pickCard(fromDeck, "Search your deck for a minion to play on that base", func(g *G, f *F) []CardID {
					p, s := you(f), f.BaseIn(itsBase)
					g.EnsureDeck(p)
					return where(g.Deck(p), func(c CardID) bool {
						return g.IsMinion(c) && g.BaseCardAt(s) != none && g.MinionAllowed(p, c, s)
					})
				}).may().orNone().when(func(g *G, f *F) bool { return !stillThere(g, f) }),
				act(func(g *G, f *F) {
					if c := f.CardIn(fromDeck); c != none {
						g.SetAside(c, true)
						g.PlayExtraNow(you(f), c, f.BaseIn(itsBase))
					}
					g.Shuffle(you(f))
				}))...)),
	).when(func(g *G, f *F) bool { return len(actionsOnBases(g, f)) > 0 || len(wolves(g, f)) > 0 }))
})
