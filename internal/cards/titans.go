package cards

import "github.com/smashup/smashup/internal/engine"

// Titans (optional, game option engine.RuleTitans): one per faction, waiting
// beside their owner until a card lets them be played (engine/titans.go has
// the rules: PlayTitan, power given to the controller, Clash of the Titans).
// The Mad Scientists titan is not registered: its name and text are unknown.

// ownCounters is the number of +1 power counters on p's minions in play.
func ownCounters(g *G, p Seat) int {
	n := 0
	for _, m := range g.Minions(p) {
		n += int(g.Cards[m].Counters)
	}
	return n
}

// myTurnTitan is the common condition of a titan's own play: on p's turn,
// when the rules let p play it.
func myTurnTitan(g *G, c CardID, p Seat) bool {
	return isCurrent(g, p) && g.CanPlayTitan(p, c)
}

// titanSpecial is a Special that plays the titan from beside its owner; do
// pays what the card asks and calls g.PlayTitan (nil: play it on any base).
func titanSpecial(w engine.Window, ok func(g *G, c CardID, p Seat, slot BaseID) bool, do engine.AbilityFn) engine.Special {
	return engine.Special{Window: w, From: engine.ZTitan, Play: true, OK: ok, Do: do}
}

// --- The Kraken (Pirates) ---

var _ = card("pirates/the_kraken", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{
		{ // a base where you have a minion scores: remember it (its note: slot+1)
			On: engine.EvScore, From: engine.ZTitan,
			When: func(g *G, c CardID, ev engine.Event) bool { return len(g.MinionsAt(ev.Base, g.Ctrl(c))) > 0 },
			Do:   func(g *G, f *F) { g.SetNote(self(f), int(f.Ev.Base)+1) },
		},
		{ // ...and its replacement arrives: "Release the Kraken!"
			On: engine.EvBaseReplaced, From: engine.ZTitan,
			When: func(g *G, c CardID, ev engine.Event) bool { return g.Note(c) == int(ev.Base)+1 },
			Do: flow(
				askYes("Release the Kraken: play The Kraken on {}?").
					when(func(g *G, f *F) bool {
						g.SetNote(self(f), 0)
						return g.BaseCardAt(f.Ev.Base) != none && g.CanPlayTitan(you(f), self(f))
					}).
					with(func(g *G, f *F) engine.Arg { return engine.CardArg(g.BaseCardAt(f.Ev.Base)) }),
				act(func(g *G, f *F) { g.PlayTitan(f, self(f), 1<<f.Ev.Base, engine.TitanFree) }),
			),
		},
	}
	// Talent: move it to another base; other players' minions there get -1 power this turn.
	const (
		destination engine.BaseIDSlot = iota // where The Kraken moves
		theMinion   engine.CardSlot   = iota // your minion moved away after its base scores
	)
	d.Talent = flow(
		pickBase(destination, "Move The Kraken to another base", func(g *G, f *F) []BaseID { return otherBases(g, here(g, f)) }).
			destinationOf(func(g *G, f *F) CardID { return self(f) }),
		act(func(g *G, f *F) { g.Move(f, self(f), f.BaseIn(destination)) }),
		act(func(g *G, f *F) {
			s := f.BaseIn(destination)
			if g.BaseOf(self(f)) != s {
				return
			}
			for _, m := range g.MinionsAt(s, none) {
				if g.Ctrl(m) != you(f) {
					g.AddPower(f, m, -1)
				}
			}
		}),
	)
	// After its base scores: move one of your minions from there to another base.
	d.Specials = []engine.Special{{
		Window: engine.WinAfterScore, From: engine.ZInPlay,
		OK: func(g *G, c CardID, p Seat, slot BaseID) bool {
			return g.BaseOf(c) == slot && !g.UsedOnce(c) &&
				len(g.MinionsAt(slot, p)) > 0 && len(otherBases(g, slot)) > 0
		},
		Do: flow(
			pickCard(theMinion, "Choose one of your minions to move away from the scored base", func(g *G, f *F) []CardID {
				return g.MinionsAt(f.Base, you(f))
			}).when(func(g *G, f *F) bool {
				g.UseOnce(self(f)) // once for this scoring
				return true
			}),
			act(func(g *G, f *F) { moveToOtherBase(g, f, f.CardIn(theMinion), false) }),
		),
	}}
})

