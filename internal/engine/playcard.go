package engine

import "math/bits"

// Playing a card: whether a player may play it (allowances: the normal
// play of each kind and the extra plays), the play itself (playCardProc),
// and extra plays granted or offered by abilities.

// Play modes.
const (
	playNormal = 0 // uses the normal quota or a held extra grant
	playFree   = 1 // an extra play granted right now by an ability
)

// pushPlay schedules playing card c by player p. slot forces the base (None: ask),
// fn overrides the ability that resolves (-1: the card's own).
func (g *Game) pushPlay(p Seat, c CardID, slot BaseID, mode int, fn int16, onMinion CardID) *Frame {
	if g.IsTitan(c) {
		return g.titanPlay(p, c, slot, fn) // titans.go
	}
	pf := g.push(fnPlayCard, p, c, slot, onMinion)
	pf.Set(theMode, mode)
	pf.Set(abilityOverride, int(fn))
	return pf
}

// FirstMinionPlayedAt reports, while the event of a minion played on slot s
// is being answered, whether no other minion was played there this turn
// (even while the base's abilities were ignored: Jammed Signal).
func (g *Game) FirstMinionPlayedAt(s BaseID) bool {
	return s >= 0 && s < g.NBases && g.Bases[s].Flags&BMinionPlayed == 0
}

// PlayExtraNow schedules an immediate extra play of card c by p (onto slot, or
// asking when None), as abilities like Shinobi or Hoverbot grant.
func (g *Game) PlayExtraNow(p Seat, c CardID, slot BaseID) {
	g.pushPlay(p, c, slot, playFree, -1, None)
}

// canPlayNormallyH reports whether p may play card c from hand (or discard)
// now using a normal or held extra play, given the activeHooks of the game.
func (g *Game) canPlayNormallyH(p Seat, c CardID, hooks uint16) bool {
	d := g.def(c)
	from := g.Cards[c].Zone
	if from == ZDiscard && hooks&hBaseFrom == 0 && !g.hasExtraFrom(p, ZDiscard) {
		return false // nothing lets this player play from the discard pile
	}
	switch d.Type {
	case Minion:
		if from == ZHand && g.Players[p].NExtra == 0 {
			// only the normal play can be used, whatever the base
			// (findAllowance): no quota, no play; otherwise any base
			// where the minion may go
			if g.Players[p].MinionQuota <= 0 {
				return false
			}
			for s := range g.NBases {
				if g.Bases[s].Card != None && g.minionAllowedH(p, c, s, hooks) {
					return true
				}
			}
			return false
		}
		for s := range g.NBases {
			if g.Bases[s].Card == None {
				continue
			}
			if _, ok := g.findAllowance(p, c, s, from); ok && g.minionAllowedH(p, c, s, hooks) {
				return true
			}
		}
	case Action:
		if from != ZHand || d.SpecialOnly() {
			return false
		}
		if _, ok := g.findAllowance(p, c, None, from); !ok {
			return false
		}
		return g.actionHasTarget(p, c)
	}
	return false
}

// allowance is what a play is counted against: the normal play of the card's
// kind (minion or action) this turn, or one of the player's extra plays.
type allowance struct {
	extra int // index into the player's Extras, or None: the normal play
}

var normalPlay = allowance{extra: None}

// mayPlayOnto reports whether some allowance lets p play card c onto slot.
func (g *Game) mayPlayOnto(p Seat, c CardID, slot BaseID) bool {
	_, ok := g.findAllowance(p, c, slot, g.Cards[c].Zone)
	return ok
}

// useAllowance counts a play of p (card definition d) against a.
func (g *Game) useAllowance(p Seat, d *Def, a allowance) {
	pl := &g.Players[p]
	switch {
	case a.extra != None:
		pl.Extras[a.extra].Uses--
	case d.Type == Minion:
		pl.MinionQuota--
	default:
		pl.ActionQuota--
	}
}

