package cards

import "github.com/smashup/smashup/internal/engine"

// Russian Fairy Tales: transformations (minions replaced by minions played off
// the top of a deck), and minions that come back for each other.

const (
	toHandText = "Put it into your hand"
	toPlayText = "Play it as an extra minion"
)

// transform: minion c goes to the bottom of its owner's deck; that owner plays
// a minion off the top of their deck onto the same base, then shuffles their
// deck. Steps from `at`: call with the minion in f.V[4] at step at.
func transform(g *G, f *F, at int) {
	c := int(f.V[4])
	switch int(f.Step) - at {
	case 0:
		f.V[5] = int16(g.BaseOf(c))
		g.Place(f, c, engine.PlaceDeckBottom)
		f.Next()
	case 1:
		if g.Cards[c].Zone != engine.ZDeck {
			return // it did not go: nothing is played
		}
		g.PlayOffTop(nil, g.Owner(c), engine.Minion, int(f.V[5]), 0)
		f.Next()
	case 2:
		g.Shuffle(g.Owner(c))
	}
}

var _ = card("russian_fairy_tales/baba_yaga", func(d *engine.Def) {
	d.Talent = func(g *G, f *F) {
		switch f.Step {
		case 0:
			g.AskCards(f, you(f), "Choose another minion here to transform", where(g.MinionsAt(here(g, f), none), other(self(f))), false)
		case 1:
			c := f.Chosen()
			if c == none {
				return
			}
			f.V[4] = int16(c)
			f.Next()
		default:
			transform(g, f, 2)
		}
	}
	d.TalentOK = func(g *G, self int) bool { return len(g.MinionsAt(g.BaseOf(self), none)) > 1 }
})

var _ = card("russian_fairy_tales/transformation", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		switch f.Step {
		case 0:
			g.AskCards(f, you(f), "Choose a minion to transform", g.Minions(none), false)
		case 1:
			c := f.Chosen()
			if c == none {
				return
			}
			f.V[4] = int16(c)
			f.Next()
		default:
			transform(g, f, 2)
		}
	}
})

var _ = card("russian_fairy_tales/finist_the_falcon", func(d *engine.Def) {
	d.Specials = []engine.Special{{
		Window: engine.WinBeforeScore, From: engine.ZInPlay,
		OK: func(g *G, c, p, slot int) bool {
			return slot != none && (g.BaseOf(c) != slot || len(otherBases(g, slot)) > 0)
		},
		Do: func(g *G, f *F) {
			p, c, s := you(f), self(f), int(f.Base)
			switch f.Step {
			case 0:
				if g.BaseOf(c) != s {
					g.Move(f, c, s)
					return
				}
				g.Return(f, c)
				f.Next()
			case 1:
				if g.Cards[c].Zone != engine.ZHand || g.Ctrl(c) != p {
					return
				}
				g.AskBases(f, p, "Play Finist the Falcon on another base", where(otherBases(g, s), func(b int) bool { return g.MinionAllowed(p, c, b) }), false)
			case 2:
				if b := f.ChosenBase(); b != none {
					g.PlayExtraNow(p, c, b)
				}
			}
		},
	}}
})

// searchThreeZones lists the cards named name in p's hand, deck and discard pile.
func searchThreeZones(g *G, p int, name string) []int {
	var out []int
	for _, z := range []engine.Zone{engine.ZHand, engine.ZDeck, engine.ZDiscard} {
		out = append(out, where(g.Collect(z, p), named(g, name))...)
	}
	return out
}

// fetchPartner: search hand, deck and discard for partner; put it into the hand or
// play it as an extra minion (onto slot f.V[3], or any base when None). Steps from at.
// may: the search itself is optional (The Birch Woman); The Birch, once destroyed, must search.
func fetchPartner(g *G, f *F, at int, partner string, may bool) {
	p := you(f)
	switch int(f.Step) - at {
	case 0:
		d, err := engine.Lookup(partner)
		if err != nil {
			panic(err) // a misspelt partner: a programming error
		}
		g.AskCards(f, p, "Search your hand, deck and discard pile for {}", searchThreeZones(g, p, partner), may, engine.DefArg(d))
	case 1:
		c := f.Chosen()
		if c == none {
			g.Shuffle(p)
			return
		}
		f.V[2] = int16(c)
		opts := []string{toHandText}
		s := int(f.V[3])
		if (s == none && g.CanPlayMinionSomewhere(p, c)) || (s != none && g.BaseCardAt(s) != none && g.MinionAllowed(p, c, s)) {
			opts = append(opts, toPlayText)
		}
		g.AskTexts(f, p, "What do you do with {}?", opts, engine.CardArg(c))
	case 2:
		c := int(f.V[2])
		if f.Ans.Num == engine.Text(toPlayText) {
			if g.Cards[c].Zone == engine.ZDeck {
				g.SetAside(c, false)
			}
			g.PlayExtraNow(p, c, int(f.V[3]))
		} else {
			g.ToHand(c, p)
		}
		g.Shuffle(p)
	}
}

