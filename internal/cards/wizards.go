package cards

import "github.com/smashup/smashup/internal/engine"

// Wizards: draw cards and play extra actions.

// Archmage: the extra action granted this turn stays even if Archmage leaves play.
var _ = card("wizards/archmage", func(d *engine.Def) {
	grantEachTurn(d, func(g *G, self CardID, p Seat) {
		e := engine.ExtraActionGrant()
		e.Src = self
		g.GrantExtra(p, e)
	})
})

// Chronomage: in your Play Cards phase the extra action may be kept for later
// in the phase; played at any other time (e.g. through Hidden Ninja) it must
// be used at once.
var _ = card("wizards/chronomage", func(d *engine.Def) {
	d.OnPlay = extraActionFor
})

var _ = card("wizards/enchantress", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) { g.Draw(you(f), 1) }
})

// Neophyte: the revealed action is dealt with at once (hand, play or back on top).
var _ = card("wizards/neophyte", func(d *engine.Def) {
	d.OnPlay = flow(chooseOneAsking("Neophyte revealed {}: what do you do with it?",
		option("Put it into your hand", nil, func(g *G, f *F) { g.ToHand(f.Target, you(f)) }),
		option("Play it as an extra action",
			func(g *G, f *F) bool { return g.ActionPlayable(you(f), f.Target) },
			func(g *G, f *F) { g.PlayExtraNow(you(f), f.Target, none) }),
		option("Put it back on top of your deck", nil, nil),
	).when(func(g *G, f *F) bool {
		c := g.TopOfDeck(you(f))
		if c == none {
			return false
		}
		f.Target = c
		g.Emit(engine.Event{Kind: engine.EvReveal, Player: you(f), Card: c, Base: none})
		return g.DefOf(c).Type == engine.Action // else it stays on top
	}).with(func(g *G, f *F) engine.Arg { return engine.CardArg(f.Target) }))
})

// Mass Enchantment: the chosen action is played at once; you control it and
// it goes to its owner's discard pile when it leaves.
var _ = card("wizards/mass_enchantment", func(d *engine.Def) {
	const theAction engine.CardSlot = 0 // the revealed action played
	d.OnPlay = flow(
		// an extra card: optional (the compendium's "must play the chosen
		// card immediately" is about when, once one is chosen)
		pickCard(theAction, "You may play one of the revealed actions as an extra action", func(g *G, f *F) []CardID {
			p := you(f)
			var acts []CardID
			for _, o := range g.Others(p) {
				c := g.TopOfDeck(o)
				if c == none {
					continue
				}
				g.Emit(engine.Event{Kind: engine.EvReveal, Player: o, Card: c, Base: none})
				if g.ActionPlayable(p, c) {
					acts = append(acts, c)
				}
			}
			return acts
		}).may(),
		act(func(g *G, f *F) { g.PlayExtraNow(you(f), f.CardIn(theAction), none) }),
	)
})

var _ = card("wizards/mystic_studies", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) { g.Draw(you(f), 2) }
})

// portalCards are the cards Portal has revealed and not yet put away.
func portalCards(g *G, f *F) []CardID {
	return where(g.Collect(engine.ZSetAside, you(f)), func(c CardID) bool {
		return c != self(f) && g.Cards[c].Flags&engine.FRevealed != 0
	})
}

var _ = card("wizards/portal", func(d *engine.Def) {
	// Any number of minions, then the rest one at a time: loops, not a flow.
	const (
		revealFive engine.Step = iota
		chooseMinion
		takeIt
		chooseNextOnTop
		putItOnTop
	)
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		switch f.Step {
		case revealFive:
			for i := 0; i < 5; i++ {
				c := g.TopOfDeck(p)
				if c == none {
					break
				}
				g.SetAside(c, true)
			}
			f.Next()
		case chooseMinion: // any number of minions into your hand
			g.AskCards(f, p, "Put a revealed minion into your hand (pass when done)", where(portalCards(g, f), g.IsMinion), true)
		case takeIt:
			if c := f.Chosen(); c != none {
				g.ToHand(c, p)
				f.Goto(chooseMinion)
				return
			}
			f.Next()
		case chooseNextOnTop: // the rest back on top, in the order chosen
			rest := portalCards(g, f)
			if len(rest) == 0 {
				return
			}
			g.AskCards(f, p, "Put a revealed card back on top of your deck (the last one put back is the top card)", rest, false)
		case putItOnTop:
			if c := f.Chosen(); c != none {
				g.ToDeckTopOf(c, p)
				f.Goto(chooseNextOnTop)
			}
		}
	}
})

var _ = card("wizards/sacrifice", func(d *engine.Def) {
	d.OnPlay = chooseCard("Choose one of your minions: draw cards equal to its power, then destroy it", false,
		func(g *G, f *F) []CardID { return g.Minions(you(f)) },
		func(g *G, f *F, c CardID) {
			g.Draw(you(f), g.Power(c))
			g.Destroy(f, c)
		})
})

var _ = card("wizards/scry", func(d *engine.Def) {
	const theAction engine.CardSlot = 0 // the action found (none: there was none)
	d.OnPlay = flow(
		pickCard(theAction, "Search your deck for an action to put into your hand", func(g *G, f *F) []CardID {
			g.EnsureDeck(you(f))
			return where(g.Deck(you(f)), func(c CardID) bool { return g.DefOf(c).Type == engine.Action })
		}).orNone(),
		act(func(g *G, f *F) {
			p := you(f)
			if c := f.CardIn(theAction); c != none {
				g.Emit(engine.Event{Kind: engine.EvReveal, Player: p, Card: c, Base: none})
				g.ToHand(c, p)
			}
			g.Shuffle(p)
		}),
	)
})

var _ = card("wizards/summon", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) { extraMinion(g, you(f)) }
})

var _ = card("wizards/time_loop", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		extraAction(g, you(f))
		extraAction(g, you(f))
	}
})

var _ = card("wizards/winds_of_change", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		for _, c := range g.Hand(p) {
			g.ToDeckBottom(c)
		}
		g.Shuffle(p)
		g.Draw(p, 5)
		extraAction(g, p)
	}
})
