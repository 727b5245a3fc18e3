package cards

import "github.com/smashup/smashup/internal/engine"

// Bases of The Bigger Geekier Box (Geeks and Smash Up All Stars).

var _ = card("base/tabletop", func(d *engine.Def) {
	// Each winner in turn draws and discards two, one at a time: a loop, so
	// named steps, not a flow.
	const (
		nextWinner engine.Step = iota
		askDiscard
		discardIt
	)
	const (
		nextPlayer engine.NumSlot  = iota // the next player to consider (counted from the current player)
		theWinner  engine.SeatSlot = iota // the winner handled now
		toDiscard  engine.NumSlot  = iota // cards they still discard
	)
	d.Triggers = []engine.Trigger{{
		On: engine.EvAfterScore, When: scoredHere,
		Do: func(g *G, f *F) {
			switch f.Step {
			case nextWinner:
				p := nextInTurn(g, f, nextPlayer, func(p Seat) bool { return wonHere(g, f, p) })
				if p == none {
					return
				}
				f.SetSeat(theWinner, p)
				g.Draw(p, 3)
				f.Set(toDiscard, 2)
				f.Goto(askDiscard)
			case askDiscard:
				p := f.SeatIn(theWinner)
				if f.Get(toDiscard) == 0 {
					f.Goto(nextWinner)
					return
				}
				g.AskCards(f, p, "TableTop: discard a card", g.Hand(p), false)
			case discardIt:
				if c := f.Chosen(); c != none {
					g.DiscardCard(c)
				}
				f.Add(toDiscard, -1)
				f.Goto(askDiscard)
			}
		},
	}}
})

// conAlreadyHere marks, as a minion is played on The Con, the other minions
// of its faction already there (the mark's source is the played minion).
var conAlreadyHere = engine.NamedFlag("base/the_con already here")

var _ = card("base/the_con", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlay,
		// Only the minions here as it is played: not those its own ability
		// brings here (Felicia Day), nor those played after it (compendium).
		When: func(g *G, self CardID, ev engine.Event) bool {
			if !minionHere(g, self, ev) {
				return false
			}
			c := ev.Card
			for _, m := range g.MinionsAt(ev.Base, none) {
				if m != c && g.DefOf(m).Faction == g.DefOf(c).Faction {
					g.MarkCard(conAlreadyHere, m, c)
				}
			}
			return true
		},
		// Each player whose minions get the bonus takes it, in turn from the
		// current player; one who only may ignore this base (Infiltrate)
		// chooses whether to take it for their minions (eachGains).
		Do: eachGainsThen(func(g *G, f *F, p Seat) bool { return len(conBoosted(g, f, p)) > 0 },
			func(g *G, f *F, p Seat) {
				f.DoneBy(p, func() { // the player takes it: a base's ability they follow
					for _, m := range conBoosted(g, f, p) {
						g.AddPower(f, m, 1)
					}
				})
			},
			func(g *G, f *F) { g.Unmark(conAlreadyHere, f.Ev.Card) }),
	}}
})

// conBoosted is the minions of player p on The Con that were already there
// when the minion its trigger answers was played, and share its faction.
func conBoosted(g *G, f *F, p Seat) []CardID {
	return where(g.MinionsAt(f.Base, p), func(m CardID) bool { return g.Marked(conAlreadyHere, m, f.Ev.Card) })
}

// eventPlayerDraws is the Do of Locker Room and Stadium: the player the event
// is about draws a card, unless they ignore this base.
var eventPlayerDraws = eachGains(evPlayer, func(g *G, f *F, p Seat) { g.Draw(p, 1) })

var _ = card("base/locker_room", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On: engine.EvTurnStart,
		When: func(g *G, self CardID, ev engine.Event) bool {
			return len(g.MinionsAt(g.Cards[self].Base, ev.Player)) > 0
		},
		Do: eventPlayerDraws,
	}}
})

var _ = card("base/stadium", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On: engine.EvDestroy, When: minionHere,
		Do: eventPlayerDraws,
	}}
})
