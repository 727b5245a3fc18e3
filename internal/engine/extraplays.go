package engine

// Extra plays granted by abilities: held for later in the Play Cards phase
// (GrantExtra), or offered at once and lost if not taken (OfferExtraPlay,
// extraPlayProc; PlayExtraNow plays a given card at once). GiveExtra picks
// between the two as the compendium's Extra Cards has it.

// PlayExtraNow schedules an immediate extra play of card c by p (onto slot, or
// asking when None), as abilities like Shinobi or Hoverbot grant.
func (g *Game) PlayExtraNow(p Seat, c CardID, slot BaseID) {
	g.pushPlay(p, c, slot, playFree, -1, None)
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
	extraKind NumSlot = 0 // ExtraMinion or ExtraAction
	upToPower NumSlot = 1 // a minion of power at most this (-1: any)
	fromZone  NumSlot = 2 // played from this zone (ZHand or ZDiscard)
	mustPlay  NumSlot = 3 // 1: the play is not optional
	ofFaction NumSlot = 4 // a minion of this faction (faction index, or None)
)
