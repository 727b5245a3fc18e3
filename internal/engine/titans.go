package engine

// Titans (the optional rule, Game option RuleTitans).
//
// A titan waits beside its owner (zone ZTitan) from the start of the game; it
// never goes to a hand, deck or discard pile: whenever it would, it goes back
// beside its owner instead (see put), which also drops its counters. It enters
// play only when a card lets it: its own Special (a Play special whose Do pays
// what the card asks and then calls g.PlayTitan), or any other ability calling
// g.PlayTitan. A player never controls two titans in play at once.
//
// A titan has no power of its own. It gives its controller power at its base:
// its +1 power counters plus what its TotalPower hook says (PowerGiven). That
// power counts for scoring, for the breakpoint total and for qualifying.
//
// Clash of the Titans: after a titan is played or moved to a base that already
// has a titan, the controller with the lesser total power there sets their titan
// aside; on a tie the titan that arrived last goes. Every titan definition gets
// this rule as triggers when it is registered (titanRules).

// Ways a titan play uses the turn's plays.
const (
	TitanFree          uint8 = 0 // the card's own permission: no regular play is used
	TitanInsteadMinion uint8 = 1 // instead of the regular minion play of the Play Cards phase
	TitanInsteadAction uint8 = 2 // instead of the regular action play
)

// AnyBase is the slot mask of every base (for PlayTitan).
const AnyBase = -1

var fnPlayTitan, fnTitanDefault int16

func init() {
	fnPlayTitan = regProc(playTitanProc, causeInherit)
	fnTitanDefault = regProc(func(g *Game, f *Frame) { g.PlayTitan(f, f.Src, AnyBase, TitanFree) }, causeInherit)
}

// TitansOn reports whether the game is played with titans.
func (g *Game) TitansOn() bool { return g.Options&RuleTitans != 0 }

// IsTitan reports whether card c is a titan.
func (g *Game) IsTitan(c CardID) bool { return c >= 0 && defs[g.Cards[c].Def].Type == Titan }

// TitanBeside returns player p's titans waiting beside them.
func (g *Game) TitanBeside(p Seat) []CardID { return g.Collect(ZTitan, p) }

// TitanInPlay returns the titan player p controls in play, or None.
func (g *Game) TitanInPlay(p Seat) CardID {
	for i := range g.inZone(ZInPlay).each {
		c := &g.Cards[i]
		if c.Ctrl == p && defs[c.Def].Type == Titan {
			return i
		}
	}
	return None
}

// TitansAt returns the titans at base slot s.
func (g *Game) TitansAt(s BaseID) []CardID {
	var out []CardID
	for _, c := range g.OnBase(s) {
		if g.IsTitan(c) {
			out = append(out, c)
		}
	}
	return out
}

// CanPlayTitan reports whether p may play titan c now (rules only: the card's
// own condition is checked by the card): it waits beside p, p controls no titan
// in play and there is a base to play it on.
func (g *Game) CanPlayTitan(p Seat, c CardID) bool {
	cd := &g.Cards[c]
	return g.IsTitan(c) && cd.Zone == ZTitan && cd.Ctrl == p && g.TitanInPlay(p) == None && len(g.BaseSlots()) > 0
}

// SlotMask builds a PlayTitan base mask from slots.
func SlotMask(slots []BaseID) int {
	m := 0
	for _, s := range slots {
		m |= 1 << s
	}
	return m
}

// PlayTitan schedules f's player playing titan c onto one of the bases in mask
// (bit s for slot s; AnyBase for any), asking which when there is a choice.
// instead says which regular play it uses (TitanFree, TitanInsteadMinion,
// TitanInsteadAction). Nothing happens when the play is no longer allowed.
func (g *Game) PlayTitan(f *Frame, c CardID, mask int, instead uint8) {
	pf := g.push(fnPlayTitan, f.Player, c, None, None)
	pf.Set(baseMask, mask)
	pf.Set(regularPlay, int(instead))
}

// playTitanProc's steps.
const (
	chooseTitanBase Step = iota // choose the base to play it on
	playTitanThere
)

// playTitanProc's slots.
const (
	baseMask    NumSlot = 0 // the bases it may be played on (bit s for slot s)
	regularPlay NumSlot = 1 // the regular play it uses (TitanFree ...)
)