var _ = card("russian_fairy_tales/the_birch_woman", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlayToDiscard, From: engine.ZDiscard,
		When: func(g *G, self int, ev engine.Event) bool { return int(ev.Card) == self },
		Do: func(g *G, f *F) {
			if f.Step == 0 {
				f.V[3] = none
			}
			fetchPartner(g, f, 0, "The Birch", true)
		},
	}}
})

var _ = card("russian_fairy_tales/the_birch", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On:   engine.EvTurnStart,
		When: func(g *G, self int, ev engine.Event) bool { return int(ev.Player) == g.Ctrl(self) },
		Do: func(g *G, f *F) {
			switch f.Step {
			case 0:
				g.AskYesNo(f, you(f), "The Birch: destroy it to search for The Birch Woman?")
			case 1:
				if !f.Yes() {
					return
				}
				f.V[3] = int16(here(g, f))
				g.Destroy(f, self(f))
				f.Next()
			case 2:
				if g.InPlay(self(f)) {
					return // not destroyed
				}
				f.Next()
			default:
				fetchPartner(g, f, 3, "The Birch Woman", false)
			}
		},
	}}
})

var _ = card("russian_fairy_tales/the_gray_wolf", func(d *engine.Def) {
	d.Talent = func(g *G, f *F) {
		p := you(f)
		switch f.Step {
		case 0:
			f.V[0] = int16(here(g, f))
			g.Place(f, self(f), engine.PlaceDeckTop)
			f.Next()
		case 1:
			s := int(f.V[0])
			if g.Cards[self(f)].Zone != engine.ZDeck {
				return
			}
			g.BeginAsk()
			for _, c := range g.Hand(p) {
				if g.IsMinion(c) && g.MinionAllowed(p, c, s) {
					g.Opt(engine.Option{Kind: engine.OptPlay, Player: int8(p), Card: int16(c), Base: none, Num: -1})
				}
			}
			g.Ask(f, p, "You may play an extra minion here (it gets a +1 power counter)", engine.AskMay)
		case 2:
			if f.Ans.Kind != engine.OptPlay {
				return
			}
			f.V[1] = f.Ans.Card
			g.PlayExtraNow(p, int(f.Ans.Card), int(f.V[0]))
			f.Next()
		case 3:
			if c := int(f.V[1]); g.InPlay(c) {
				g.PlaceCounters(f, c, 1)
			}
		}
	}
})

var _ = card("russian_fairy_tales/foolish_magician", func(d *engine.Def) {
	const top, bottom = "On top of your deck", "On the bottom of your deck"
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		switch f.Step {
		case 0:
			g.Draw(p, 3)
			f.Next()
		case 1: // V0 = cards put back so far
			if f.V[0] >= 3 || len(g.Hand(p)) == 0 {
				return
			}
			g.AskCards(f, p, "Choose a card from your hand to put on your deck", g.Hand(p), false)
		case 2:
			f.V[1] = int16(f.Chosen())
			g.AskTexts(f, p, "Where does {} go?", []string{top, bottom}, engine.CardArg(int(f.V[1])))
		case 3:
			if c := int(f.V[1]); c != none {
				if f.Ans.Num == engine.Text(top) {
					g.ToDeckTopOf(c, p)
					g.Log(p, "puts {} from their hand on top of their deck", c)
				} else {
					g.ToDeckBottom(c)
					g.Log(p, "puts {} from their hand on the bottom of their deck", c)
				}
			}
			f.V[0]++
			f.Goto(1)
		}
	}
})

var _ = card("russian_fairy_tales/tsar_eagle", func(d *engine.Def) {
	const draw, back = "Draw a card", "Put a minion from another player's discard pile on top of their deck"
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		var mins []int
		for _, q := range g.Others(p) {
			mins = append(mins, where(g.Discard(q), g.IsMinion)...)
		}
		switch f.Step {
		case 0:
			opts := []string{draw}
			if len(mins) > 0 {
				opts = append(opts, back)
			}
			g.AskTexts(f, p, "Choose one", opts)
		case 1:
			if f.Ans.Num == engine.Text(draw) {
				g.Draw(p, 1)
				return
			}
			g.AskCards(f, p, "Choose a minion in another player's discard pile", mins, false)
		case 2:
			if c := f.Chosen(); c != none {
				g.ToDeckTop(c)
			}
		}
	}
})

var _ = card("russian_fairy_tales/toad", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		p, c := you(f), self(f)
		switch f.Step {
		case 0:
			g.AskPlayers(f, p, "You may give control of Toad to another player", g.Others(p), true)
		case 1:
			q := f.ChosenPlayer()
			if q == none {
				return
			}
			g.TakeControl(f, c, q, engine.ExpireNever)
			if g.Ctrl(c) != q {
				return
			}
			g.AskCards(f, p, "Choose another minion of that player here to shuffle into its owner's deck", where(g.MinionsAt(here(g, f), q), other(c)), false)
		case 2:
			m := f.Chosen()
			if m == none {
				return
			}
			f.V[0] = int16(m)
			g.Place(f, m, engine.PlaceDeckBottom)
			f.Next()
		case 3:
			if m := int(f.V[0]); g.Cards[m].Zone == engine.ZDeck {
				g.Shuffle(g.Owner(m))
			}
		}
	}
})

