package cards

import "github.com/smashup/smashup/internal/engine"

// Core set bases of the Aliens and Zombies: The Homeworld, The Mothership,
// Evans City Cemetery, Rhodes Plaza Mall.

// playedHere is a trigger condition: a minion was played on this base.
func playedHere(g *G, self int, ev engine.Event) bool {
	return int(ev.Base) == g.SlotOfBase(self) && ev.Card >= 0 && g.IsMinion(int(ev.Card))
}

var _ = card("base/the_homeworld", func(d *engine.Def) {
	// After a minion is played here, whoever played it may play an extra minion
	// of power 2 or less. In that player's own Play Cards phase it is a generic
	// extra they may keep for later in the phase; at any other time it must be
	// played at once.
	d.Triggers = []engine.Trigger{{
		On: engine.EvPlay, When: playedHere,
		Do: func(g *G, f *F) {
			p := int(f.Ev.Player)
			if isCurrent(g, p) && g.Phase == engine.PhasePlay {
				e := engine.ExtraMinionGrant()
				e.MaxPower = 2
				g.GrantExtra(p, e)
				return
			}
			g.OfferExtraPlay(p, engine.ExtraPlay{Kind: engine.ExtraMinion, MaxPower: 2, Base: none, Card: none, Faction: none, NotBase: none}, self(f))
		},
	}}
})

var _ = card("base/the_mothership", func(d *engine.Def) {
	// After it scores, each winner may return one of their minions of power 3
	// or less from here to their hand. The winners are fixed as the ability
	// starts (V[1]: bit set); V[0]: the next player to consider, counting
	// clockwise from the current player.
	d.Triggers = []engine.Trigger{{
		On: engine.EvAfterScore, When: scoredHere,
		Do: func(g *G, f *F) {
			s := int(f.Base)
			if f.Step == 0 {
				for _, w := range g.WinnersAt(s) {
					f.V[1] |= 1 << w
				}
			}
			if f.Step%2 == 1 {
				if c := f.Chosen(); c != none {
					g.Return(f, c)
				}
				f.V[0]++
				f.Next()
				return
			}
			for ; int(f.V[0]) < int(g.NPlayers); f.V[0]++ {
				w := (int(g.Current) + int(f.V[0])) % int(g.NPlayers)
				if f.V[1]&(1<<w) == 0 {
					continue
				}
				if mine := where(g.MinionsAt(s, w), powerAtMost(g, 3)); len(mine) > 0 {
					g.AskCards(f, w, "You won The Mothership: you may return one of your minions of power 3 or less there to your hand", mine, true)
					return
				}
			}
		},
	}}
})

var _ = card("base/evans_city_cemetery", func(d *engine.Def) {
	// After it scores, each winner discards their hand and draws five cards.
	d.Triggers = []engine.Trigger{{
		On: engine.EvAfterScore, When: scoredHere,
		Do: func(g *G, f *F) {
			for _, w := range g.WinnersAt(int(f.Base)) {
				for _, c := range g.Hand(w) {
					g.DiscardCard(c)
				}
				g.Draw(w, 5)
			}
		},
	}}
})

var _ = card("base/rhodes_plaza_mall", func(d *engine.Def) {
	// When it scores, every player (places do not matter) gains 1 VP per minion they have here.
	d.Triggers = []engine.Trigger{{
		On: engine.EvScore, When: scoredHere,
		Do: func(g *G, f *F) {
			for _, p := range g.PlayersFrom(int(g.Current)) {
				g.GainVP(p, len(g.MinionsAt(int(f.Base), p)))
			}
		},
	}}
})
