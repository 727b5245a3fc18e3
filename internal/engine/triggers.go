package engine

import "math/bits"

// Collecting triggers: the abilities an event sets off are queued
// (Game.Trigs) as the event is emitted; resolve.go resolves them.

func (g *Game) collectTriggers(ev Event) {
	if !g.mayTrigger(ev.Kind) {
		return // no card of this game, nor in play, triggers on this kind of event (events.go)
	}
	kw, kb := ev.Kind>>6, uint64(1)<<(ev.Kind&63) // (kindIn, for each card's kinds)
	if kindIn(&g.OffKinds, ev.Kind) {
		// every card in index order that may trigger: the cards in play and
		// those triggering from elsewhere (static.go)
		for w := range g.Table {
			for word := g.Table[w] | g.OffTrig[w]; word != 0; word &= word - 1 {
				i := CardID(w<<6 | bits.TrailingZeros64(word))
				if defTrigKinds[g.Cards[i].Def][kw]&kb != 0 {
					g.collectTriggersOf(i, ev)
				}
			}
		}
		return
	}
	for i := range g.tableWith(hTriggers).each {
		if defTrigKinds[g.Cards[i].Def][kw]&kb != 0 {
			g.collectTriggersOf(i, ev)
		}
	}
}

// collectTriggersOf queues the abilities of card i that ev triggers.
func (g *Game) collectTriggersOf(i CardID, ev Event) {
	c := &g.Cards[i]
	if !kindIn(&defTrigKinds[c.Def], ev.Kind) {
		return // (also when it has no triggers)
	}
	d := defs[c.Def]
	for k := range d.Triggers {
		t := &d.Triggers[k]
		if t.On != ev.Kind {
			continue
		}
		if t.From == ZInPlay {
			if d.Type == BaseCard {
				if c.Zone == ZInPlay || !g.live(i) || g.BaseIgnored(c.Base, None) {
					continue
				}
			} else if c.Zone != ZInPlay || c.Flags&FSuspended != 0 {
				continue
			}
		} else if c.Zone != t.From {
			continue
		}
		if t.When != nil && !t.When(g, i, ev) {
			continue
		}
		if int(g.NTrig) >= MaxTrig {
			continue
		}
		p := c.Ctrl
		if d.Type == BaseCard {
			p = g.Current
		}
		g.Trigs[g.NTrig] = Trig{Fn: t.fn, Src: i, Player: p, Base: c.Base, Ev: ev}
		g.NTrig++
	}
}
