package engine

// Allowances: what a play is counted against. Each turn a player has one
// normal play of a minion and one of an action; extra plays granted by
// abilities (Extra, held in Player.Extras) may be restricted to a power, a
// base, a faction, a zone or a place. Whether a player may play a card at
// all, which allowance a play uses, and asking the player when two limited
// extra plays both fit.

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
