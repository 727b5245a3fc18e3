package engine

// Cards in other players' hands, and related per-turn rules.
//
// A card always keeps its Owner. Card.Ctrl is whoever holds it: a card given
// to another player sits in that player's hand (Ctrl = that player) and that
// player may play it; once played they control it. Whenever it is discarded,
// destroyed, returned or placed it goes to its OWNER's zones (DiscardCard,
// destroy, return and place already use Owner).

var fnGiveAway, fnAfterStd int16

func init() {
	fnGiveAway = regFn(giveAwayProc)
	fnAfterStd = regFn(afterStdProc)
}

// Give puts card c (from a hand, or a played standard action set aside) into
// player p's hand on behalf of giver. It emits EvGive (Player = giver, Num = p).
func (g *Game) Give(giver Seat, c CardID, p Seat) {
	g.put(c, ZHand, p)
	g.emit(Event{Kind: EvGive, Player: giver, Card: c, Base: None, Num: int16(p)})
}

// GiveAway schedules: f's player chooses another player, and card c goes into
// that player's hand (if it is still where it was when this was scheduled).
func (g *Game) GiveAway(f *Frame, c CardID) {
	gf := g.push(fnGiveAway, f.Player, f.Src, None, c)
	gf.Set(wasIn, int(g.Cards[c].Zone))
}

// giveAwayProc: Player = the giver, Target = the card given.
func giveAwayProc(g *Game, f *Frame) {
	c := f.Target
	switch f.Step {
	case choosePlayer:
		if g.Cards[c].Zone != Zone(f.Get(wasIn)) {
			return
		}
		g.AskPlayers(f, f.Player, "Choose the player whose hand {} goes into", g.Others(f.Player), false, CardArg(c))
	case giveIt:
		if q := f.ChosenPlayer(); q != None && g.Cards[c].Zone == Zone(f.Get(wasIn)) {
			g.Give(f.Player, c, q)
		}
	}
}

// giveAwayProc's steps.
const (
	choosePlayer Step = iota // the giver chooses whose hand it goes into
	giveIt
)

// giveAwayProc's slot.
const wasIn NumSlot = 0 // the zone the card was in when it was scheduled

// GiveAwayAfterPlay marks card c, a standard action about to be played, so that
// once it has resolved it goes into another player's hand (chosen by the player
// who played it) instead of the discard pile or wherever its own text puts it.
func (g *Game) GiveAwayAfterPlay(c CardID) { g.Cards[c].Flags |= FGiveAway }

// standardLeaves is called when standard action c, played by p, has resolved
// and is still set aside. It schedules what happens to it instead of the
// discard pile (a GiveAwayAfterPlay mark, then AfterStandard abilities of cards
// and bases in play) and reports whether it scheduled anything.
func (g *Game) standardLeaves(p Seat, c CardID) bool {
	if g.Cards[c].Flags&FGiveAway != 0 {
		g.Cards[c].Flags &^= FGiveAway
		gf := g.push(fnGiveAway, p, c, None, c)
		gf.Set(wasIn, int(ZSetAside))
		return true
	}
	any := false
	for i := range g.onTable {
		s := &g.Cards[i]
		d := defs[s.Def]
		if d.AfterStandard == nil || !g.live(i) {
			continue
		}
		// a base's offer is optional: a player who only may ignore the
		// base (Infiltrate) is still offered it (BaseMustIgnore)
		if d.Type == BaseCard && g.BaseMustIgnore(s.Base, p) {
			continue
		}
		if d.AfterStandardOK != nil && !d.AfterStandardOK(g, i, p, c) {
			continue
		}
		who := s.Ctrl
		if d.Type == BaseCard {
			who = p
		}
		af := g.push(fnAfterStd, who, i, s.Base, c)
		af.Set(afterStdAbility, int(d.afterStdFn))
		any = true
	}
	return any
}

