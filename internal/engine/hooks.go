package engine

import (
	"fmt"
	"math/bits"
)

// Hook masks: which kinds of behaviour a definition has, so that the many
// "look at every card for an X ability" scans skip cards without X with one
// byte test. The masks are computed by Register (a definition's behaviour is
// filled in before it is registered) and never change afterwards; they are
// registry data like defs, not game state.

const (
	hPowerMod uint16 = 1 << iota
	hBreakMod
	hTriggers
	hSpecials
	hProtect
	hInstead
	hCanPlay
	hIgnoreBase
	hBaseFrom
	hLends
	hLoosePower
	hTalent
)

// defHooks[id] is the hook mask of definition id.
var defHooks []uint16

// hooksOf is the hook mask of definition d: the bit of each kind of behaviour
// it has.
func hooksOf(d *Def) uint16 {
	var h uint16
	for _, k := range []struct {
		has  bool
		hook uint16
	}{
		{d.PowerMod != nil, hPowerMod},
		{d.BreakMod != nil, hBreakMod},
		{len(d.Triggers) > 0, hTriggers},
		{len(d.Specials) > 0, hSpecials},
		{d.Protect != nil, hProtect},
		{d.Instead != nil, hInstead},
		{d.CanPlay != nil, hCanPlay},
		{d.IgnoreBase != nil, hIgnoreBase},
		{d.BaseFrom != nil, hBaseFrom},
		{d.LendsTopBase != nil, hLends},
		{d.LoosePower != nil, hLoosePower},
		{d.Talent != nil, hTalent},
	} {
		if k.has {
			h |= k.hook
		}
	}
	return h
}

// activeHooks returns the union of the hook masks of the cards and bases in play.
func (g *Game) activeHooks() uint16 {
	// kind k is active when a card in play or a base in play has it (static.go)
	var on cardSet
	for w := range on {
		on[w] = g.Zones[ZInPlay][w] | g.Zones[ZBaseInPlay][w]
	}
	// (a card's bit of HookCards[k] is bit k of its definition's hooks: the
	// hooks of the few cards on the table, rather than every kind's set)
	var h uint16
	for w, word := range on {
		for ; word != 0; word &= word - 1 {
			h |= defHooks[g.Cards[w<<6|bits.TrailingZeros64(word)].Def]
		}
	}
	return h
}

// minionAllowedH is minionAllowed given the activeHooks of the game: with no
// play restriction in play, any base in play will do.
func (g *Game) minionAllowedH(p Seat, c CardID, slot BaseID, hooks uint16) bool {
	if hooks&hCanPlay == 0 {
		return g.Bases[slot].Card != None
	}
	return g.minionAllowed(p, c, slot)
}

// hasExtraFrom reports whether p holds an unused extra-play grant from zone z.
func (g *Game) hasExtraFrom(p Seat, z Zone) bool {
	pl := &g.Players[p]
	for i := 0; i < int(pl.NExtra); i++ {
		if pl.Extras[i].Uses > 0 && pl.Extras[i].From == z {
			return true
		}
	}
	return false
}

// Registry-wide facts used to skip whole scans.
var (
	defNorm        []string    // Normalize of each definition's name
	defOffTrig     []bool      // the definition has a trigger from outside play
	trigKinds      [4]uint64   // event kinds some definition triggers on
	offTableKinds  [4]uint64   // ... from a zone other than play (e.g. the discard pile)
	specialWindows uint64      // windows some definition has Specials for
	defTrigKinds   [][4]uint64 // per definition, the event kinds it triggers on
	defType        []CardType  // per definition, its Type (kept together for the scans)
	specialFrom    [64]uint32  // per window, the zones some definition has a Special for it from
	answerKinds    [4]uint64   // event kinds some definition has a Special answering (WinAnswer)
)

// trigKindsOf returns the event kinds definition d triggers on.
func trigKindsOf(d *Def) [4]uint64 {
	var k [4]uint64
	for _, t := range d.Triggers {
		k[t.On>>6] |= 1 << (t.On & 63)
	}
	return k
}

func registerHooks(d *Def) {
	defHooks = append(defHooks, hooksOf(d))
	defType = append(defType, d.Type)
	defNorm = append(defNorm, Normalize(d.Name))
	defOffTrig = append(defOffTrig, offTrig(d))
	defTrigKinds = append(defTrigKinds, trigKindsOf(d))
	addSkipFacts(d, &trigKinds, &offTableKinds, &specialWindows, &specialFrom)
	for _, sp := range d.Specials {
		if sp.Window == WinAnswer {
			for _, k := range sp.On {
				answerKinds[k>>6] |= 1 << (k & 63)
			}
		}
	}
}

// addSkipFacts adds what definition d triggers on and has Specials for to the
// registry-wide facts (see trigKinds, offTableKinds, specialWindows and
// specialFrom, which Register fills and CheckHooks fills again to compare).
func addSkipFacts(d *Def, kinds, offTable *[4]uint64, windows *uint64, from *[64]uint32) {
	for _, t := range d.Triggers {
		kinds[t.On>>6] |= 1 << (t.On & 63)
		if t.From != ZInPlay {
			offTable[t.On>>6] |= 1 << (t.On & 63)
		}
	}
	for _, sp := range d.Specials {
		*windows |= 1 << sp.Window
		from[sp.Window] |= 1 << sp.From
	}
}

// kindIn reports whether event kind k is in set (a bit per kind).
func kindIn(set *[4]uint64, k EventKind) bool { return set[k>>6]&(1<<(k&63)) != 0 }

// NormName returns the printed name of card c folded by Normalize (computed
// once per definition), for comparing names without allocating.
func (g *Game) NormName(c CardID) string {
	if c < 0 {
		return ""
	}
	return defNorm[g.Cards[c].Def]
}

// CheckHooks verifies that the hook masks still describe the registered
// definitions (a behaviour added to a definition after Register would be
// missed by the scans that skip cards by mask).
func CheckHooks() error {
	var tk, ok [4]uint64
	var sw uint64
	var sf [64]uint32
	for _, d := range defs {
		if defHooks[d.ID] != hooksOf(d) {
			return fmt.Errorf("%s: behaviour changed after registration", d.Key)
		}
		if defOffTrig[d.ID] != offTrig(d) || defTrigKinds[d.ID] != trigKindsOf(d) {
			return fmt.Errorf("%s: triggers changed after registration", d.Key)
		}
		if defNorm[d.ID] != Normalize(d.Name) {
			return fmt.Errorf("%s: renamed after registration", d.Key)
		}
		addSkipFacts(d, &tk, &ok, &sw, &sf)
	}
	if tk != trigKinds || ok != offTableKinds || sw != specialWindows || sf != specialFrom {
		return fmt.Errorf("triggers or Specials changed after registration")
	}
	return nil
}
