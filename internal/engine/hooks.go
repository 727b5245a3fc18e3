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
	hTalentAgain
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
		{d.TalentAgain != nil, hTalentAgain},
	} {
		if k.has {
			h |= k.hook
		}
	}
	return h
}

// activeHooks returns the union of the hook masks of the cards and bases in
// play: the kinds counted in PlayHooks (kept by setZone: countHooks).
func (g *Game) activeHooks() uint16 { return g.PlayHookMask }

// inPlayHooked reports whether a card in zone z counts in PlayHooks.
func inPlayHooked(z Zone) bool { return z == ZInPlay || z == ZBaseInPlay }

// countHooks adds n (1 or -1) to the PlayHooks of card c's hook kinds, as c
// enters or leaves play (setZone).
func (g *Game) countHooks(c CardID, n uint16) {
	d := g.Cards[c].Def
	for h := defHooks[d]; h != 0; h &= h - 1 {
		k := bits.TrailingZeros16(h)
		g.PlayHooks[k] += n // (-1: wraps round to one less)
		if g.PlayHooks[k] != 0 {
			g.PlayHookMask |= 1 << k
		} else {
			g.PlayHookMask &^= 1 << k
		}
	}
	if defHooks[d]&hTriggers == 0 {
		return
	}
	for ks := defTrigKinds[d][0]; ks != 0; ks &= ks - 1 { // (every kind is in the first word)
		k := bits.TrailingZeros64(ks)
		g.PlayTrigs[k] += n
		if g.PlayTrigs[k] != 0 {
			g.PlayTrigMask |= 1 << k
		} else {
			g.PlayTrigMask &^= 1 << k
		}
	}
}

// recountHooks makes PlayHooks and PlayHookMask again from the cards (after
// definitions changed: restamp, renoteCards).
func (g *Game) recountHooks() {
	g.PlayHooks, g.PlayHookMask = [nHooks]uint16{}, 0
	g.PlayTrigs, g.PlayTrigMask = [nEventKinds]uint16{}, 0
	for i := range g.NCards {
		if inPlayHooked(g.Cards[i].Zone) {
			g.countHooks(i, 1)
		}
	}
}

// checkHooksCounted reports whether PlayHooks and PlayHookMask match the
// cards (Validate), and whether the mask is the union of the hook masks of
// the cards and bases in play; and PlayTrigs and PlayTrigMask the same for
// the event kinds they trigger on.
func (g *Game) checkHooksCounted() bool {
	var want [nHooks]uint16
	var mask uint16
	var trigs [nEventKinds]uint16
	var kinds uint64
	for i := range g.NCards {
		if inPlayHooked(g.Cards[i].Zone) {
			d := g.Cards[i].Def
			mask |= defHooks[d]
			for h := defHooks[d]; h != 0; h &= h - 1 {
				want[bits.TrailingZeros16(h)]++
			}
			for _, t := range defs[d].Triggers {
				kinds |= 1 << t.On
			}
			for k := range EventKind(nEventKinds) {
				if kindIn(&defTrigKinds[d], k) {
					trigs[k]++
				}
			}
		}
	}
	return want == g.PlayHooks && mask == g.PlayHookMask && trigs == g.PlayTrigs && kinds == g.PlayTrigMask
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
	defPowerless   []bool      // a card of the definition in play gives no power (powerless)
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
	defPowerless = append(defPowerless, powerless(d))
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

// powerless reports whether a card of definition d in play gives no power
// at all (powerGivenFrom): not a minion, nor a titan, bearing no minion's
// name and without TotalPower (an action, most bases).
func powerless(d *Def) bool {
	return d.Type != Minion && d.Type != Titan && d.AlsoNamed == nil && d.TotalPower == nil
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
		if defType[d.ID] != d.Type || defPowerless[d.ID] != powerless(d) {
			return fmt.Errorf("%s: type or power changed after registration", d.Key)
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
