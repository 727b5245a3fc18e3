package cards

import "github.com/smashup/smashup/internal/engine"

// Tricksters: punish other players for playing minions here, make them
// discard, and hide from their tricks.

// playedHereByOther is a trigger condition: another player than self's
// controller played a minion on self's base.
func playedHereByOther(g *G, self CardID, ev engine.Event) bool {
	return g.IsMinion(ev.Card) && ev.Player != g.Ctrl(self) && ev.Base == g.BaseOf(self)
}

// stillHereWith reports whether minion m is still on the same base as card c.
func stillHereWith(g *G, m, c CardID) bool {
	return g.InPlay(m) && g.InPlay(c) && g.BaseOf(m) == g.BaseOf(c)
}

// Leprechaun: triggers resolve after the played minion's own ability.
var _ = card("tricksters/leprechaun", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{On: engine.EvPlay, When: playedHereByOther,
		Do: func(g *G, f *F) {
			m := f.Ev.Card
			if stillHereWith(g, m, self(f)) && g.Power(m) < g.Power(self(f)) {
				g.Destroy(f, m)
			}
		}}}
})

// Brownie: only a card that affects it while being played counts.
var _ = card("tricksters/brownie", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{On: engine.EvAffect,
		When: func(g *G, self CardID, ev engine.Event) bool {
			src := ev.Source()
			if ev.Card != self || ev.Player == g.Ctrl(self) || src < 0 || !g.BeingPlayed(src) {
				return false
			}
			// once per card played
			return !g.AlreadyWaiting(self, func(w engine.Event) bool { return w.Kind == engine.EvAffect && w.Source() == src })
		},
		Do: func(g *G, f *F) { g.DiscardRandom(f.Ev.Player, 2) }}}
})

var _ = card("tricksters/gnome", func(d *engine.Def) {
	d.OnPlay = chooseCard("You may destroy a minion here with power less than the number of your minions here", true,
		func(g *G, f *F) []CardID {
			s := here(g, f)
			n := len(g.MinionsAt(s, you(f)))
			return where(g.MinionsAt(s, none), func(c CardID) bool { return g.Power(c) < n })
		}, destroyIt)
})

// Gremlin: its trigger works from the discard pile, where it lands.
var _ = card("tricksters/gremlin", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{On: engine.EvDestroy, From: engine.ZDiscard,
		When: func(g *G, self CardID, ev engine.Event) bool { return ev.Card == self },
		Do: func(g *G, f *F) {
			p := f.Ev.Player // who controlled it when it was destroyed
			g.Draw(p, 1)
			for _, o := range g.Others(p) {
				g.DiscardRandom(o, 1)
			}
		}}}
})

// Block the Path keeps the named faction in Mark (faction index + 1; 0: none named).
var _ = card("tricksters/block_the_path", func(d *engine.Def) {
	const faction engine.TextSlot = 0 // the faction named
	d.OnPlay = flow(
		pickText(faction, "Name a faction: its minions cannot be played here",
			func(g *G, f *F) []string { return engine.Factions() }),
		act(func(g *G, f *F) { g.SetNote(self(f), engine.FactionIndex(textIn(f, faction))+1) }),
	)
	d.CanPlay = func(g *G, self CardID, p Seat, c CardID, slot BaseID) bool {
		mark := g.Note(self)
		return mark == 0 || slot != g.BaseOf(self) || !g.IsMinion(c) ||
			engine.FactionIndex(g.DefOf(c).Faction) != mark-1
	}
})

var _ = card("tricksters/disenchant", func(d *engine.Def) {
	d.OnPlay = chooseCard("Destroy an action in play", false,
		func(g *G, f *F) []CardID { return g.AllActionsInPlay() }, destroyIt)
})

// grantEachTurn gives the controller of an ongoing card an extra play on the
// turn it is played and at the start of each of their turns while it is in
// play. A player who takes control of the card from another player during
// their own turn gets it too, as if they had played it (compendium: Control).
func grantEachTurn(d *engine.Def, grant func(g *G, self CardID, p Seat)) {
	d.OnPlay = func(g *G, f *F) {
		if isCurrent(g, you(f)) {
			grant(g, self(f), you(f))
		}
	}
	d.Triggers = append(d.Triggers, engine.Trigger{On: engine.EvTurnStart, EachTurn: true,
		When: func(g *G, self CardID, ev engine.Event) bool { return ev.Player == g.Ctrl(self) },
		Do:   func(g *G, f *F) { grant(g, self(f), you(f)) }},
		engine.Trigger{On: engine.EvControl,
			When: func(g *G, self CardID, ev engine.Event) bool {
				return ev.Card == self && ev.ControlFrom() != ev.Player && ev.Player == g.Ctrl(self) && isCurrent(g, ev.Player)
			},
			Do: func(g *G, f *F) {
				if p := you(f); g.Ctrl(self(f)) == p && isCurrent(g, p) {
					grant(g, self(f), p)
				}
			}})
}

var _ = card("tricksters/enshrouding_mist", func(d *engine.Def) {
	grantEachTurn(d, func(g *G, self CardID, p Seat) {
		e := engine.ExtraMinionGrant()
		e.Base, e.Src = g.BaseOf(self), self
		g.GrantExtra(p, e)
	})
})

// Flame Trap: destroys itself even when the minion cannot be destroyed.
var _ = card("tricksters/flame_trap", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{On: engine.EvPlay, When: playedHereByOther,
		Do: func(g *G, f *F) {
			m := f.Ev.Card
			if stillHereWith(g, m, self(f)) {
				g.Destroy(f, m)
				g.Destroy(f, self(f))
			}
		}}}
})

// Hideout: a replacement. Once it has cancelled an action, that action does
// not affect its controller's minions here for the rest of the turn.
var _ = card("tricksters/hideout", func(d *engine.Def) {
	d.Instead = func(g *G, self, target CardID, a engine.Affect) bool {
		return a.Src >= 0 && g.DefOf(a.Src).Type == engine.Action && a.By != g.Ctrl(self) &&
			g.IsMinion(target) && g.Ctrl(target) == g.Ctrl(self) && g.BaseOf(target) == g.BaseOf(self)
	}
	d.InsteadDo = func(g *G, f *F) {
		g.ShieldMinionsAt(g.Ctrl(self(f)), g.BaseOf(self(f)), f.Ev.Source())
		g.Destroy(f, self(f))
	}
})

var _ = card("tricksters/mark_of_sleep", func(d *engine.Def) {
	const thePlayer engine.SeatSlot = 0 // who cannot play actions
	d.OnPlay = flow(
		pickPlayer(thePlayer, "Choose a player who cannot play actions on their next turn",
			func(g *G, f *F) []Seat { return g.PlayersFrom(you(f)) }),
		act(func(g *G, f *F) { g.ForbidActionsNextTurn(f.SeatIn(thePlayer)) }),
	)
})

var _ = card("tricksters/pay_the_piper", func(d *engine.Def) {
	d.Triggers = []engine.Trigger{{On: engine.EvPlay, When: playedHereByOther,
		Do: chooseCardBy(eventPlayer, "Pay the Piper: discard a card", false, eventPlayersHand, discardFromHand)}}
})

var _ = card("tricksters/take_the_shinies", func(d *engine.Def) {
	d.OnPlay = func(g *G, f *F) {
		for _, o := range g.Others(you(f)) {
			g.DiscardRandom(o, 2)
		}
	}
})
