package engine

// A power breakdown for the table: how a card's power (Power) and a player's
// total at a base (PowerAt) are made, term by term ("Tiki 9 = 3 printed + 6
// from Tiki's own ability"). It is a separate walk that mirrors power.go and
// powersum.go step for step, so that the engine's hot path stays as it is;
// breakdown_test.go checks on random games that the terms always sum to the
// real figures.

// PartKind says what a term of a power sum is.
type PartKind uint8

// Kinds of terms.
const (
	PartPrinted  PartKind = iota + 1 // the printed power
	PartCounters                     // +1 power counters
	PartAbility                      // an ongoing ability of Source (a card in play, a base, a titan; may be the minion itself)
	PartEffect                       // a lasting effect Source created (an action played this turn, a Special...)
	PartFloor                        // what the floor at zero adds back (power is never below 0)
	PartMinion                       // (player totals) the power a card of the player's at the base counts for
	PartLoose                        // (player totals) power at the base not on any minion, given by Source
)

// String names the kind (for logs and tests).
func (k PartKind) String() string {
	switch k {
	case PartPrinted:
		return "printed"
	case PartCounters:
		return "counters"
	case PartAbility:
		return "ability"
	case PartEffect:
		return "effect"
	case PartFloor:
		return "floor"
	case PartMinion:
		return "minion"
	case PartLoose:
		return "loose"
	}
	return "?"
}

// PowerPart is one term of a power sum: Amount from Source (None when no card
// gives it: printed, counters, floor).
//
// Source by kind: PartPrinted, PartCounters, PartFloor: None. PartAbility,
// PartMinion: a card of the game. PartEffect, PartLoose: the card whose
// ability made the effect (an effect's Src), or None in the rare case no card
// made it; PartLoose from a card's LoosePower ability: that card.
type PowerPart struct {
	Kind   PartKind
	Source CardID
	Amount int
}

// PowerParts appends to buf the terms of card c's current power; they sum to
// g.Power(c).
//
// For a minion: PartPrinted first (always, even 0), then PartCounters, then
// the PartAbility and PartEffect terms in card order of their Source (an
// ability before an effect of the same card; effects no card made last), and
// PartFloor last when the floor at zero adds power back. Terms of the same
// Kind and Source are merged into one; other terms of amount 0 are left out.
// A minion not in play has just its printed power (floored at zero). A card
// in play that bears minions' names (Grimms' Blessing) has no printed power:
// only the abilities, effects and floor that Power counts for it. Any other
// card has no terms (its Power is 0).
func (g *Game) PowerParts(c CardID, buf []PowerPart) []PowerPart {
	cd := &g.Cards[c]
	d := defs[cd.Def]
	if d.Type != Minion {
		if cd.Zone == ZInPlay && d.AlsoNamed != nil {
			var sum int
			buf, sum = g.modParts(c, buf)
			return floorPart(buf, sum)
		}
		return buf
	}
	buf = append(buf, PowerPart{Kind: PartPrinted, Source: None, Amount: d.Power})
	if cd.Zone != ZInPlay {
		return floorPart(buf, d.Power)
	}
	sum := d.Power
	if cd.Counters != 0 {
		buf = append(buf, PowerPart{Kind: PartCounters, Source: None, Amount: int(cd.Counters)})
		sum += int(cd.Counters)
	}
	var mods int
	buf, mods = g.modParts(c, buf)
	return floorPart(buf, sum+mods)
}

// floorPart appends the PartFloor term that brings sum up to zero, if any.
func floorPart(buf []PowerPart, sum int) []PowerPart {
	if sum < 0 {
		buf = append(buf, PowerPart{Kind: PartFloor, Source: None, Amount: -sum})
	}
	return buf
}