// --- Big Funny Giant (Tricksters) ---

var _ = card("tricksters/big_funny_giant", func(d *engine.Def) {
	d.Specials = []engine.Special{titanSpecial(engine.WinPlayPhase,
		func(g *G, c CardID, p Seat, slot BaseID) bool {
			return myTurnTitan(g, c, p) && g.Players[p].MinionQuota > 0
		},
		func(g *G, f *F) { g.PlayTitan(f, self(f), engine.AnyBase, engine.TitanInsteadMinion) })}
	d.Triggers = []engine.Trigger{
		{ // another player plays a minion here: they discard a card
			On: engine.EvPlay, When: playedHereByOther,
			Do: chooseCardBy(eventPlayer, "Big Funny Giant: discard a card", false, eventPlayersHand, discardFromHand),
		},
		{ // at the end of another player's turn, if they have no minion here: may put a counter on it
			On: engine.EvTurnEnd,
			When: func(g *G, c CardID, ev engine.Event) bool {
				return ev.Player != g.Ctrl(c) && len(g.MinionsAt(g.BaseOf(c), ev.Player)) == 0
			},
			Do: flow(
				askYes("Put a +1 power counter on Big Funny Giant?"),
				act(func(g *G, f *F) { g.PlaceCounters(f, self(f), 1) }),
			),
		},
		{ // its base scores: the winner gains 1 VP if another player has no minion there
			On:   engine.EvScore,
			When: func(g *G, c CardID, ev engine.Event) bool { return ev.Base == g.BaseOf(c) },
			Do: func(g *G, f *F) {
				s, p := f.Ev.Base, you(f)
				if place, ok := g.ScoredPlace(f.Ev.Card, p); !ok || place != 1 {
					return
				}
				for _, q := range g.Others(p) {
					if len(g.MinionsAt(s, q)) == 0 {
						g.GainVP(p, 1)
						return
					}
				}
			},
		},
	}
})

// --- Arcane Protector (Wizards) ---

var _ = card("wizards/arcane_protector", func(d *engine.Def) {
	// Right after you play your fifth (or later) card of the turn, in any phase.
	d.Specials = []engine.Special{titanSpecial(engine.WinAfterPlay,
		func(g *G, c CardID, p Seat, slot BaseID) bool {
			pl := &g.Players[p]
			_, by := g.JustPlayed() // right after a card *you* play
			return by == p && myTurnTitan(g, c, p) && int(pl.MinionsPlayed)+int(pl.ActionsPlayed) >= 5
		}, nil)}
	d.TotalPower = func(g *G, c CardID) int { return len(g.Hand(g.Ctrl(c))) / 2 }
	d.Talent = func(g *G, f *F) { g.Draw(you(f), 1) }
})

// --- Death on Six Legs (Giant Ants) ---

var _ = card("giant_ants/death_on_six_legs", func(d *engine.Def) {
	d.Specials = []engine.Special{titanSpecial(engine.WinPlayPhase,
		func(g *G, c CardID, p Seat, slot BaseID) bool {
			return myTurnTitan(g, c, p) && ownCounters(g, p) >= 6 && len(g.Hand(p)) > 0
		},
		chooseCard("Discard a card to play Death on Six Legs", false,
			func(g *G, f *F) []CardID { return g.Hand(you(f)) },
			func(g *G, f *F, c CardID) {
				g.DiscardCard(c)
				g.PlayTitan(f, self(f), engine.AnyBase, engine.TitanFree)
			}))}
	// Any player's minion that goes from play to a discard pile with counters
	// on it: you may take one of them onto this titan.
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlayToDiscard,
		When: func(g *G, c CardID, ev engine.Event) bool {
			return ev.Card != c && ev.Count() > 0 && g.IsMinion(ev.Card)
		},
		// (the counter comes from the minion gone to the discard pile: which
		// one does not change what happens)
		EvKey: anyEvent,
		Do: flow(
			askYes("Move one of {}'s +1 power counters to Death on Six Legs?").
				when(func(g *G, f *F) bool { return g.InPlay(self(f)) }).
				with(func(g *G, f *F) engine.Arg { return engine.CardArg(f.Ev.Card) }),
			act(func(g *G, f *F) { g.PlaceCounters(f, self(f), 1) }),
		),
	}}
	d.Talent = func(g *G, f *F) { extraAction(g, you(f)) }
})

