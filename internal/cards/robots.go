package cards

import (
	"strings"

	"github.com/smashup/smashup/internal/engine"
)

// Robots: many small minions that bring more minions; Microbots help each other.

// alphaOf reports whether player p controls a Microbot Alpha in play.
func alphaOf(g *G, p Seat) bool {
	for m := range g.EachMinion(p) {
		if g.DefOf(m).Key == "robots/microbot_alpha" {
			return true
		}
	}
	return false
}

// microbotNames are the names of the Microbots.
var microbotNames = []string{"Microbot Alpha", "Microbot Archive", "Microbot Fixer", "Microbot Guard", "Microbot Reclaimer"}

// isMicrobot reports whether card c counts as a Microbot: by its name, or,
// while in play, as a minion of a player who controls Microbot Alpha, or as
// a card in play bearing a Microbot's name (Grimms' Blessing: Culture Shock
// clarification, Microbot Fixer gives it +1 power).
func isMicrobot(g *G, c CardID) bool {
	if strings.HasPrefix(g.DefOf(c).Key, "robots/microbot_") {
		return true
	}
	if !g.InPlay(c) {
		return false
	}
	if g.IsMinion(c) {
		return alphaOf(g, g.Ctrl(c))
	}
	for _, n := range microbotNames {
		if g.HasName(c, n) {
			return true
		}
	}
	return false
}

// firstMinionThisTurn reports whether the minion whose play ability resolves
// is the first minion its player has played this turn.
func firstMinionThisTurn(g *G, f *F) bool { return g.Players[you(f)].MinionsPlayed == 1 }

// extraMinionUpTo lets p play an extra minion of power maxPower or less (-1:
// any). In p's own Play Cards phase it is held for later in the phase;
// otherwise it must be played at once.
func extraMinionUpTo(g *G, f *F, maxPower int) {
	e := engine.ExtraMinionGrant()
	e.MaxPower = int8(maxPower)
	g.GiveExtra(you(f), e, self(f))
}

var _ = card("robots/nukebot", func(d *engine.Def) {
	// After it is destroyed (it is then in a discard pile), the other players'
	// minions on the base where it was are destroyed.
	d.Triggers = []engine.Trigger{{
		On: engine.EvDestroy, From: engine.ZDiscard,
		When: func(g *G, me CardID, ev engine.Event) bool { return ev.Card == me },
		Do: func(g *G, f *F) {
			f.HandTo(f.Ev.Player) // "you": whoever controlled it when it was destroyed
			for _, m := range g.MinionsAt(f.Ev.Base, none) {
				if g.Ctrl(m) != you(f) {
					g.Destroy(f, m)
				}
			}
		},
	}}
})

var _ = card("robots/warbot", func(d *engine.Def) {
	d.Protect = func(g *G, me, target CardID, a engine.Affect) bool {
		return target == me && a.Kind == engine.AffDestroy
	}
})

var _ = card("robots/hoverbot", func(d *engine.Def) {
	// Reveal the top card; a minion may be played right away as an extra
	// minion, anything else (or a declined minion) stays on top.
	d.OnPlay = func(g *G, f *F) {
		p := you(f)
		c := g.TopOfDeck(p)
		if c == none {
			return
		}
		g.Emit(engine.Event{Kind: engine.EvReveal, Player: p, Card: c, Base: none})
		if !g.IsMinion(c) {
			return
		}
		g.OfferExtraPlay(p, engine.ExtraPlay{Kind: engine.ExtraMinion, MaxPower: engine.NoLimit, Base: none, From: engine.ZDeck, Card: c, Faction: none}, self(f))
	}
})

var _ = card("robots/zapbot", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) { extraMinionUpTo(g, f, 2) }
})

var _ = card("robots/microbot_alpha", func(d *engine.Def) {
	// +1 for each other Microbot you control; with it in play, all your
	// minions in play are Microbots (see isMicrobot).
	d.PowerMod = func(g *G, me, target CardID) int {
		if target != me {
			return 0
		}
		n := 0
		for _, m := range g.Minions(g.Ctrl(me)) {
			if m != me && isMicrobot(g, m) {
				n++
			}
		}
		return n
	}
})

var _ = card("robots/microbot_archive", func(d *engine.Def) {
	draw := func(g *G, f *F) { g.Draw(f.Ev.Player, 1) }
	d.Triggers = []engine.Trigger{
		{ // another of your Microbots is destroyed while the Archive is in play
			On: engine.EvDestroy,
			When: func(g *G, me CardID, ev engine.Event) bool {
				c := ev.Card
				if ev.Player != g.Ctrl(me) || !g.IsMinion(c) {
					return false
				}
				// it has left play: it counted as a Microbot by name, or through an Alpha still in play
				return strings.HasPrefix(g.DefOf(c).Key, "robots/microbot_") || alphaOf(g, ev.Player)
			},
			Do: draw,
		},
		{ // the Archive itself is destroyed
			On: engine.EvDestroy, From: engine.ZDiscard,
			When: func(g *G, me CardID, ev engine.Event) bool { return ev.Card == me },
			Do:   draw,
		},
	}
})

var _ = card("robots/microbot_fixer", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		if firstMinionThisTurn(g, f) {
			extraMinionUpTo(g, f, engine.NoLimit)
		}
	}
	d.PowerMod = func(g *G, me, target CardID) int {
		if g.Ctrl(target) == g.Ctrl(me) && isMicrobot(g, target) {
			return 1
		}
		return 0
	}
})

var _ = card("robots/microbot_guard", func(d *engine.Def) {
	d.OnPlay = chooseCard("Destroy a minion here with power less than the number of minions you have here", false,
		func(g *G, f *F) []CardID {
			n := len(g.MinionsAt(here(g, f), you(f)))
			return where(g.MinionsAt(here(g, f), none), func(m CardID) bool { return g.Power(m) < n })
		}, destroyIt)
})

var _ = card("robots/microbot_reclaimer", func(d *engine.Def) {
	d.OnPlay = seq(
		func(g *G, f *F) {
			if firstMinionThisTurn(g, f) {
				extraMinionUpTo(g, f, engine.NoLimit)
			}
		},
		shuffleFromDiscard("You may shuffle a Microbot from your discard pile into your deck", engine.NoLimit, isMicrobot))
})

var _ = card("robots/tech_center", func(d *engine.Def) {
	d.OnPlay = chooseBase("Choose a base: draw a card for each minion you have there", false, allBases,
		func(g *G, f *F, s BaseID) { g.Draw(you(f), len(g.MinionsAt(s, you(f)))) })
})
