package cards

import "github.com/smashup/smashup/internal/engine"

// Bases of World Tour: Culture Shock.

var _ = card("base/anansis_web", func(d *engine.Def) {
	// The first standard action a player with a minion here plays each turn may
	// go to another player's hand instead of the discard pile; then they draw two.
	d.AfterStandardOK = func(g *G, self CardID, p Seat, c CardID) bool {
		return g.FirstStandardThisTurn(p, c) && len(g.MinionsAt(g.SlotOfBase(self), p)) > 0
	}
	const receiver engine.SeatSlot = 0 // the player who gets the action
	d.AfterStandard = flow(
		pickPlayer(receiver, "Anansi's Web: you may put {} into another player's hand (and draw two cards)",
			func(g *G, f *F) []Seat { return g.Others(you(f)) }).may().
			with(func(g *G, f *F) engine.Arg { return engine.CardArg(f.Target) }),
		act(func(g *G, f *F) {
			if p, c := you(f), f.Target; g.Cards[c].Zone == engine.ZSetAside {
				g.Give(p, c, f.SeatIn(receiver))
				g.Draw(p, 2)
			}
		}),
	)
})

var _ = card("base/storytellers_hut", func(d *engine.Def) {
	// Once during your Play Cards phase: play an extra action; if you do, a
	// counter goes on this base, and each counter lowers its breakpoint by 2.
	const actionsBefore engine.NumSlot = 0 // actions played this turn before the offer
	d.Talent = flow(
		act(func(g *G, f *F) {
			f.Set(actionsBefore, int(g.Players[you(f)].ActionsPlayed))
			g.OfferExtraPlay(you(f), engine.ExtraActionNow(), self(f))
		}),
		act(func(g *G, f *F) {
			if int(g.Players[you(f)].ActionsPlayed) > f.Get(actionsBefore) {
				if s := g.SlotOfBase(self(f)); s != none {
					g.AddBaseCounters(s, 1)
				}
			}
		}),
	)
	d.BreakMod = func(g *G, self CardID, slot BaseID) int {
		if g.SlotOfBase(self) != slot {
			return 0
		}
		return -2 * g.BaseCounters(slot)
	}
})

var _ = card("base/cuzcu", func(d *engine.Def) {
	d.BreakMod = func(g *G, self CardID, slot BaseID) int {
		if g.SlotOfBase(self) != slot {
			return 0
		}
		return -3 * len(g.ActionsAt(slot)) // actions on minions here are not on the base
	}
})

// playedActionOnBase: ev is an action played on the base self (not on a minion).
func playedActionOnBase(g *G, self CardID, ev engine.Event) bool {
	if ev.Card < 0 || ev.Base != g.SlotOfBase(self) || ev.PlayedOn() != none {
		return false
	}
	d := g.DefOf(ev.Card)
	return d.Type == engine.Action && d.Target == engine.OnBase
}

var _ = card("base/machu_picchu", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlay, When: playedActionOnBase,
		Do: eachGains(evPlayer, func(g *G, f *F, p Seat) { g.Draw(p, 1) }),
	}}
})

var _ = card("base/giant_turnip", func(d *engine.Def) {
	d.BreakMod = func(g *G, self CardID, slot BaseID) int {
		if g.SlotOfBase(self) != slot {
			return 0
		}
		return -len(g.MinionsAt(slot, none))
	}
})

var _ = card("base/tropical_paradise", func(d *engine.Def) {
	// With a minion of every player here, the starting breakpoint is 0 (other
	// modifiers still apply on top of it).
	d.BreakMod = func(g *G, self CardID, slot BaseID) int {
		if g.SlotOfBase(self) != slot {
			return 0
		}
		for p := range g.NPlayers {
			if len(g.MinionsAt(slot, p)) == 0 {
				return 0
			}
		}
		return -g.DefOf(self).Breakpoint
	}
})

var _ = card("base/island_peak", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On: engine.EvTurnStart,
		Do: eachGains(func(g *G, f *F, p Seat) bool { return p == f.Ev.Player && len(g.MinionsAt(f.Base, p)) == 1 },
			func(g *G, f *F, p Seat) { g.PlaceCounters(f, g.MinionsAt(f.Base, p)[0], 1) }),
	}}
})

var _ = card("base/woodland_cottage", func(d *engine.Def) {
	// Printed text: no once-per-turn limit (that is a later errata).
	const found engine.CardSlot = 0 // the minion found (none: none)
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlay, When: playedHere,
		Do: flow(
			pickCard(found, "Woodland Cottage: you may search your deck for a minion of power 3 or less", func(g *G, f *F) []CardID {
				p := f.Ev.Player
				g.EnsureDeck(p)
				return where(g.Deck(p), func(c CardID) bool { return g.IsMinion(c) && g.Power(c) <= 3 })
			}).by(eventPlayer).may().orNone().
				when(func(g *G, f *F) bool { return !g.BaseMustIgnore(f.Base, f.Ev.Player) }),
			// shuffled after the search, whether or not a minion was
			// taken (compendium: Decks, Discards, and Searches)
			act(func(g *G, f *F) {
				if c := f.CardIn(found); c != none {
					g.ToHand(c, f.Ev.Player)
				}
				g.Shuffle(f.Ev.Player)
			}),
		),
	}}
})