// --- Ancient Lord (Vampires) ---

var _ = card("vampires/ancient_lord", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{
		{ // beside you: one of the counters you put on your minions may come here instead
			On: engine.EvCounter, From: engine.ZTitan, Interrupts: true,
			When: func(g *G, c CardID, ev engine.Event) bool {
				m, p := ev.Card, g.Ctrl(c)
				return ev.Count() > 0 && ev.Player == p && g.InPlay(m) && g.IsMinion(m) && g.Ctrl(m) == p
			},
			Do: flow(
				askYes("Put one of those counters on Ancient Lord instead?").when(func(g *G, f *F) bool {
					c, m := self(f), f.Ev.Card
					return g.InPlay(m) && g.Cards[m].Counters > 0 && g.Cards[c].Zone == engine.ZTitan
				}),
				askYes("Remove every counter from Ancient Lord to play it?").when(func(g *G, f *F) bool {
					c := self(f)
					g.MoveCountersToTitan(f.Ev.Card, c, 1)
					return g.Cards[c].Counters >= 3 && g.CanPlayTitan(you(f), c)
				}),
				act(func(g *G, f *F) {
					if c := self(f); g.CanPlayTitan(you(f), c) {
						g.PutCounterAside(c, -int(g.Cards[c].Counters))
						g.PlayTitan(f, c, engine.AnyBase, engine.TitanFree)
					}
				}),
			),
		},
		{ // in play: your minion here that had no counter gets a second one
			On: engine.EvCounter,
			When: func(g *G, c CardID, ev engine.Event) bool {
				m, p := ev.Card, g.Ctrl(c)
				return ev.Count() > 0 && ev.Player == p && g.InPlay(m) && g.IsMinion(m) && g.Ctrl(m) == p &&
					g.BaseOf(m) == g.BaseOf(c) && int(g.Cards[m].Counters) == ev.Count()
			},
			Do: func(g *G, f *F) { g.PlaceCounters(f, f.Ev.Card, 1) },
		},
	}
	withCounter := func(g *G, f *F) []CardID {
		return where(g.Minions(you(f)), func(m CardID) bool { return g.Cards[m].Counters > 0 })
	}
	d.Talent = chooseCard("Put a +1 power counter on one of your minions that has one", false, withCounter,
		func(g *G, f *F, m CardID) { g.PlaceCounters(f, m, 1) })
	d.TalentOK = func(g *G, c CardID) bool {
		for _, m := range g.Minions(g.Ctrl(c)) {
			if g.Cards[m].Counters > 0 {
				return true
			}
		}
		return false
	}
})

// --- Great Wolf Spirit (Werewolves) ---

// mostPowerBases lists the bases where p has the most power (a superlative:
// a tie for the most counts), with some power there.
func mostPowerBases(g *G, p Seat) []BaseID {
	return where(g.BaseSlots(), func(s BaseID) bool {
		mine := g.PowerAt(s, p)
		if mine == 0 {
			return false
		}
		for _, q := range g.Others(p) {
			if g.PowerAt(s, q) > mine {
				return false
			}
		}
		return true
	})
}

var _ = card("werewolves/great_wolf_spirit", func(d *engine.Def) {
	d.Specials = []engine.Special{titanSpecial(engine.WinPlayPhase,
		func(g *G, c CardID, p Seat, slot BaseID) bool {
			return myTurnTitan(g, c, p) && len(mostPowerBases(g, p)) >= 2
		},
		func(g *G, f *F) {
			g.PlayTitan(f, self(f), engine.SlotMask(mostPowerBases(g, you(f))), engine.TitanFree)
		})}
	// Ongoing (original text, reconstructed): on your turn your cards may use their Talents a second time.
	d.TalentAgain = func(g *G, c, card CardID) bool { return g.Ctrl(card) == g.Ctrl(c) && isCurrent(g, g.Ctrl(c)) }
	d.TalentAgainAll = true
	d.Talent = chooseCard("Choose one of your minions: +1 power until the end of the turn", false,
		func(g *G, f *F) []CardID { return g.Minions(you(f)) },
		func(g *G, f *F, m CardID) { g.AddPower(f, m, 1) })
})
