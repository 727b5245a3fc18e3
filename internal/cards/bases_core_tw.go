package cards

import "github.com/smashup/smashup/internal/engine"

// Core set bases of the Tricksters and the Wizards.

// Cave of Shinies: only a destruction that happens counts (the event is not
// emitted when a destroy is prevented or replaced).
var _ = card("base/cave_of_shinies", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{On: engine.EvDestroy,
		When: func(g *G, self int, ev engine.Event) bool {
			s := g.SlotOfBase(self)
			return g.IsMinion(int(ev.Card)) && int(ev.Base) == s && !g.BaseIgnored(s, g.Owner(int(ev.Card)))
		},
		Do:    func(g *G, f *F) { g.GainVP(g.Owner(int(f.Ev.Card)), 1) },
		EvKey: ownerOfEvCard}}
})

// Mushroom Kingdom: the player whose turn starts need not have a card here.
var _ = card("base/mushroom_kingdom", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{On: engine.EvTurnStart,
		Do: func(g *G, f *F) {
			p, s := you(f), int(f.Base)
			switch f.Step {
			case 0:
				if g.BaseIgnored(s, p) {
					return
				}
				cands := where(g.Minions(none), func(c int) bool { return g.Ctrl(c) != p && g.BaseOf(c) != s })
				g.AskCards(f, p, "You may move another player's minion to Mushroom Kingdom", cands, true)
			case 1:
				if c := f.Chosen(); c != none {
					g.Move(f, c, s)
				}
			}
		}}}
})

// firstWinner is the one winner of slot s who uses a "the winner" ability:
// tied winners are broken starting with the current player, clockwise. A
// winner who ignores the base (Infiltrate) does not use it.
func firstWinner(g *G, s int) int {
	for _, p := range g.PlayersFrom(int(g.Current)) {
		for _, w := range g.WinnersAt(s) {
			if w == p && !g.BaseIgnored(s, p) {
				return p
			}
		}
	}
	return none
}

// School of Wizardry: the winner puts the base they choose among the top three
// of the base deck on top of it, the other two under it in the order they
// choose; the scored base is then replaced by the top base as usual.
var _ = card("base/school_of_wizardry", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{On: engine.EvAfterScore,
		When: func(g *G, self int, ev engine.Event) bool { return int(ev.Base) == g.SlotOfBase(self) },
		Do: func(g *G, f *F) {
			s := int(f.Base)
			switch f.Step {
			case 0:
				w := firstWinner(g, s)
				if w == none {
					return
				}
				f.V[0] = int16(w)
				top := g.Collect(engine.ZBaseDeck, none)
				if len(top) > 3 {
					top = top[:3]
				}
				for i, b := range top {
					f.V[1+i] = int16(b)
				}
				f.V[4] = int16(len(top))
				f.V[5] = 0 // bit i: the i-th base looked at has been put back
				g.BeginAsk()
				for _, b := range top {
					g.Opt(engine.Option{Kind: engine.OptBase, Card: int16(b), Base: none, Player: none})
				}
				g.Ask(f, w, "Choose the base that replaces School of Wizardry", 0)
			case 1: // the chosen one goes first (to the top), the others are put back under it
				if f.Ans.Kind == engine.OptBase && f.Ans.Card >= 0 {
					f.Target = f.Ans.Card
				}
				f.Next()
			case 2:
				var rest []int
				for i := 0; i < int(f.V[4]); i++ {
					if b := int(f.V[1+i]); b != int(f.Target) && f.V[5]&(1<<i) == 0 {
						rest = append(rest, b)
					}
				}
				if len(rest) == 0 {
					f.Goto(4)
					return
				}
				g.BeginAsk()
				for _, b := range rest {
					g.Opt(engine.Option{Kind: engine.OptBase, Card: int16(b), Base: none, Player: none})
				}
				g.Ask(f, int(f.V[0]), "Put a base back on top of the base deck (the last one put back is just under the chosen base)", 0)
			case 3:
				for i := 0; i < int(f.V[4]); i++ {
					if f.Ans.Kind == engine.OptBase && f.Ans.Card == f.V[1+i] {
						f.V[5] |= 1 << i
						g.BaseToDeckTop(int(f.Ans.Card))
					}
				}
				f.Goto(2)
			case 4:
				if f.Target >= 0 {
					g.BaseToDeckTop(int(f.Target))
				}
			}
		}}}
})

var _ = card("base/the_great_library", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{On: engine.EvAfterScore,
		When: func(g *G, self int, ev engine.Event) bool { return int(ev.Base) == g.SlotOfBase(self) },
		Do: func(g *G, f *F) {
			s := int(f.Base)
			players := g.PlayersFrom(int(g.Current))
			i := int(f.V[0])
			if f.Step > 0 && f.Yes() {
				g.Draw(players[i-1], 1)
			}
			for i < len(players) && (len(g.MinionsAt(s, players[i])) == 0 || g.BaseIgnored(s, players[i])) {
				i++
			}
			if i >= len(players) {
				return
			}
			f.V[0] = int16(i + 1)
			g.AskYesNo(f, players[i], "The Great Library: draw a card?")
		}}}
})
