package cards

import "github.com/smashup/smashup/internal/engine"

// Core set bases of the Pirates and the Robots.

// aboutThisBase is a trigger condition: the event is about base card me.
func aboutThisBase(g *G, me int, ev engine.Event) bool { return int(ev.Card) == me }

var _ = card("base/the_grey_opal", func(d *engine.Def) {
	// After scoring, each player but the winners, in turn order from the
	// current player, may move one of their minions from here to another base
	// before the cards here are discarded. V0 = players asked so far, V1 = who
	// is being asked.
	d.Triggers = []engine.Trigger{{
		On: engine.EvAfterScore, When: aboutThisBase,
		Do: func(g *G, f *F) {
			s := int(f.Ev.Base)
			switch f.Step {
			case 0:
				if int(f.V[0]) >= int(g.NPlayers) {
					return
				}
				p := (int(g.Current) + int(f.V[0])) % int(g.NPlayers)
				f.V[0]++
				f.V[1] = int16(p)
				if place, _ := g.ScoredPlace(int(f.Ev.Card), p); place == 1 || g.BaseIgnored(s, p) || len(g.MinionsAt(s, p)) == 0 || len(otherBases(g, s)) == 0 {
					f.Goto(0)
					return
				}
				g.AskCards(f, p, "The Grey Opal: you may move one of your minions from here to another base", g.MinionsAt(s, p), true)
			case 1:
				c := f.Chosen()
				if c == none {
					f.Goto(0)
					return
				}
				f.Target = int16(c)
				g.AskBases(f, int(f.V[1]), "Choose the base {} moves to", otherBases(g, s), false, engine.CardArg(c))
			case 2:
				if to := f.ChosenBase(); to != none {
					g.Move(f, int(f.Target), to)
				}
				f.Goto(0)
			}
		},
	}}
})

var _ = card("base/tortuga", func(d *engine.Def) {
	// Once it has scored and been replaced (it is then in the base discard
	// pile), each runner-up there may move one of their minions from another
	// base onto the replacement. Its own minions were discarded with it.
	// V0 = players asked so far, V1 = who is being asked.
	d.Triggers = []engine.Trigger{{
		On: engine.EvBaseReplaced, From: engine.ZBaseDiscard,
		When: func(g *G, me int, ev engine.Event) bool { return int(ev.Other) == me && ev.Card != none },
		Do: func(g *G, f *F) {
			s := int(f.Ev.Base)
			switch f.Step {
			case 0:
				if int(f.V[0]) >= int(g.NPlayers) || g.BaseCardAt(s) != int(f.Ev.Card) {
					return
				}
				p := (int(g.Current) + int(f.V[0])) % int(g.NPlayers)
				f.V[0]++
				f.V[1] = int16(p)
				if place, _ := g.ScoredPlace(int(f.Ev.Other), p); place != 2 {
					f.Goto(0)
					return
				}
				cands := where(g.Minions(p), func(m int) bool { return g.BaseOf(m) != s })
				if len(cands) == 0 {
					f.Goto(0)
					return
				}
				g.AskCards(f, p, "Tortuga: you may move one of your minions to the new base", cands, true)
			case 1:
				if c := f.Chosen(); c != none {
					g.Move(f, c, s)
				}
				f.Goto(0)
			}
		},
	}}
})

var _ = card("base/factory_436_1337", func(d *engine.Def) {
	// When it scores, each winner gains 1 VP per full 5 power they have here.
	d.Triggers = []engine.Trigger{{
		On: engine.EvScore, When: aboutThisBase,
		Do: func(g *G, f *F) {
			s := int(f.Ev.Base)
			for _, p := range g.PlayersFrom(int(g.Current)) {
				if place, _ := g.ScoredPlace(int(f.Ev.Card), p); place == 1 && !g.BaseIgnored(s, p) {
					g.GainVP(p, g.PowerAt(s, p)/5)
				}
			}
		},
	}}
})

var _ = card("base/the_central_brain", func(d *engine.Def) {
	d.PowerMod = func(g *G, me, target int) int {
		if g.BaseOf(target) == g.SlotOfBase(me) {
			return 1
		}
		return 0
	}
})