// afterStdProc runs one AfterStandard ability while the action is still set
// aside: Src = the card whose ability it is, Target = the action.
func afterStdProc(g *Game, f *Frame) {
	if f.Step == runAfterStd && g.Cards[f.Target].Zone == ZSetAside {
		g.resolve(int16(f.Get(afterStdAbility)), f.Player, f.Src, f.Base, f.Target)
	}
}

// afterStdProc's one step.
const runAfterStd Step = 0

// afterStdProc's slot.
const afterStdAbility NumSlot = 0 // the AfterStandard ability (registered)

// flagFirstStandard is the EffFlag id of "Effect.Card is the first standard
// action Player played this turn": counted when it is played (an action it
// plays while resolving does not take its place), and marked while the
// abilities that answer it leaving are asked (playCardProc).
var flagFirstStandard = NamedFlag("first standard action this turn")

// FirstStandardThisTurn reports, while a standard action's AfterStandardOK
// is asked, whether card c is the first standard action player p played this
// turn.
func (g *Game) FirstStandardThisTurn(p Seat, c CardID) bool {
	return g.HasEffect(flagFirstStandard, c, p)
}

// flagForbidName is the EffFlag id of "Player may not play cards named like
// Effect.Card this turn" (ForbidName).
var flagForbidName = NamedFlag("no more cards of that name this turn")

// ForbidName stops p from playing any card with the same name as card c for
// the rest of the turn.
func (g *Game) ForbidName(p Seat, c CardID) {
	g.AddEffect(Effect{Kind: EffFlag, Expires: ExpireEndOfTurn, Player: p, Base: None, Card: c, Amount: int16(flagForbidName), Src: c})
}

func (g *Game) nameForbidden(p Seat, c CardID) bool {
	for i := 0; i < int(g.NEff); i++ {
		e := &g.Effects[i]
		if e.Kind == EffFlag && e.Flag() == flagForbidName && e.Player == p && defs[g.Cards[e.Card].Def].Name == g.def(c).Name {
			return true
		}
	}
	return false
}

// ActionHasTarget reports whether p could play action c now (ignoring play
// quotas): it has a legal target and nothing forbids it.
func (g *Game) ActionHasTarget(p Seat, c CardID) bool {
	return g.Players[p].Flags&pfNoActions == 0 && g.actionHasTarget(p, c)
}

// CanPlayMinionSomewhere reports whether p could put minion c onto some base (ignoring quotas).
func (g *Game) CanPlayMinionSomewhere(p Seat, c CardID) bool {
	for _, s := range g.BaseSlots() {
		if g.minionAllowed(p, c, s) {
			return true
		}
	}
	return false
}

// Base talents and base counters -------------------------------------------------

// baseTalentOK: a base in play with a Talent offers it to the current player once
// per turn during their Play Cards phase (the base card's FTalentUsed flag).
// A talent is optional: a player who only may ignore the base (Infiltrate)
// may still use it (BaseMustIgnore).
func (g *Game) baseTalentOK(p Seat, b CardID) bool {
	d := g.def(b)
	c := &g.Cards[b]
	if d.Talent == nil || g.Current != p || c.Flags&FTalentUsed != 0 || g.BaseMustIgnore(c.Base, p) {
		return false
	}
	return d.TalentOK == nil || d.TalentOK(g, b)
}

// BaseCounters returns the number of (non-power) counters on the base at slot s.
// They are kept in BaseSlot.Counters and vanish when the base leaves play.
func (g *Game) BaseCounters(s BaseID) int { return int(g.Bases[s].Counters) }

// AddBaseCounters puts n counters on the base at slot s (these are not +1 power counters).
func (g *Game) AddBaseCounters(s BaseID, n int) {
	v := int(g.Bases[s].Counters) + n
	if v < 0 {
		v = 0
	}
	g.Bases[s].Counters = int8(v)
	g.emit(Event{Kind: EvCounter, Player: g.Current, Card: g.Bases[s].Card, Base: s, Num: int16(n)})
}
