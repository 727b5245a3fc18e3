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
	const toHand, playIt, backOnTop = "Put it into your hand", "Play it as an extra action", "Put it back on top of your deck"
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		switch f.Step {
		case ask:
			c := g.TopOfDeck(p)
			if c == none {
				return
			}
			f.Target = c
			g.Emit(engine.Event{Kind: engine.EvReveal, Player: p, Card: c, Base: none})
			if g.DefOf(c).Type != engine.Action {
				return // it stays on top
			}
			choices := []string{toHand}
			if g.ActionPlayable(p, c) {
				choices = append(choices, playIt)
			}
			g.AskTexts(f, p, "Neophyte revealed {}: what do you do with it?", append(choices, backOnTop), engine.CardArg(c))
		case answered:
			c := f.Target
			switch engine.TextOf(f.Ans.Num) {
			case toHand:
				g.ToHand(c, p)
			case playIt:
				g.PlayExtraNow(p, c, none)
			}
		}
	}
})

// Mass Enchantment: the chosen action is played at once; you control it and
// it goes to its owner's discard pile when it leaves.
var _ = card("wizards/mass_enchantment", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		switch f.Step {
		case ask:
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
			// an extra card: optional (the compendium's "must play the chosen
			// card immediately" is about when, once one is chosen)
			g.AskCards(f, p, "You may play one of the revealed actions as an extra action", acts, true)
		case answered:
			if c := f.Chosen(); c != none {
				g.PlayExtraNow(p, c, none)
			}
		}
	}
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
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		switch f.Step {
		case ask:
			g.EnsureDeck(p)
			acts := where(g.Deck(p), func(c CardID) bool { return g.DefOf(c).Type == engine.Action })
			g.AskCards(f, p, "Search your deck for an action to put into your hand", acts, false)
		case answered:
			if c := f.Chosen(); c != none {
				g.Emit(engine.Event{Kind: engine.EvReveal, Player: p, Card: c, Base: none})
				g.ToHand(c, p)
			}
			g.Shuffle(p)
		}
	}
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
