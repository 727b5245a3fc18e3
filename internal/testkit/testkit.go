// Package testkit helps tests of the interfaces and computer players: it makes
// sure enough playable factions and bases exist to deal real games. While the
// project's own factions are still being written, it registers plain stand-in
// factions and bases (test binaries only: only tests import this package).
package testkit

import (
	"fmt"

	_ "github.com/smashup/smashup/internal/cards" // the real cards
	"github.com/smashup/smashup/internal/engine"
)

// Needed playable factions and bases for four-player games.
const (
	NeedFactions = 8
	NeedBases    = 10
)

var registered bool

// Ensure registers stand-in factions and bases when the real ones are too
// few. Call it from TestMain, before any game is made. It reports whether
// stand-ins were added.
func Ensure() bool {
	if registered {
		return true
	}
	added := false
	if len(engine.PlayableFactions()) < NeedFactions {
		for _, f := range []string{"Apes", "Bots", "Cats", "Dogs", "Eels", "Fish", "Gnus", "Hens"} {
			addFaction("Standin " + f)
		}
		added = true
	}
	if len(engine.Bases(true)) < NeedBases {
		for i := 0; i < NeedBases; i++ {
			engine.Register(&engine.Def{Key: fmt.Sprintf("standin/base%d", i), Name: fmt.Sprintf("Standin Base %d", i+1),
				Set: "standin", Type: engine.BaseCard, Breakpoint: 16 + 2*(i%5), VP: [3]int{3 + i%3, 2, 1}, Playable: true})
		}
		added = true
	}
	registered = added
	return added
}

func addFaction(name string) {
	key := engine.Normalize(name)
	reg := func(short, text string, t engine.CardType, power, copies int, target engine.PlayTarget, play engine.AbilityFn) {
		engine.Register(&engine.Def{Key: key + "/" + short, Name: name + " " + short, Set: "standin", Faction: name, Type: t,
			Power: power, Copies: copies, Target: target, Text: text, OnPlay: play, Playable: true})
	}
	reg("Boss", "", engine.Minion, 5, 1, engine.Standard, nil)
	reg("Brute", "", engine.Minion, 4, 2, engine.Standard, nil)
	reg("Soldier", "You may draw a card.", engine.Minion, 3, 3, engine.Standard, func(g *engine.Game, f *engine.Frame) {
		switch f.Step {
		case 0:
			g.AskYesNo(f, int(f.Player), "Draw a card?")
		case 1:
			if f.Yes() {
				g.Draw(int(f.Player), 1)
			}
		}
	})
	reg("Runt", "", engine.Minion, 2, 4, engine.Standard, nil)
	reg("Rally", "Play an extra minion.", engine.Action, 0, 3, engine.Standard, func(g *engine.Game, f *engine.Frame) {
		g.GrantExtra(int(f.Player), engine.ExtraMinionGrant())
	})
	reg("Smash", "Destroy a minion of power 3 or less.", engine.Action, 0, 3, engine.Standard, func(g *engine.Game, f *engine.Frame) {
		switch f.Step {
		case 0:
			var cs []int
			for _, m := range g.Minions(engine.None) {
				if g.Power(m) <= 3 {
					cs = append(cs, m)
				}
			}
			g.AskCards(f, int(f.Player), "Destroy a minion of power 3 or less", cs, false)
		case 1:
			if c := f.Chosen(); c != engine.None {
				g.Destroy(f, c)
			}
		}
	})
	reg("Bounce", "You may return a minion to its owner's hand.", engine.Action, 0, 2, engine.Standard, func(g *engine.Game, f *engine.Frame) {
		switch f.Step {
		case 0:
			g.AskCards(f, int(f.Player), "You may return a minion to its owner's hand", g.Minions(engine.None), true)
		case 1:
			if c := f.Chosen(); c != engine.None {
				g.Return(f, c)
			}
		}
	})
	reg("Peek", "Look at another player's hand and discard a minion from it.", engine.Action, 0, 2, engine.Standard, func(g *engine.Game, f *engine.Frame) {
		switch f.Step {
		case 0:
			g.AskPlayers(f, int(f.Player), "Whose hand?", g.Others(int(f.Player)), false)
		case 1:
			p := f.ChosenPlayer()
			if p == engine.None {
				return
			}
			var ms []int
			for _, c := range g.Hand(p) {
				if g.IsMinion(c) {
					ms = append(ms, c)
				}
			}
			g.AskCards(f, int(f.Player), "Discard a minion from that hand", ms, false)
		case 2:
			if c := f.Chosen(); c != engine.None {
				g.DiscardCard(c)
			}
		}
	})
}
