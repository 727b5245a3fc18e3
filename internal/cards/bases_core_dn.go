package cards

import "github.com/smashup/smashup/internal/engine"

// Core bases of the Dinosaurs and the Ninjas.

var _ = card("base/jungle_oasis", nil) // deliberately no ability

var _ = card("base/tar_pits", func(d *engine.Def) {
	// a minion destroyed here is placed (by its owner) on the bottom of its owner's deck
	d.Triggers = []engine.Trigger{{
		On: engine.EvDestroy,
		When: func(g *G, self int, ev engine.Event) bool {
			s := int(g.Cards[self].Base)
			return int(ev.Base) == s && g.IsMinion(int(ev.Card)) && !g.BaseIgnored(s, int(ev.Player))
		},
		Do: func(g *G, f *F) {
			if c := int(f.Ev.Card); g.Cards[c].Zone == engine.ZDiscard {
				g.ToDeckBottom(c)
			}
		},
	}}
})

// scoredHere tells base triggers about their own base scoring.
func scoredHere(g *G, self int, ev engine.Event) bool { return int(ev.Base) == int(g.Cards[self].Base) }

// Ninja Dojo: V0 = next winner to ask (counting from the current player), V1 = who asks now.
var _ = card("base/ninja_dojo", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On: engine.EvAfterScore, When: scoredHere,
		Do: func(g *G, f *F) {
			s := int(f.Base)
			switch f.Step {
			case 0:
				winners := g.WinnersAt(s)
				for int(f.V[0]) < int(g.NPlayers) {
					p := (int(g.Current) + int(f.V[0])) % int(g.NPlayers)
					f.V[0]++
					isWinner := false
					for _, w := range winners {
						isWinner = isWinner || w == p
					}
					if !isWinner || g.BaseIgnored(s, p) {
						continue
					}
					f.V[1] = int16(p)
					g.AskCards(f, p, "Ninja Dojo: you may destroy a minion", g.Minions(none), true)
					return
				}
			case 1:
				if c := f.Chosen(); c != none {
					f.Player = int8(f.V[1]) // credited to the winner who chose
					g.Destroy(f, c)
				}
				f.Goto(0)
			}
		},
	}}
})

// Temple of Goju: V0 = next player to handle (counting from the current player).
// When a player's highest power is tied, that player chooses which one goes.
var _ = card("base/temple_of_goju", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{
		On: engine.EvAfterScore, When: scoredHere,
		Do: func(g *G, f *F) {
			s := int(f.Base)
			switch f.Step {
			case 0:
				for int(f.V[0]) < int(g.NPlayers) {
					p := (int(g.Current) + int(f.V[0])) % int(g.NPlayers)
					f.V[0]++
					ms := g.MinionsAt(s, p)
					if len(ms) == 0 || g.BaseIgnored(s, p) {
						continue
					}
					top := 0
					for _, m := range ms {
						top = max(top, g.Power(m))
					}
					g.AskCards(f, p, "Temple of Goju: choose your highest-power minion to go to the bottom of its owner's deck",
						where(ms, func(m int) bool { return g.Power(m) == top }), false)
					return
				}
			case 1:
				if c := f.Chosen(); c != none {
					g.Place(f, c, engine.PlaceDeckBottom)
				}
				f.Goto(0)
			}
		},
	}}
})