// playTitanProc plays a titan: Src = the titan.
func playTitanProc(g *Game, f *Frame) {
	p, c := f.Player, f.Src
	ok := func() bool {
		if !g.CanPlayTitan(p, c) {
			return false
		}
		switch uint8(f.Get(regularPlay)) {
		case TitanInsteadMinion:
			return g.Players[p].MinionQuota > 0
		case TitanInsteadAction:
			return g.Players[p].ActionQuota > 0 && !g.ActionsForbidden(p)
		}
		return true
	}
	switch f.Step {
	case chooseTitanBase:
		if !ok() {
			return
		}
		var slots []BaseID
		for _, s := range g.BaseSlots() {
			if int(uint16(f.Get(baseMask)))&(1<<s) != 0 {
				slots = append(slots, s)
			}
		}
		g.AskBases(f, p, "Choose a base to play {} on", slots, false, CardArg(c))
	case playTitanThere:
		s := f.ChosenBase()
		if s == None || !ok() {
			return
		}
		switch uint8(f.Get(regularPlay)) {
		case TitanInsteadMinion:
			g.Players[p].MinionQuota--
		case TitanInsteadAction:
			g.Players[p].ActionQuota--
		}
		cd := &g.Cards[c]
		cd.Ctrl, cd.Base, cd.On, cd.Counters = p, s, None, 0
		g.setZone(c, ZInPlay)
		cd.Pos = g.nextPos()
		cd.Flags &^= FTalentUsed
		g.markTurn(c, FPlayedTurn)
		g.emit(Event{Kind: EvPlay, Player: p, Card: c, Base: s, Other: None})
		if d := defs[cd.Def]; d.OnPlay != nil {
			g.resolve(d.onPlayFn, p, c, s, None)
		} else {
			g.push(fnDrain, p, None, None, None)
		}
	}
}

// titanPlay is the play of a titan through one of its Play specials: fn (the
// special's Do, or None for "play it on any base") pays what the card asks and
// plays it with PlayTitan.
func (g *Game) titanPlay(p Seat, c CardID, slot BaseID, fn int16) *Frame {
	if fn < 0 {
		fn = fnTitanDefault
	}
	return g.resolve(fn, p, c, slot, None)
}

// SetTitanAside takes titan c out of play (or wherever it is) and puts it
// beside its owner, discarding its counters.
func (g *Game) SetTitanAside(c CardID) {
	if g.Cards[c].Zone == ZInPlay {
		g.leavePlay(c)
	}
	g.put(c, ZTitan, g.Cards[c].Owner)
}

// PutCounterAside puts n +1 power counters on titan c waiting beside its owner
// (Ancient Lord gathers them there before it is played).
func (g *Game) PutCounterAside(c CardID, n int) {
	if g.Cards[c].Zone != ZTitan {
		return
	}
	v := int(g.Cards[c].Counters) + n
	if v < 0 {
		v = 0
	}
	g.Cards[c].Counters = int8(v)
	g.emit(Event{Kind: EvCounter, Player: g.Cards[c].Ctrl, Card: c, Base: None, Num: int16(n)})
}

// PowerGiven returns the power card c (in play) gives its controller at its
// base, as scoring counts it: a minion's power; a titan's +1 power counters and
// TotalPower; for other cards, their TotalPower (0 without one).
func (g *Game) PowerGiven(c CardID) int {
	if g.Cards[c].Zone != ZInPlay {
		return 0
	}
	return g.Power(c) + g.givenBesidesPower(c)
}

// givenBesidesPower is what card c in play gives its controller besides a
// minion's power: a titan's +1 power counters, and any card's TotalPower.
func (g *Game) givenBesidesPower(c CardID) int {
	cd := &g.Cards[c]
	d := defs[cd.Def]
	n := 0
	if d.Type == Titan {
		n = int(cd.Counters)
	}
	if d.TotalPower != nil {
		n += d.TotalPower(g, c)
	}
	return n
}

// setTitansAside puts beside each player the implemented titans of their
// factions (when the game uses titans). A titan the setup already placed
// somewhere is not duplicated.
func (g *Game) setTitansAside(s Setup) error {
	if !g.TitansOn() {
		return nil
	}
	for i, sp := range s.Players {
		p := Seat(i)
		for _, f := range sp.Factions {
			name := canonicalFaction(f)
			for _, d := range defs {
				if d.Type != Titan || !d.Playable || d.Faction != name || g.ownsCopy(p, d) {
					continue
				}
				if _, err := g.newCardDef(d, p, ZTitan); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (g *Game) ownsCopy(p Seat, d *Def) bool {
	for i := range g.NCards {
		if g.Cards[i].Def == d.ID && g.Cards[i].Owner == p {
			return true
		}
	}
	return false
}

// titanRules are the triggers every titan has: Clash of the Titans after it is
// played or moved to a base with another titan.
func titanRules() []Trigger {
	arrives := func(g *Game, self CardID, ev Event) bool { return ev.Card == self }
	clash := func(g *Game, f *Frame) { g.clash(f.Src, f.Ev.Base) }
	return []Trigger{{On: EvPlay, When: arrives, Do: clash}, {On: EvMove, When: arrives, Do: clash}}
}

// clash resolves Clash of the Titans for titan c that arrived at slot s.
func (g *Game) clash(c CardID, s BaseID) {
	if !g.InPlay(c) || g.BaseOf(c) != s {
		return
	}
	for _, o := range g.TitansAt(s) {
		if o == c {
			continue
		}
		mine, theirs := g.PowerAt(s, g.Ctrl(c)), g.PowerAt(s, g.Ctrl(o))
		loser := c // a tie: the titan that was there first stays
		if mine > theirs {
			loser = o
		}
		g.Log(g.Ctrl(loser), "Clash of the Titans: {} is set aside", loser)
		g.SetTitanAside(loser)
		if loser == c {
			return
		}
	}
}