// modParts appends the terms of modsFor(c) (merged, without zeros, in card
// order) and returns their sum.
func (g *Game) modParts(c CardID, buf []PowerPart) ([]PowerPart, int) {
	start := len(buf)
	sum := 0
	cd := &g.Cards[c]
	if g.Hooked&hPowerMod != 0 { // as modsFor: the cards heeded by c's controller
		for i := range g.heeded(hPowerMod, cd.Ctrl) {
			n := defs[g.Cards[i].Def].PowerMod(g, i, c)
			sum += n
			buf = addPart(buf, start, PartAbility, i, n)
		}
	}
	// as effectPower
	minion := defType[cd.Def] == Minion
	for i := 0; i < int(g.NEff); i++ {
		e := &g.Effects[i]
		on := false
		switch e.Kind {
		case EffPower:
			on = e.Card == c
		case EffBasePower:
			on = minion && e.Base == cd.Base && (e.Player == None || e.Player == cd.Ctrl)
		case EffPlayerPower:
			on = minion && e.Player == cd.Ctrl
		}
		if on {
			sum += int(e.Amount)
			buf = addPart(buf, start, PartEffect, e.Src, int(e.Amount))
		}
	}
	return tidyParts(buf, start), sum
}

// TotalParts appends to buf the terms of player p's total power at base slot
// s; they sum to g.PowerAt(s, p).
//
// First one PartMinion term per card of p's at s that counts for something
// there (Source = the card, Amount = what it counts for: a minion's power
// plus any TotalPower, a titan's counters and ability, a card bearing
// minions' names), in card order; then the PartLoose terms, one per source
// in card order (effects no card made last). Terms of amount 0 are left out.
// A minion's own terms are PowerParts.
func (g *Game) TotalParts(s BaseID, p Seat, buf []PowerPart) []PowerPart {
	var arr [32]CardID
	srcs := g.powerSources(arr[:0])
	for i := range g.inZone(ZInPlay).each { // as PowerAt
		c := &g.Cards[i]
		if c.Base == s && c.Ctrl == p {
			if n := g.powerGivenFrom(i, srcs); n != 0 {
				buf = append(buf, PowerPart{Kind: PartMinion, Source: i, Amount: n})
			}
		}
	}
	start := len(buf) // as loosePowerAt
	if g.Hooked&hLoosePower != 0 {
		for i := range g.tableWith(hLoosePower).each {
			c := &g.Cards[i]
			if c.Zone != ZInPlay {
				continue
			}
			if d := defs[c.Def]; d.LoosePower != nil {
				buf = addPart(buf, start, PartLoose, i, d.LoosePower(g, i, s, p))
			}
		}
	}
	for i := 0; i < int(g.NEff); i++ {
		e := &g.Effects[i]
		if e.Kind == EffLoosePower && e.Base == s && e.Card == g.Bases[s].Card && e.Player == p {
			buf = addPart(buf, start, PartLoose, e.Src, int(e.Amount))
		}
	}
	return tidyParts(buf, start)
}

// addPart adds n from src to the term of that kind and source in
// buf[start:], or appends a new term.
func addPart(buf []PowerPart, start int, k PartKind, src CardID, n int) []PowerPart {
	if n == 0 {
		return buf
	}
	for j := start; j < len(buf); j++ {
		if buf[j].Kind == k && buf[j].Source == src {
			buf[j].Amount += n
			return buf
		}
	}
	return append(buf, PowerPart{Kind: k, Source: src, Amount: n})
}

// tidyParts drops the terms of buf[start:] that came to 0 and puts the rest
// in card order of their source (None last; for one source, the lower kind
// first).
func tidyParts(buf []PowerPart, start int) []PowerPart {
	n := start
	for j := start; j < len(buf); j++ {
		if buf[j].Amount != 0 {
			buf[n] = buf[j]
			n++
		}
	}
	buf = buf[:n]
	for j := start + 1; j < len(buf); j++ { // insertion sort: a few terms
		x := buf[j]
		k := j
		for ; k > start && partBefore(x, buf[k-1]); k-- {
			buf[k] = buf[k-1]
		}
		buf[k] = x
	}
	return buf
}

func partBefore(a, b PowerPart) bool {
	ka, kb := partOrder(a.Source), partOrder(b.Source)
	if ka != kb {
		return ka < kb
	}
	return a.Kind < b.Kind
}

// partOrder is the sort key of a source: card order, None last.
func partOrder(c CardID) int {
	if c < 0 {
		return 1 << 20
	}
	return int(c)
}
