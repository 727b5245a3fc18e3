package cards

import "github.com/smashup/smashup/internal/engine"

// Anansi Tales: give cards to other players, play cards you own from their
// hands, and profit when others play or discard cards they do not own.

// isStandardAction reports whether card c is a standard action.
func isStandardAction(g *G, c CardID) bool {
	d := g.DefOf(c)
	return d.Type == engine.Action && d.Target == engine.Standard
}

// playsUnowned reports whether ev is another player (than self's holder)
// playing or discarding, from a hand or deck, a card they do not own.
func playsUnowned(g *G, self CardID, ev engine.Event) bool {
	if ev.Card < 0 || ev.Player == g.Ctrl(self) || g.Owner(ev.Card) == ev.Player {
		return false
	}
	from := ev.FromZone()
	return from == engine.ZHand || from == engine.ZDeck
}

// giftFromDeck: search your deck for a standard action and play it at once as an
// extra action; afterwards it goes to another player's hand. With forbid, you may
// not play another card of that name this turn. An action played only through
// its Special (Ashlar Masonry) cannot be played this way.
func giftFromDeck(forbid bool) engine.AbilityFn {
	const found engine.CardSlot = 0 // the action found (none: none)
	return flow(
		// no action can be found to play when p may play none (Mark of Sleep)
		pickCard(found, "Search your deck for a standard action to play", func(g *G, f *F) []CardID {
			p := you(f)
			g.EnsureDeck(p)
			return where(g.Deck(p), func(c CardID) bool {
				return isStandardAction(g, c) && !g.DefOf(c).SpecialOnly() && !g.ActionsForbidden(p)
			})
		}).may().orNone(),
		act(func(g *G, f *F) {
			p, c := you(f), f.CardIn(found)
			if c == none {
				g.Shuffle(p)
				return
			}
			g.SetAside(c, true) // a card searched for is revealed (compendium: Decks, Discards, and Searches)
			g.Shuffle(p)
			g.GiveAwayAfterPlay(c)
			g.PlayExtraNow(p, c, none)
			if forbid {
				g.ForbidName(p, c)
			}
		}),
	)
}

var _ = card("anansi_tales/anansi_the_spider", func(d *engine.Def) {
	d.Talent = giftFromDeck(true)
})

var _ = card("anansi_tales/the_perfect_gift", func(d *engine.Def) {
	d.OnPlay = giftFromDeck(false)
})

var _ = card("anansi_tales/onini_the_python", func(d *engine.Def) {
	put := func(g *G, f *F) { g.PlaceCounters(f, self(f), 1) }
	d.Triggers = []engine.Trigger{
		{On: engine.EvPlay, When: playsUnowned, Do: put},
		{On: engine.EvDiscard, When: playsUnowned, Do: put},
	}
})

var _ = card("anansi_tales/osebo_the_leopard", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On:    engine.EvGive,
		When:  func(g *G, self CardID, ev engine.Event) bool { return ev.Player == g.Ctrl(self) },
		Do:    func(g *G, f *F) { g.PlaceCounters(f, self(f), 1) },
		EvKey: anyEvent,
	}}
})

var _ = card("anansi_tales/akye_the_turtle", func(d *engine.Def) {
	const (
		gift     engine.CardSlot = iota // the card given
		receiver engine.SeatSlot = iota // the player who gets it
	)
	d.OnPlay = flow(
		pickCard(gift, "You may put a card from your hand into another player's hand (then draw two)", func(g *G, f *F) []CardID {
			return g.Hand(you(f))
		}).may(),
		pickPlayer(receiver, "Choose the player who gets {}", func(g *G, f *F) []Seat { return g.Others(you(f)) }).with(cardNamed(gift)),
		act(func(g *G, f *F) {
			g.Give(you(f), f.CardIn(gift), f.SeatIn(receiver))
			g.Draw(you(f), 2)
		}),
	)
})

var _ = card("anansi_tales/mboro_hornet", func(d *engine.Def) {
	// A Special answering another player playing or discarding a card they
	// do not own: after each such play or discard, every player is asked in
	// turn (a window), and a player holding a Hornet may play it as an extra
	// minion then.
	d.Specials = []engine.Special{{
		Window: engine.WinAnswer, From: engine.ZHand, Play: true,
		On:      []engine.EventKind{engine.EvPlay, engine.EvDiscard},
		Answers: unownedPlayedOrDiscarded,
		OK: func(g *G, c CardID, p Seat, slot BaseID) bool {
			_, _, who := g.Reaction()
			return who != p && g.CanPlayMinionSomewhere(p, c)
		},
	}}
})

// unownedPlayedOrDiscarded reports whether ev is a player playing or
// discarding, from a hand or deck, a card they do not own.
func unownedPlayedOrDiscarded(g *G, ev engine.Event) bool {
	if ev.Card < 0 || g.Owner(ev.Card) == ev.Player {
		return false
	}
	from := ev.FromZone()
	return from == engine.ZHand || from == engine.ZDeck
}

var _ = card("anansi_tales/collecting_stories", func(d *engine.Def) {
	const thePlayer engine.SeatSlot = 0 // whose hand you look at
	d.OnPlay = flow(
		lookAtAHand(thePlayer),
		do(func(g *G, f *F) {
			p := you(f)
			playable := where(g.Hand(f.SeatIn(thePlayer)), func(c CardID) bool {
				if g.Owner(c) != p {
					return false
				}
				return (g.IsMinion(c) && g.CanPlayMinionSomewhere(p, c)) || (!g.IsMinion(c) && !g.DefOf(c).SpecialOnly() && g.ActionHasTarget(p, c))
			})
			askPlayOne(g, f, p, "You may play a card you own from that hand as an extra card", playable)
		}),
		act(func(g *G, f *F) {
			if f.Ans.Kind == engine.OptPlay {
				g.PlayExtraNow(you(f), f.Ans.Card, none)
			}
		}),
	)
})