var _ = card("russian_fairy_tales/bewitched", func(d *engine.Def) {
	d.PowerMod = func(g *G, self, target int) int {
		if int(g.Cards[self].On) == target {
			return 2
		}
		return 0
	}
	d.HostLeaves = chooseCard("Bewitched: choose another minion to move it onto", false,
		func(g *G, f *F) []int { return g.Minions(none) },
		func(g *G, f *F, m int) { g.AttachTo(f, self(f), m) })
})

var _ = card("russian_fairy_tales/fetch_i_know_not_what", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		isAction := func(c int) bool { return g.DefOf(c).Type == engine.Action }
		switch f.Step {
		case 0:
			// One reveal: the second search goes on only while the deck lasts
			// (a new deck is made from the discard pile only before the first card).
			if g.RevealUntil(p, isAction) != none && len(g.Deck(p)) > 0 {
				g.RevealUntil(p, isAction)
			}
			f.Next()
		case 1:
			g.AskCards(f, p, "Put any number of the revealed actions into your hand", where(g.Revealed(p), isAction), true)
		case 2:
			if c := f.Chosen(); c != none {
				g.ToHand(c, p)
				f.Goto(1)
				return
			}
			g.ShuffleRevealedBack(p)
		}
	}
})

var _ = card("russian_fairy_tales/go_i_know_not_whither", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		switch f.Step {
		case 0:
			g.AskBases(f, p, "Choose a base", g.BaseSlots(), false)
		case 1:
			s := f.ChosenBase()
			if s == none {
				return
			}
			for _, q := range g.Others(p) {
				if ms := g.MinionsAt(s, q); len(ms) > 0 {
					m := ms[g.Intn(len(ms))]
					f.V[0] |= 1 << g.Owner(m)
					g.Place(f, m, engine.PlaceDeckBottom)
				}
			}
			f.Next()
		case 2:
			for q := 0; q < int(g.NPlayers); q++ {
				if f.V[0]&(1<<q) != 0 {
					g.Shuffle(q)
				}
			}
		}
	}
})

var _ = card("russian_fairy_tales/go_see_my_sister", func(d *engine.Def) {
	arrived := func(g *G, self int, ev engine.Event) bool {
		c := int(ev.Card)
		return c >= 0 && g.IsMinion(c) && int(ev.Base) == g.BaseOf(self) && g.InPlay(c) && g.Ctrl(c) == g.Ctrl(self) &&
			(ev.Kind != engine.EvPlay || int(ev.Player) == g.Ctrl(self)) &&
			(ev.Kind != engine.EvMove || int(ev.Other) == g.Ctrl(self)) // moved by you, not by another player
	}
	draw := func(g *G, f *F) {
		switch f.Step {
		case 0:
			g.AskYesNo(f, you(f), "Go See My Sister: draw a card?")
		case 1:
			if f.Yes() {
				g.Draw(you(f), 1)
			}
		}
	}
	d.Triggers = []engine.Trigger{{On: engine.EvPlay, When: arrived, Do: draw}, {On: engine.EvMove, When: arrived, Do: draw}}
})

var _ = card("russian_fairy_tales/mass_transformation", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		for _, p := range g.PlayersFrom(you(f)) {
			h := g.Hand(p)
			for _, c := range h {
				g.ToDeckBottom(c)
			}
			g.Draw(p, len(h))
		}
	}
})

var _ = card("russian_fairy_tales/the_frog_princess", func(d *engine.Def) {
	d.Talent = func(g *G, f *F) {
		p, a := you(f), self(f)
		switch f.Step {
		case 0:
			m := int(g.Cards[a].On)
			if m == none {
				return
			}
			f.V[0], f.V[1] = int16(m), int16(g.BaseOf(m))
			g.Cards[a].On = none // held aside from the minion while it goes
			g.Place(f, m, engine.PlaceDeckBottom)
			f.Next()
		case 1:
			m := int(f.V[0])
			if g.InPlay(m) { // the minion stayed: nothing happens
				g.Cards[a].On = int16(m)
				return
			}
			g.PlayOffTop(f, p, engine.Minion, int(f.V[1]), 2)
			f.Next()
		case 2:
			if c := int(f.V[2]); c == none || !g.AttachTo(f, a, c) {
				g.Place(f, a, engine.PlaceDiscard)
			}
			g.Shuffle(p)
		}
	}
})

var _ = card("russian_fairy_tales/the_water_of_life", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		switch f.Step {
		case 0:
			g.AskCards(f, you(f), "Put a minion from your discard pile on top of your deck", where(g.Discard(you(f)), g.IsMinion), false)
		case 1:
			if c := f.Chosen(); c != none {
				g.ToDeckTopOf(c, you(f))
			}
			extraActionFor(g, f)
		}
	}
})