// findAllowance picks the allowance p's play of card c (from zone from onto
// slot, or None when the slot is not yet known) is counted against: an extra
// play made for it (restricted to its power, base, faction, zone or place)
// first, then a generic extra play before the normal play, which is kept for
// later. ok is false when no allowance lets p play c.
func (g *Game) findAllowance(p Seat, c CardID, slot BaseID, from Zone) (a allowance, ok bool) {
	pl := &g.Players[p]
	d := g.def(c)
	best, bestScore := None, -1
	for i := 0; i < int(pl.NExtra); i++ {
		e := &pl.Extras[i]
		if e.Uses <= 0 {
			continue
		}
		if (d.Type == Minion) != (e.Kind == ExtraMinion) {
			continue
		}
		if e.From != from && !(from == ZDiscard && e.From == ZHand && slot != None && g.discardAllowedAt(p, slot)) {
			continue
		}
		if e.MaxPower >= 0 && d.Power > int(e.MaxPower) {
			continue
		}
		if e.Base != None && slot != None && e.Base != slot {
			continue
		}
		if e.Faction != None && !g.cardOfFaction(c, int(e.Faction)) {
			continue
		}
		if !g.extraWhereOK(e, p, slot) {
			continue
		}
		score := 1
		if e.MaxPower >= 0 || e.Base != None || e.Faction != None || e.From != ZHand || e.Where != WhereAny {
			score = 2
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	if best != None && bestScore == 2 {
		return allowance{extra: best}, true
	}
	quota := pl.MinionQuota
	if d.Type == Action {
		quota = pl.ActionQuota
	}
	normalOK := quota > 0 && (from == ZHand || (from == ZDiscard && slot != None && g.discardAllowedAt(p, slot)))
	if d.Type == Action && pl.Flags&pfNoActions != 0 {
		return allowance{}, false
	}
	if best != None {
		return allowance{extra: best}, true // a generic extra is used before the normal play (keeps the normal play for later)
	}
	return normalPlay, normalOK
}

func (g *Game) discardAllowedAt(p Seat, slot BaseID) bool {
	for i := range g.tableWith(hBaseFrom).each {
		c := &g.Cards[i]
		if c.Zone == ZInPlay && c.Base == slot {
			d := defs[c.Def]
			if d.BaseFrom != nil && d.BaseFrom(g, i, p) {
				return true
			}
		}
	}
	return false
}

func (g *Game) cardOfFaction(c CardID, faction int) bool {
	return factionIndex(g.def(c).Faction) == faction
}

func factionIndex(name string) int {
	if i, ok := registry().index[name]; ok {
		return i
	}
	return None
}

// FactionIndex returns the index of a faction name among Factions().
func FactionIndex(name string) int { return factionIndex(name) }

// minionAllowed reports whether minion c may be played by p onto slot (base and card restrictions).
func (g *Game) minionAllowed(p Seat, c CardID, slot BaseID) bool {
	if g.Bases[slot].Card == None || g.nameForbidden(p, c) {
		return false
	}
	for i := range g.heeded(hCanPlay, p) {
		if !defs[g.Cards[i].Def].CanPlay(g, i, p, c, slot) {
			return false
		}
	}
	return true
}

// MinionAllowed is minionAllowed for card code.
func (g *Game) MinionAllowed(p Seat, c CardID, slot BaseID) bool { return g.minionAllowed(p, c, slot) }

func (g *Game) actionHasTarget(p Seat, c CardID) bool {
	d := g.def(c)
	if g.nameForbidden(p, c) {
		return false
	}
	switch d.Target {
	case OnBase:
		for s := range g.NBases {
			if g.actionOnBaseOK(p, c, s) {
				return true
			}
		}
		return false
	case OnMinion, OnOwnMinion:
		for m := range g.onTable {
			if g.Cards[m].Zone == ZInPlay && g.actionOnMinionOK(p, c, m) {
				return true
			}
		}
		return false
	}
	return d.PlayOK == nil || d.PlayOK(g, p, c, None)
}

// actionOnBaseOK reports whether p may play action c, which is played on a
// base, on the base at s.
func (g *Game) actionOnBaseOK(p Seat, c CardID, s BaseID) bool {
	if g.Bases[s].Card == None {
		return false
	}
	for i := range g.tableWith(hCanPlay).each {
		if sd := defs[g.Cards[i].Def]; sd.CanPlay != nil && g.live(i) && !sd.CanPlay(g, i, p, c, s) {
			return false
		}
	}
	d := g.def(c)
	return d.PlayOK == nil || d.PlayOK(g, p, c, None)
}

// actionOnMinionOK reports whether p may play action c, which is played on
// a minion, on minion m.
func (g *Game) actionOnMinionOK(p Seat, c, m CardID) bool {
	d := g.def(c)
	if !g.InPlay(m) || !g.IsMinion(m) || d.Target == OnOwnMinion && g.Ctrl(m) != p {
		return false
	}
	return d.PlayOK == nil || d.PlayOK(g, p, c, m)
}

// playCardProc plays a card: Src = the card, Base = the base it must be
// played on (None: ask), Target = the minion it must be played on (None: ask).
func playCardProc(g *Game, f *Frame) {
	p, c := f.Player, f.Src
	d := g.def(c)
	switch f.Step {
	case chooseWhere:
		if d.Type == Action && g.ActionsForbidden(p) {
			// Mark of Sleep: no action may be played, not even an extra
			// one; a card taken out of a deck to be played cannot stay
			// where it was put meanwhile: it is discarded instead (as the
			// compendium has it for cards whose play becomes impossible)
			if z := g.Cards[c].Zone; z == ZSetAside || z == ZDeck {
				g.DiscardCard(c)
			}
			return
		}
		g.BeginAsk()
		switch {
		case d.Type == Minion:
			for s := range g.NBases {
				if g.Bases[s].Card == None || (f.Base != None && s != f.Base) {
					continue
				}
				if !g.minionAllowed(p, c, s) {
					continue
				}
				if f.Get(theMode) == playNormal && !g.mayPlayOnto(p, c, s) {
					continue
				}
				g.OfferBase(s)
			}
			g.Ask(f, p, "Choose a base to play {} on", 0, CardArg(c))
		case d.Target == OnBase:
			for s := range g.NBases {
				if g.Bases[s].Card != None && (f.Base == None || s == f.Base) && g.actionOnBaseOK(p, c, s) {
					g.OfferBase(s)
				}
			}
			g.Ask(f, p, "Choose a base to play {} on", 0, CardArg(c))
		case d.Target == OnMinion || d.Target == OnOwnMinion:
			var arr [64]CardID
			for _, m := range g.minionsInto(None, arr[:0]) {
				if (f.Target == None || m == f.Target) && (f.Base == None || g.BaseOf(m) == f.Base) && g.actionOnMinionOK(p, c, m) {
					g.OfferCard(m)
				}
			}
			g.Ask(f, p, "Choose a minion to play {} on", 0, CardArg(c))
		default:
			f.Ans = Option{Kind: OptNone, Card: None, Base: None, Player: None}
			f.Next()
		}
	case putIntoPlay:
		slot, on := f.Base, NoCard
		switch {
		case d.Type == Minion || d.Target == OnBase:
			if f.Ans.Kind != OptBase {
				g.discardUnplayable(c)
				return
			}
			slot = f.Ans.Base
		case d.Target == OnMinion || d.Target == OnOwnMinion:
			if f.Ans.Kind != OptCard {
				g.discardUnplayable(c)
				return
			}
			on = f.Ans.Card
			slot = g.BaseOf(on)
		}
		from := g.Cards[c].Zone
		if f.Get(theMode) == playNormal {
			a, ok := g.findAllowance(p, c, slot, from)
			if !ok {
				return // no longer allowed: nothing happens
			}
			if k := f.Get(chosenExtra) - 1; k >= 0 {
				if g.extraFits(p, c, slot, from, k) {
					a = allowance{extra: k}
				}
			} else if a.extra != None && g.askLimitedExtra(f, p, c, slot, on, from) {
				return
			}
			g.useAllowance(p, d, a)
		}
		if d.Type == Minion {
			g.Players[p].MinionsPlayed++
		} else {
			g.Players[p].ActionsPlayed++
		}
		cd := &g.Cards[c]
		cd.Flags &^= FFaceDown | FRevealed // a card played is public, whatever it was set aside as
		if d.Type == Action && d.Target == Standard {
			g.setZone(c, ZSetAside)
			cd.Ctrl = p
			cd.Base = slot
			cd.On = None
		} else {
			g.setZone(c, ZInPlay)
			cd.Ctrl = p
			cd.Base = slot
			cd.On = on
			cd.Counters = 0
			cd.Flags &^= FTalentUsed
			if on != None {
				prot := g.Protected(on, Affect{Kind: AffAttach, By: f.Player, Src: f.Src})
				if !g.affect(f, on, AffAttach) {
					if prot || !g.InPlay(on) {
						g.DiscardCard(c)
					} else {
						// an "instead" (Hideout) stopped it: it stays, doing nothing this turn (suspend.go)
						cd.Pos = g.nextPos()
						cd.Flags |= FPlayedTurn
						g.suspend(c)
					}
					g.emit(Event{Kind: EvPlay, Player: p, Card: c, Base: slot, Other: int16(on), Num: int16(from)})
					return
				}
			}
		}
		cd.Pos = g.nextPos()
		cd.Flags |= FPlayedTurn
		f.SetCard(chosenTarget, on)
		if d.Type == Action && d.Target == Standard {
			g.Players[p].StdPlayed++
			if g.Players[p].StdPlayed == 1 {
				f.Set(firstStandard, 1)
			}
		}
		g.emit(Event{Kind: EvPlay, Player: p, Card: c, Base: slot, Other: int16(on), Num: int16(from)})
		if d.Type == Minion && slot >= 0 && slot < g.NBases {
			g.Bases[slot].Flags |= BMinionPlayed // after the event: its triggers see the plays before it
		}
		fn := int16(f.Get(abilityOverride))
		if fn < 0 && d.OnPlay != nil {
			fn = d.onPlayFn
		}
		g.resolvePlayed(fn, p, c, slot, on) // reactions.go: a WinPlayed window may come first
		// Specials that answer a card being played come after its triggers;
		// for a card played part-way through an ability, after that ability
		// has finished too (deferAfterPlayWindow)
		if g.windowOpens(WinAfterPlay) && !g.deferAfterPlayWindow(f, p, c, slot) {
			wf := g.push(fnWindow, p, c, slot, None)
			wf.Set(theWindow, int(WinAfterPlay))
		}
		f.Next()
	case actionLeaves: // maybe somewhere else than the discard pile
		if g.Cards[c].Zone == ZSetAside {
			if f.Get(firstStandard) == 1 { // for the abilities it may answer, marked only while they are asked
				g.SetFlag(flagFirstStandard, p, c, ExpireEndOfTurn)
			}
			instead := g.standardLeaves(p, c)
			g.ClearFlag(flagFirstStandard, p, c)
			if instead {
				f.Next()
				return
			}
			g.DiscardCard(c)
		}
	case discardAction:
		if g.Cards[c].Zone == ZSetAside {
			g.DiscardCard(c)
		}
	case extraChosen: // the extra play chosen; the play goes on where it was going
		k := 0
		if f.Ans.Kind == OptCard || f.Ans.Kind == OptNum {
			k = int(f.Ans.Num) + 1
		}
		f.Set(chosenExtra, k)
		on := f.CardIn(chosenTarget)
		switch {
		case on != None:
			f.Ans = Option{Kind: OptCard, Card: on, Base: None, Player: None}
		case f.Base != None:
			f.Ans = Option{Kind: OptBase, Base: f.Base, Card: None, Player: None}
		default:
			f.Ans = Option{Kind: OptNone, Card: None, Base: None, Player: None}
		}
		f.Goto(putIntoPlay)
	}
}

// askLimitedExtra asks p which extra play their play of c (onto slot, or
// minion on) uses when several limited extra plays fit it and they differ
// (Enshrouding Mist's on its base, Outbreak's where p has no minion): which
// is spent decides which is left. It reports whether it asked (the play then
// goes on at extraChosen).
func (g *Game) askLimitedExtra(f *Frame, p Seat, c CardID, slot BaseID, on CardID, from Zone) bool {
	pl := &g.Players[p]
	var kept [MaxExtras]int
	n := 0
	for i := 0; i < int(pl.NExtra); i++ {
		e := &pl.Extras[i]
		if !g.extraFits(p, c, slot, from, i) || !e.limited() {
			continue
		}
		same := false
		for _, j := range kept[:n] {
			o := pl.Extras[j]
			o.Uses, o.Src, o.Expires = e.Uses, e.Src, e.Expires
			same = same || o == *e
		}
		if !same {
			kept[n] = i
			n++
		}
	}
	if n < 2 {
		return false
	}
	g.BeginAsk()
	for _, i := range kept[:n] {
		if src := pl.Extras[i].Src; src >= 0 && src < g.NCards {
			g.Offer(Option{Kind: OptCard, Card: src, Base: None, Player: None, Num: int16(i)})
		} else {
			g.Offer(Option{Kind: OptNum, Card: None, Base: None, Player: None, Num: int16(i)})
		}
	}
	f.Base = slot // where it goes (extraChosen)
	f.SetCard(chosenTarget, on)
	g.Ask(f, p, "Which extra play does {} use?", 0, CardArg(c))
	f.Goto(extraChosen)
	return true
}

// limited reports whether extra play e is restricted (to a power, base,
// faction, zone or place), as findAllowance scores it.
func (e *Extra) limited() bool {
	return e.MaxPower >= 0 || e.Base != None || e.Faction != None || e.From != ZHand || e.Where != WhereAny
}

// extraFits reports whether p's extra play i lets p play c (from zone from)
// onto slot.
func (g *Game) extraFits(p Seat, c CardID, slot BaseID, from Zone, i int) bool {
	pl := &g.Players[p]
	if i < 0 || i >= int(pl.NExtra) {
		return false
	}
	e := &pl.Extras[i]
	d := g.def(c)
	if e.Uses <= 0 || (d.Type == Minion) != (e.Kind == ExtraMinion) {
		return false
	}
	if e.From != from && !(from == ZDiscard && e.From == ZHand && slot != None && g.discardAllowedAt(p, slot)) {
		return false
	}
	if e.MaxPower >= 0 && d.Power > int(e.MaxPower) || e.Base != None && slot != None && e.Base != slot {
		return false
	}
	if e.Faction != None && !g.cardOfFaction(c, int(e.Faction)) {
		return false
	}
	return g.extraWhereOK(e, p, slot)
}

// playCardProc's steps.
const (
	chooseWhere   Step = iota // choose the base (or minion) to play it on
	putIntoPlay               // play it there, and resolve its ability
	actionLeaves              // a standard action leaves play
	discardAction             // to the discard pile, if it went nowhere else
	extraChosen               // which of several limited extra plays it uses was chosen (askLimitedExtra)
)

// playCardProc's slots. playedInWindow is recorded in the frame but nothing
// reads it.
const (
	theMode         Slot = 0 // playNormal or playFree
	abilityOverride Slot = 1 // the ability it resolves instead of its own (-1: its own)
	chosenExtra     Slot = 2 // 1 + the index of the extra play chosen (askLimitedExtra); 0 (or less): none was asked
	chosenTarget    Slot = 3 // the minion it goes onto (None: a base)
	playedInWindow  Slot = 4 // a Special played in a Me First window: which window
	firstStandard   Slot = 5 // 1: the first standard action its player played this turn
)

func (g *Game) discardUnplayable(c CardID) {
	if z := g.Cards[c].Zone; z == ZHand || z == ZSetAside || z == ZDeck {
		g.DiscardCard(c)
	}
}

func (g *Game) anySpecialFor(w Window) bool {
	if g.SpecialWins&(1<<w) == 0 {
		return false
	}
	// only the cards with Specials in a zone some Special for w is used from
	cands := g.HookCards[bits.TrailingZeros16(hSpecials)]
	var in cardSet
	for z := Zone(0); z <= ZTitan; z++ {
		if specialFrom[w]&(1<<z) != 0 {
			for k := range in {
				in[k] |= g.Zones[z][k]
			}
		}
	}
	for k := range cands {
		cands[k] &= in[k]
	}
	for i := range cands.each {
		d := defs[g.Cards[i].Def]
		for k := range d.Specials {
			if d.Specials[k].Window == w && g.Cards[i].Zone == d.Specials[k].From {
				return true
			}
		}
	}
	return false
}

// GiveExtra gives p the extra play e from card src, as the compendium's
// Extra Cards has it: in p's own Play Cards phase it is held for later in the
// phase (GrantExtra); at any other time it is offered at once, optional, and
// lost if not taken then (OfferExtraPlay). A Where condition is for held
// extras only: such a grant is held whenever it is given.
func (g *Game) GiveExtra(p Seat, e Extra, src CardID) {
	if (g.Current == p && g.Phase == PhasePlay) || e.Where != WhereAny {
		g.GrantExtra(p, e)
		return
	}
	if e.From == 0 {
		e.From = ZHand
	}
	g.OfferExtraPlay(p, ExtraPlay{Kind: e.Kind, MaxPower: int(e.MaxPower), Base: e.Base, From: e.From, Card: None, Faction: int(e.Faction)}, src)
}

// GrantExtra gives p an extra play to hold for the rest of the turn (an
// extra given "each turn" at its start; GiveExtra for the others).
func (g *Game) GrantExtra(p Seat, e Extra) {
	pl := &g.Players[p]
	if e.Uses == 0 {
		e.Uses = 1
	}
	if e.From == 0 {
		e.From = ZHand
	}
	for i := 0; i < int(pl.NExtra); i++ {
		if pl.Extras[i].Uses == 0 {
			pl.Extras[i] = e
			return
		}
	}
	if int(pl.NExtra) < MaxExtras {
		pl.Extras[pl.NExtra] = e
		pl.NExtra++
	}
}

// ExtraMinionGrant returns a generic extra-minion grant.
func ExtraMinionGrant() Extra {
	return Extra{Kind: ExtraMinion, MaxPower: -1, Base: None, From: ZHand, Src: None, Faction: None, Uses: 1}
}

// ExtraActionGrant returns a generic extra-action grant.
func ExtraActionGrant() Extra {
	return Extra{Kind: ExtraAction, MaxPower: -1, Base: None, From: ZHand, Src: None, Faction: None, Uses: 1}
}

// ExtraPlay describes an immediate extra play offered by an ability.
type ExtraPlay struct {
	Kind     uint8  // ExtraMinion or ExtraAction
	MaxPower int    // -1: no limit
	Base     BaseID // only onto this slot, or None
	From     Zone   // ZHand (default) or ZDiscard
	Card     CardID // only this card, or None
	Must     bool   // not optional
	Faction  int    // faction index or None
}

// ExtraMinionNow and ExtraActionNow are the unrestricted immediate extra
// plays: any minion (or action) from your hand, anywhere it may go.
func ExtraMinionNow() ExtraPlay {
	return ExtraPlay{Kind: ExtraMinion, MaxPower: -1, Base: None, Card: None, Faction: None}
}

// ExtraActionNow: see ExtraMinionNow.
func ExtraActionNow() ExtraPlay {
	return ExtraPlay{Kind: ExtraAction, MaxPower: -1, Base: None, Card: None, Faction: None}
}

// OfferExtraPlay schedules an immediate, optional extra play for p.
func (g *Game) OfferExtraPlay(p Seat, x ExtraPlay, src CardID) {
	ef := g.push(fnExtraPlay, p, src, x.Base, x.Card)
	ef.Set(extraKind, int(x.Kind))
	ef.Set(upToPower, x.MaxPower)
	if x.From == 0 {
		x.From = ZHand
	}
	ef.Set(fromZone, int(x.From))
	if x.Must {
		ef.Set(mustPlay, 1)
	}
	ef.Set(ofFaction, x.Faction)
}

func (g *Game) extraCandidates(f *Frame) []CardID {
	p := f.Player
	var out []CardID
	for i := range g.inZone(Zone(f.Get(fromZone))).each {
		c := &g.Cards[i]
		if c.Ctrl != p {
			continue
		}
		if f.Target != None && i != f.Target {
			continue
		}
		d := defs[c.Def]
		if f.Get(extraKind) == int(ExtraMinion) {
			if d.Type != Minion || (f.Get(upToPower) >= 0 && d.Power > f.Get(upToPower)) {
				continue
			}
			if f.Get(ofFaction) != None && !g.cardOfFaction(i, f.Get(ofFaction)) {
				continue
			}
			ok := false
			for _, s := range g.BaseSlots() {
				if (f.Base == None || s == f.Base) && g.minionAllowed(p, i, s) {
					ok = true
					break
				}
			}
			if !ok {
				continue
			}
		} else {
			if d.Type != Action || d.SpecialOnly() || g.Players[p].Flags&pfNoActions != 0 || !g.actionHasTarget(p, i) {
				continue
			}
		}
		out = append(out, i)
	}
	return out
}

// extraPlayProc offers player an immediate extra play (OfferExtraPlay): Src =
// the card offering it, Base = the only base it may be played on (None: any),
// Target = the only card that may be played (None: any).
func extraPlayProc(g *Game, f *Frame) {
	p := f.Player
	switch f.Step {
	case offerExtra:
		cs := g.extraCandidates(f)
		g.BeginAsk()
		for _, c := range cs {
			g.Offer(Option{Kind: OptPlay, Card: c, Player: p, Base: None, Num: -1})
		}
		fl := AskMay
		if f.Get(mustPlay) == 1 {
			fl = 0
		}
		prompt := Prompt("You may play an extra minion")
		if f.Get(extraKind) == int(ExtraAction) {
			prompt = "You may play an extra action"
		}
		g.Ask(f, p, prompt, fl)
	case playExtra:
		if f.Ans.Kind != OptPlay {
			return
		}
		g.pushPlay(p, f.Ans.Card, f.Base, playFree, -1, None)
	}
}

// extraPlayProc's steps.
const (
	offerExtra Step = iota // offer the cards that may be played
	playExtra              // play the one chosen
)

// extraPlayProc's slots (see ExtraPlay).
const (
	extraKind Slot = 0 // ExtraMinion or ExtraAction
	upToPower Slot = 1 // a minion of power at most this (-1: any)
	fromZone  Slot = 2 // played from this zone (ZHand or ZDiscard)
	mustPlay  Slot = 3 // 1: the play is not optional
	ofFaction Slot = 4 // a minion of this faction (faction index, or None)
)
