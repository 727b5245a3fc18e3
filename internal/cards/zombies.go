package cards

import "github.com/smashup/smashup/internal/engine"

// Zombies: play minions from the discard pile, recover cards from it.

// discardMinions lists the minion cards in p's discard pile.
func discardMinions(g *G, p Seat) []CardID { return where(g.Discard(p), g.IsMinion) }

// noMinionOfYours is a base filter: p controls no minion there.
func noMinionOfYours(g *G, p Seat) func(BaseID) bool {
	return func(s BaseID) bool { return len(g.MinionsAt(s, p)) == 0 }
}

// canGoOnto reports whether p may play minion c onto one of slots.
func canGoOnto(g *G, p Seat, c CardID, slots []BaseID) bool {
	for _, s := range slots {
		if g.MinionAllowed(p, c, s) {
			return true
		}
	}
	return false
}

// sameNameLoop builds an "any number of cards that share one name" pick:
// the player picks cards from pool one at a time (the first fixes the name)
// until they pass; take happens to each; done runs once at the end with the
// number taken. start, if not nil, runs once before the first pick. A loop
// (as many picks as the player wants), so named steps, not a flow.
func sameNameLoop(prompt engine.Prompt, start func(g *G, f *F), pool func(g *G, f *F) []CardID, take func(g *G, f *F, c CardID), done func(g *G, f *F, n int)) engine.AbilityFn {
	const (
		pickCard engine.Step = iota
		takeIt
	)
	const (
		theName engine.NumSlot = iota // the chosen name's definition + 1 (0: none yet)
		taken                         // cards taken so far
	)
	return func(g *G, f *F) {
		switch f.Step {
		case pickCard:
			if start != nil && f.Get(taken) == 0 {
				start(g, f)
			}
			cands := pool(g, f)
			if f.Get(theName) != 0 {
				cands = where(cands, func(c CardID) bool { return int(g.Cards[c].Def) == f.Get(theName)-1 })
			}
			g.AskCards(f, you(f), prompt, cands, true)
		case takeIt:
			c := f.Chosen()
			if c == none {
				if done != nil {
					done(g, f, f.Get(taken))
				}
				return
			}
			f.Set(theName, int(g.Cards[c].Def)+1)
			f.Add(taken, 1)
			take(g, f, c)
			f.Goto(pickCard)
		}
	}
}

var _ = card("zombies/zombie_lord", func(d *engine.Def) {
	// The bases where you had no minions when Zombie Lord was played are fixed
	// then; each is used at most once. A loop (a minion for each such base),
	// so named steps, not a flow.
	const (
		markOpenBases engine.Step = iota
		offerMinion
		chooseItsBase
		playIt
	)
	const (
		openBases engine.NumSlot  = iota // bit set of the base slots still open
		theMinion engine.CardSlot = iota
	)
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		open := func() []BaseID {
			return where(g.BaseSlots(), func(s BaseID) bool { return f.Get(openBases)&(1<<s) != 0 })
		}
		switch f.Step {
		case markOpenBases:
			for _, s := range where(g.BaseSlots(), noMinionOfYours(g, p)) {
				f.Set(openBases, f.Get(openBases)|1<<s)
			}
			f.Next()
		case offerMinion:
			slots := open()
			cands := where(discardMinions(g, p), func(c CardID) bool {
				return g.Power(c) <= 2 && canGoOnto(g, p, c, slots)
			})
			if len(cands) == 0 {
				return
			}
			askPlayOne(g, f, p, "You may play a minion of power 2 or less from your discard pile on a base where you had no minions", cands)
		case chooseItsBase:
			c := f.Chosen()
			if c == none {
				return
			}
			f.SetCard(theMinion, c)
			g.AskBases(f, p, "Choose the base to play {} on",
				where(open(), func(s BaseID) bool { return g.MinionAllowed(p, c, s) }), false, engine.CardArg(c))
		case playIt:
			s := f.ChosenBase()
			if s == none {
				return
			}
			f.Set(openBases, f.Get(openBases)&^(1<<s))
			g.PlayExtraNow(p, f.CardIn(theMinion), s)
			f.Goto(offerMinion)
		}
	}
})

var _ = card("zombies/grave_digger", func(d *engine.Def) {
	d.OnPlay = chooseCard("You may put a minion from your discard pile into your hand", true,
		func(g *G, f *F) []CardID { return discardMinions(g, you(f)) },
		func(g *G, f *F, c CardID) { g.ToHand(c, you(f)) })
})

