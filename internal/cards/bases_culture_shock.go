package cards

import "github.com/smashup/smashup/internal/engine"

// Bases of World Tour: Culture Shock.

var _ = card("base/anansis_web", func(d *engine.Def) {
	// The first standard action a player with a minion here plays each turn may
	// go to another player's hand instead of the discard pile; then they draw two.
	d.AfterStandardOK = func(g *G, self CardID, p Seat, c CardID) bool {
		return g.FirstStandardThisTurn(p, c) && len(g.MinionsAt(g.SlotOfBase(self), p)) > 0
	}
	d.AfterStandard = func(g *G, f *F) {
		p, c := you(f), f.Target
		switch f.Step {
		case ask:
			g.AskPlayers(f, p, "Anansi's Web: you may put {} into another player's hand (and draw two cards)", g.Others(p), true, engine.CardArg(c))
		case answered:
			if q := f.ChosenPlayer(); q != none && g.Cards[c].Zone == engine.ZSetAside {
				g.Give(p, c, q)
				g.Draw(p, 2)
			}
		}
	}
})

var _ = card("base/storytellers_hut", func(d *engine.Def) {
	// Once during your Play Cards phase: play an extra action; if you do, a
	// counter goes on this base, and each counter lowers its breakpoint by 2.
	const (
		offerAction engine.Step = iota
		counterIfPlayed
	)
	const actionsBefore engine.Slot = 0 // actions played this turn before the offer
	d.Talent = func(g *G, f *F) {
		p := you(f)
		switch f.Step {
		case offerAction:
			f.Set(actionsBefore, int(g.Players[p].ActionsPlayed))
			g.OfferExtraPlay(p, engine.ExtraActionNow(), self(f))
			f.Next()
		case counterIfPlayed:
			if int(g.Players[p].ActionsPlayed) > f.Get(actionsBefore) {
				if s := g.SlotOfBase(self(f)); s != none {
					g.AddBaseCounters(s, 1)
				}
			}
		}
	}
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
	if ev.Card < 0 || ev.Base != g.SlotOfBase(self) || ev.Other >= 0 {
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
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlay, When: playedHere,
		Do: func(g *G, f *F) {
			p := f.Ev.Player
			switch f.Step {
			case ask:
				if g.BaseMustIgnore(f.Base, p) {
					return
				}
				g.EnsureDeck(p)
				g.AskCards(f, p, "Woodland Cottage: you may search your deck for a minion of power 3 or less", where(g.Deck(p), func(c CardID) bool {
					return g.IsMinion(c) && g.Power(c) <= 3
				}), true)
			case answered:
				// shuffled after the search, whether or not a minion was
				// taken (compendium: Decks, Discards, and Searches)
				if c := f.Chosen(); c != none {
					g.ToHand(c, p)
				}
				g.Shuffle(p)
			}
		},
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
	const (
		chooseFirst engine.Step = iota
		chooseSecond
		boostPair
	)
	const (
		playerAsked engine.Slot = iota // index (from the current player) of the player asked
		firstMinion
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

var flagSpringUsed = engine.FlagID("base/transformation_spring used")

var _ = card("base/transformation_spring", func(d *engine.Def) {
	// Once during your turn (any phase), after you play a minion here: you may
	// put it on the bottom of its owner's deck to play a minion off the top of
	// your deck here.
	const (
		offerSwap engine.Step = iota
		putOnBottom
		playOffTop
	)
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlay,
		When: func(g *G, self CardID, ev engine.Event) bool {
			return playedHere(g, self, ev) && ev.Player == g.Current && !g.HasEffect(flagSpringUsed, self, ev.Player)
		},
		Do: func(g *G, f *F) {
			p, c, s := f.Ev.Player, f.Ev.Card, f.Base
			switch f.Step {
			case offerSwap:
				if !g.InPlay(c) || g.BaseOf(c) != s || g.HasEffect(flagSpringUsed, self(f), p) || g.BaseMustIgnore(s, p) {
					return
				}
				g.AskYesNo(f, p, "Transformation Spring: put {} on the bottom of its owner's deck to play a minion off the top of your deck here?", engine.CardArg(c))
			case putOnBottom:
				if !f.Yes() {
					return
				}
				g.SetFlag(flagSpringUsed, p, self(f), engine.ExpireEndOfTurn)
				g.Place(f, c, engine.PlaceDeckBottom)
				f.Next()
			case playOffTop:
				if g.Cards[c].Zone == engine.ZDeck {
					g.PlayOffTop(nil, p, engine.Minion, s, 0)
				}
			}
		},
	}}
})
