package cards

import "github.com/smashup/smashup/internal/engine"

// Bases of World Tour: Culture Shock.

var _ = card("base/anansis_web", func(d *engine.Def) {
	// The first standard action a player with a minion here plays each turn may
	// go to another player's hand instead of the discard pile; then they draw two.
	d.AfterStandardOK = func(g *G, self, p, c int) bool {
		return g.Players[p].StdPlayed == 1 && len(g.MinionsAt(g.SlotOfBase(self), p)) > 0
	}
	d.AfterStandard = func(g *G, f *F) {
		p, c := you(f), int(f.Target)
		switch f.Step {
		case 0:
			g.AskPlayers(f, p, "Anansi's Web: you may put "+g.Name(c)+" into another player's hand (and draw two cards)", g.Others(p), true)
		case 1:
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
	d.Talent = func(g *G, f *F) {
		p := you(f)
		switch f.Step {
		case 0:
			f.V[0] = int16(g.Players[p].ActionsPlayed)
			g.OfferExtraPlay(p, engine.ExtraPlay{Kind: engine.ExtraAction, MaxPower: -1, Base: none, Card: none, Faction: none, NotBase: none}, self(f))
			f.Next()
		case 1:
			if int(g.Players[p].ActionsPlayed) > int(f.V[0]) {
				if s := g.SlotOfBase(self(f)); s != none {
					g.AddBaseCounters(s, 1)
				}
			}
		}
	}
	d.BreakMod = func(g *G, self, slot int) int {
		if g.SlotOfBase(self) != slot {
			return 0
		}
		return -2 * g.BaseCounters(slot)
	}
})