var flagTenaciousZ = engine.NamedFlag("zombies/tenacious_z used")

var _ = card("zombies/tenacious_z", func(d *engine.Def) {
	d.Specials = []engine.Special{{
		Window: engine.WinPlayPhase, From: engine.ZDiscard, Play: true,
		OK: func(g *G, c CardID, p Seat, slot BaseID) bool {
			return !g.HasEffect(flagTenaciousZ, none, p) && canGoOnto(g, p, c, g.BaseSlots())
		},
		// Played as an extra minion; only one Tenacious Z ability per turn.
		Do: func(g *G, f *F) { g.SetFlag(flagTenaciousZ, you(f), none, engine.ExpireEndOfTurn) },
	}}
})

var _ = card("zombies/walker", func(d *engine.Def) {
	const topCard engine.CardSlot = 0
	d.OnPlay = flow(
		askYes("You look at {}, the top card of your deck: discard it? (no: it stays on top)").
			when(func(g *G, f *F) bool {
				f.SetCard(topCard, g.TopOfDeck(you(f)))
				return f.CardIn(topCard) != none
			}).with(cardNamed(topCard)),
		act(func(g *G, f *F) { g.DiscardCard(f.CardIn(topCard)) }),
	)
})

var _ = card("zombies/grave_robbing", func(d *engine.Def) {
	d.OnPlay = chooseCard("Put a card from your discard pile into your hand", false,
		func(g *G, f *F) []CardID { return g.Discard(you(f)) },
		func(g *G, f *F, c CardID) { g.ToHand(c, you(f)) })
})

var _ = card("zombies/lend_a_hand", func(d *engine.Def) {
	// Lend a Hand itself is set aside while it resolves, so it is never among the cards.
	d.OnPlay = shuffleFromDiscard("Choose a card from your discard pile to shuffle into your deck (pass when done)", engine.NoLimit, nil)
})

var _ = card("zombies/mall_crawl", func(d *engine.Def) {
	d.OnPlay = sameNameLoop("Search your deck: choose a card to put into your discard pile (all must share one name; pass when done)",
		func(g *G, f *F) {
			g.EnsureDeck(you(f)) // searching an empty deck uses the reshuffled discard pile
		},
		func(g *G, f *F) []CardID { return g.Deck(you(f)) },
		func(g *G, f *F, c CardID) {
			g.Emit(engine.Event{Kind: engine.EvReveal, Player: you(f), Card: c, Base: none})
			g.DiscardCard(c)
		},
		func(g *G, f *F, n int) { g.Shuffle(you(f)) })
})

var _ = card("zombies/not_enough_bullets", func(d *engine.Def) {
	d.OnPlay = sameNameLoop("Choose a minion in your discard pile to put into your hand (all must share one name; pass when done)", nil,
		func(g *G, f *F) []CardID { return discardMinions(g, you(f)) },
		func(g *G, f *F, c CardID) { g.ToHand(c, you(f)) }, nil)
})

var _ = card("zombies/outbreak", func(d *engine.Def) {
	// A generic extra (held for the phase), usable only on a base where you have no minions then.
	d.OnPlay = func(g *G, f *F) {
		e := engine.ExtraMinionGrant()
		e.Where, e.Src = engine.WhereNoOwnMinion, self(f)
		g.GrantExtra(you(f), e)
	}
})

var _ = card("zombies/overrun", func(d *engine.Def) {
	d.CanPlay = func(g *G, self CardID, p Seat, c CardID, slot BaseID) bool {
		return slot != g.BaseOf(self) || p == g.Ctrl(self) || !g.IsMinion(c)
	}
	d.Triggers = []engine.Trigger{destroyAtYourNextTurnStart()}
})

var _ = card("zombies/they_keep_coming", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		e := engine.ExtraMinionGrant()
		e.From = engine.ZDiscard
		g.GiveExtra(you(f), e, self(f))
	}
})

var _ = card("zombies/theyre_coming_to_get_you", func(d *engine.Def) {
	// Your normal minion play or a generic extra one, in your Play Cards phase,
	// may take the minion from your discard pile when it comes here.
	d.BaseFrom = func(g *G, self CardID, p Seat) bool {
		return p == g.Ctrl(self) && isCurrent(g, p) && g.Phase == engine.PhasePlay
	}
})