var _ = card("anansi_tales/ear_of_corn", func(d *engine.Def) {
	// Up to three actions, one at a time: a loop, so named steps, not a flow.
	const (
		chooseAction engine.Step = iota
		setItAside
		shuffleThemIn
	)
	const (
		chosen engine.NumSlot  = 0 // actions chosen so far
		first  engine.CardSlot = 1 // the actions chosen, up to three
	)
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		switch f.Step {
		case chooseAction:
			acts := where(g.Discard(p), func(c CardID) bool { return g.DefOf(c).Type == engine.Action })
			if f.Get(chosen) >= 3 || len(acts) == 0 {
				f.Goto(shuffleThemIn)
				return
			}
			g.AskCards(f, p, "Choose an action in your discard pile to shuffle into your deck", acts, true)
		case setItAside:
			c := f.Chosen()
			if c == none {
				f.Goto(shuffleThemIn)
				return
			}
			g.SetAside(c, true)
			f.SetCard(first+engine.CardSlot(f.Get(chosen)), c)
			f.Add(chosen, 1)
			f.Goto(chooseAction)
		case shuffleThemIn:
			for i := 0; i < f.Get(chosen); i++ {
				g.ToDeckBottom(f.CardIn(first + engine.CardSlot(i)))
			}
			if f.Get(chosen) > 0 {
				g.Shuffle(p)
			}
			// More of the ability follows the extra play, so it is played at
			// once or not at all (compendium: Extra Cards).
			g.OfferExtraPlay(p, engine.ExtraActionNow(), self(f))
			g.GiveAway(f, self(f))
		}
	}
})

var _ = card("anansi_tales/feather_gifts", func(d *engine.Def) {
	const theMinion engine.CardSlot = 0 // your minion moved (none: none)
	d.OnPlay = flow(
		pickCard(theMinion, "Choose one of your minions to move", mine).orNone(),
		act(func(g *G, f *F) {
			if c := f.CardIn(theMinion); c != none {
				moveToOtherBase(g, f, c, false)
			}
		}),
		act(func(g *G, f *F) { g.GiveAway(f, self(f)) }),
	)
})

var _ = card("anansi_tales/let_it_be_full_and_eat", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		g.Draw(you(f), 2)
		g.GiveAway(f, self(f))
	}
})

var _ = card("anansi_tales/pot_of_beans", func(d *engine.Def) {
	const (
		first  engine.CardSlot = iota // the minion that gets the first counter
		second                        // the one that gets the second (maybe the same)
	)
	// one counter at a time
	counterOn := func(s engine.CardSlot) func(g *G, f *F) {
		return func(g *G, f *F) {
			if c := f.CardIn(s); c != none {
				g.PlaceCounters(f, c, 1)
			}
		}
	}
	d.OnPlay = flow(
		pickCard(first, "Put a +1 power counter on a minion", allMinions).orNone(),
		act(counterOn(first)),
		pickCard(second, "Put a +1 power counter on a minion", allMinions).orNone(),
		act(func(g *G, f *F) {
			counterOn(second)(g, f)
			g.GiveAway(f, self(f))
		}),
	)
})

var _ = card("anansi_tales/pot_of_wisdom", func(d *engine.Def) {
	const (
		draw engine.Step = iota
		chooseGift
		giveIt
	)
	// A card for each other player in turn: a loop, so named steps, not a flow.
	const nextPlayer engine.NumSlot = 0 // index (in g.Others) of the player who gets a card next
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		others := g.Others(p)
		switch f.Step {
		case draw:
			g.Draw(p, len(others))
			f.Next()
		case chooseGift:
			if f.Get(nextPlayer) >= len(others) {
				extraActionFor(g, f)
				return
			}
			g.AskCards(f, p, "Choose a card from your hand to give to another player", g.Hand(p), false)
		case giveIt:
			if c := f.Chosen(); c != none {
				g.Give(p, c, others[f.Get(nextPlayer)])
			}
			f.Add(nextPlayer, 1)
			f.Goto(chooseGift)
		}
	}
})

var _ = card("anansi_tales/trading_stories", func(d *engine.Def) {
	const (
		chooseGift engine.Step = iota
		chooseReceiver
		giveIt
		draw
	)
	// Up to three cards, one at a time: a loop, so named steps, not a flow.
	const (
		given engine.NumSlot  = iota // cards given so far
		gift  engine.CardSlot = iota
	)
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		switch f.Step {
		case chooseGift:
			if f.Get(given) >= 3 || len(g.Hand(p)) == 0 {
				f.Goto(draw)
				return
			}
			g.AskCards(f, p, "You may give a card from your hand to another player", g.Hand(p), true)
		case chooseReceiver:
			c := f.Chosen()
			if c == none {
				f.Goto(draw)
				return
			}
			f.SetCard(gift, c)
			g.AskPlayers(f, p, "Choose the player who gets {}", g.Others(p), false, engine.CardArg(c))
		case giveIt:
			if q := f.ChosenPlayer(); q != none {
				g.Give(p, f.CardIn(gift), q)
				f.Add(given, 1)
			}
			f.Goto(chooseGift)
		case draw:
			g.Draw(p, f.Get(given))
		}
	}
})