var _ = card("base/gingerbread_house", func(d *engine.Def) {
	// Before it scores, each player (from the current one, clockwise) may pick
	// exactly two of their minions here with equal power: +2 power each.
	pairs := func(g *G, s BaseID, p Seat) []CardID {
		ms := g.MinionsAt(s, p)
		return where(ms, func(m CardID) bool {
			for _, o := range ms {
				if o != m && g.Power(o) == g.Power(m) {
					return true
				}
			}
			return false
		})
	}
	// Each player in turn: a loop over the players, so named steps, not a flow.
	const (
		chooseFirst engine.Step = iota
		chooseSecond
		boostPair
	)
	const (
		playerAsked engine.NumSlot  = iota // index (from the current player) of the player asked
		firstMinion engine.CardSlot = iota
	)
	d.Triggers = []engine.Trigger{{
		On:   engine.EvScoringChosen,
		When: func(g *G, self CardID, ev engine.Event) bool { return ev.Base == g.SlotOfBase(self) },
		Do: func(g *G, f *F) {
			s := f.Base
			ps := g.PlayersFrom(g.Current)
			switch f.Step {
			case chooseFirst:
				if f.Get(playerAsked) >= len(ps) {
					return
				}
				q := ps[f.Get(playerAsked)]
				cands := pairs(g, s, q)
				if len(cands) == 0 || g.BaseMustIgnore(s, q) {
					f.Add(playerAsked, 1)
					f.Goto(chooseFirst)
					return
				}
				g.AskCards(f, q, "Gingerbread House: you may choose two of your minions here with equal power (+2 power each)", cands, true)
			case chooseSecond:
				c := f.Chosen()
				if c == none {
					f.Add(playerAsked, 1)
					f.Goto(chooseFirst)
					return
				}
				f.SetCard(firstMinion, c)
				q := ps[f.Get(playerAsked)]
				g.AskCards(f, q, "Choose the second minion with the same power", where(g.MinionsAt(s, q), func(m CardID) bool {
					return m != c && g.Power(m) == g.Power(c)
				}), false)
			case boostPair:
				if c := f.Chosen(); c != none {
					g.AddPower(f, f.CardIn(firstMinion), 2)
					g.AddPower(f, c, 2)
				}
				f.Add(playerAsked, 1)
				f.Goto(chooseFirst)
			}
		},
	}}
})

var _ = card("base/island_chain", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On:   engine.EvAfterScore,
		When: func(g *G, self CardID, ev engine.Event) bool { return ev.Base == g.SlotOfBase(self) },
		Do:   func(g *G, f *F) { g.AddBase(you(f)) },
	}}
})

var flagSpringUsed = engine.NamedFlag("base/transformation_spring used")

var _ = card("base/transformation_spring", func(d *engine.Def) {
	// Once during your turn (any phase), after you play a minion here: you may
	// put it on the bottom of its owner's deck to play a minion off the top of
	// your deck here.
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlay,
		When: func(g *G, self CardID, ev engine.Event) bool {
			return playedHere(g, self, ev) && ev.Player == g.Current && !g.HasEffect(flagSpringUsed, self, ev.Player)
		},
		// (the event's player and minion: who played which minion here)
		Do: flow(
			askYes("Transformation Spring: put {} on the bottom of its owner's deck to play a minion off the top of your deck here?").
				by(eventPlayer).
				when(func(g *G, f *F) bool {
					p, c, s := f.Ev.Player, f.Ev.Card, f.Base
					return g.InPlay(c) && g.BaseOf(c) == s && !g.HasEffect(flagSpringUsed, self(f), p) && !g.BaseMustIgnore(s, p)
				}).
				with(func(g *G, f *F) engine.Arg { return engine.CardArg(f.Ev.Card) }),
			act(func(g *G, f *F) {
				g.SetFlag(flagSpringUsed, f.Ev.Player, self(f), engine.ExpireEndOfTurn)
				g.Place(f, f.Ev.Card, engine.PlaceDeckBottom)
			}),
			act(func(g *G, f *F) {
				if g.Cards[f.Ev.Card].Zone == engine.ZDeck {
					g.PlayOffTop(nil, f.Ev.Player, engine.Minion, f.Base, 0)
				}
			}),
		),
	}}
})
