package wire

import (
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/present"
)

// Goal is the VP that end the game.
const Goal = 15

func ptr(n int) *int { return &n }

// seatPtr is a seat, absent when there is none.
func seatPtr(s engine.Seat) *int {
	if s < 0 {
		return nil
	}
	return ptr(int(s))
}

var typeNames = [...]string{engine.Minion: "minion", engine.Action: "action", engine.BaseCard: "base", engine.Titan: "titan"}

// TypeName is a card type's wire name.
func TypeName(t engine.CardType) string {
	if int(t) < len(typeNames) && typeNames[t] != "" {
		return typeNames[t]
	}
	return "card"
}

var phaseNames = [...]string{engine.PhaseStart: "start", engine.PhasePlay: "play", engine.PhaseScore: "score",
	engine.PhaseDraw: "draw", engine.PhaseEnd: "end", engine.PhaseSetup: "setup"}

// PhaseName is a phase's wire name.
func PhaseName(p engine.Phase) string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "unknown"
}

var optNames = [...]string{engine.OptPlay: "play", engine.OptUse: "use", engine.OptCard: "card", engine.OptBase: "base",
	engine.OptPlayer: "player", engine.OptYes: "yes", engine.OptNo: "no", engine.OptNum: "number", engine.OptText: "text",
	engine.OptPass: "pass", engine.OptNone: "none"}

// OptionKind is an option kind's wire name.
func OptionKind(k engine.OptKind) string {
	if int(k) < len(optNames) && optNames[k] != "" {
		return optNames[k]
	}
	return "unknown"
}

var partNames = [...]string{engine.PartPrinted: "printed", engine.PartCounters: "counters", engine.PartAbility: "ability",
	engine.PartEffect: "effect", engine.PartFloor: "floor", engine.PartMinion: "minion", engine.PartLoose: "loose"}

// builder turns one seat's view of a game into wire types.
type builder struct {
	g     *engine.Game
	seat  engine.Seat
	names present.Names
	parts []engine.PowerPart
}

// ref names card c to the seat, or hides it.
func (b *builder) ref(c engine.CardID) *CardRef {
	if c < 0 || c >= b.g.NCards {
		return nil
	}
	if !b.g.Knows(b.seat, c) {
		return &CardRef{Hidden: true}
	}
	d := b.g.DefOf(c)
	return &CardRef{ID: ptr(b.g.PublicID(c)), Key: d.Key, Name: d.Name}
}

// card converts a card of the view (one the seat may see).
func (b *builder) card(cv engine.CardView, inPlay bool) Card {
	c := Card{ID: cv.PubID, Key: cv.Key, Name: cv.Name, Type: TypeName(cv.Type), Faction: cv.Faction,
		Printed: cv.Printed, Counters: cv.Counters}
	if cv.Type == engine.Minion || cv.Type == engine.Titan || cv.Power != 0 {
		c.Power = ptr(cv.Power)
	}
	if cv.Type != engine.BaseCard {
		c.Owner, c.Controller = seatPtr(cv.Owner), seatPtr(cv.Ctrl)
	}
	for _, a := range cv.Attached {
		c.Attached = append(c.Attached, b.card(a, inPlay))
	}
	if inPlay && (cv.Type == engine.Minion || cv.Power != 0) {
		b.parts = b.g.PowerParts(cv.ID, b.parts[:0])
		if len(b.parts) > 1 || (len(b.parts) == 1 && b.parts[0].Kind != engine.PartPrinted) {
			c.Parts = b.convParts(b.parts)
		}
	}
	return c
}

func (b *builder) convParts(ps []engine.PowerPart) []Part {
	out := make([]Part, 0, len(ps))
	for _, p := range ps {
		w := Part{Kind: "unknown", Amount: p.Amount}
		if int(p.Kind) < len(partNames) && partNames[p.Kind] != "" {
			w.Kind = partNames[p.Kind]
		}
		if p.Source >= 0 {
			w.Source = b.ref(p.Source)
		}
		out = append(out, w)
	}
	return out
}

func (b *builder) cards(cvs []engine.CardView, inPlay bool) []Card {
	if len(cvs) == 0 {
		return nil
	}
	out := make([]Card, 0, len(cvs))
	for _, cv := range cvs {
		out = append(out, b.card(cv, inPlay))
	}
	return out
}

// Build returns the table and the pending decision as seat (engine.None: a
// spectator) may see them, the players named by names. Everything comes
// from the seat's engine.View (which holds only what the seat may know),
// and what the view lacks (power breakdowns, the window kind) is asked of
// the game only about cards the seat may know.
func Build(g *engine.Game, seat engine.Seat, names present.Names) (*Table, *Decision) {
	v := g.View(seat)
	v.Names = names
	b := &builder{g: g, seat: seat, names: names}
	t := &Table{Turn: v.Turn, Current: int(v.Current), Phase: PhaseName(v.Phase), Over: v.Over, BaseDeck: v.BaseDeck}
	for _, w := range v.Winners {
		t.Winners = append(t.Winners, int(w))
	}
	for _, p := range v.Players {
		t.Players = append(t.Players, Player{Seat: int(p.Index), VP: p.VP, Hand: p.HandSize, Deck: p.DeckSize,
			Discard: b.cards(p.Discard, false), Factions: append([]string{}, p.Factions...), Current: p.IsCurrent,
			Minions: p.Minions, Actions: p.Actions, Extras: p.Extras})
		if t.Players[len(t.Players)-1].Discard == nil {
			t.Players[len(t.Players)-1].Discard = []Card{}
		}
	}
	for i := range g.NCards {
		if g.Cards[i].Zone == engine.ZTitan {
			if o := g.Cards[i].Ctrl; o >= 0 && int(o) < len(t.Players) && g.Knows(seat, i) {
				c := b.card(g.CardViewOf(i), false)
				t.Players[o].Titan = &c
			}
		}
	}
	t.Hand = b.cards(v.Hand, false)
	t.BaseDiscard = b.cards(v.BaseDiscard, false)
	t.Revealed = b.cards(v.Revealed, false)
	t.Bases = []Base{}
	for _, bv := range v.Bases {
		wb := Base{Slot: int(bv.Slot), Card: b.card(bv.Card, false), Breakpoint: bv.Current, Printed: bv.Breakpoint,
			VP: bv.VP, Total: bv.Total, Scoring: bv.Scoring, Minions: b.cards(bv.Minions, true), Actions: b.cards(bv.Actions, true)}
		if wb.Minions == nil {
			wb.Minions = []Card{}
		}
		for p := range g.NPlayers {
			bp := BasePlayer{Seat: int(p), Power: bv.PowerBy[p], Place: bv.Places[p]}
			for _, m := range bv.Minions {
				if m.Ctrl == p {
					bp.Minions++
				}
			}
			b.parts = g.TotalParts(bv.Slot, p, b.parts[:0])
			for _, pt := range b.parts {
				if pt.Kind == engine.PartLoose { // a player's total shows what is not on their minions
					bp.Parts = append(bp.Parts, b.convParts([]engine.PowerPart{pt})...)
				}
			}
			wb.Players = append(wb.Players, bp)
		}
		t.Bases = append(t.Bases, wb)
	}
	return t, b.decision(&v)
}

func (b *builder) decision(v *engine.View) *Decision {
	dv := v.Decision
	if dv == nil {
		return nil
	}
	g := b.g
	d := &Decision{Mine: dv.Mine, Kind: "choice"}
	switch {
	case dv.Main:
		d.Kind = "main"
	case g.InWindow():
		d.Kind = "window"
	}
	if dv.Mine || d.Kind != "window" {
		d.Player = seatPtr(dv.Player)
	}
	if dv.Src >= 0 && d.Kind != "window" {
		d.Source = b.ref(dv.Src)
	}
	if !dv.Mine {
		return d
	}
	d.Prompt = present.Prompt(v)
	for _, o := range dv.Options {
		d.Options = append(d.Options, b.option(o, v))
	}
	return d
}

func (b *builder) option(o engine.OptionView, v *engine.View) Option {
	short := o
	short.CardText = "" // the page shows the card's text from the catalogue
	w := Option{Index: o.Index, Kind: OptionKind(o.Kind), Label: present.Option(short, v), Special: o.Special}
	hasCard := o.Card >= 0 || o.Hidden
	if hasCard {
		if o.Hidden {
			w.Card = &CardRef{Hidden: true}
		} else {
			d := b.g.DefOf(o.Card)
			w.Card = &CardRef{ID: ptr(b.g.PublicID(o.Card)), Key: d.Key, Name: d.Name}
		}
	}
	onTable := func(s engine.BaseID) bool {
		for _, bv := range v.Bases {
			if bv.Slot == s {
				return true
			}
		}
		return false
	}
	if o.Slot >= 0 && onTable(o.Slot) {
		w.Base = ptr(int(o.Slot))
	}
	switch o.Kind {
	case engine.OptPlayer:
		w.Player = seatPtr(o.Player)
	case engine.OptNum:
		w.Number = ptr(o.Num)
	case engine.OptText:
		w.Text = o.Text
	}
	if o.About >= 0 {
		w.About = b.ref(o.About)
	}
	w.Target = b.target(o, w, v)
	return w
}

// target says where option o's target lies (see Target).
func (b *builder) target(o engine.OptionView, w Option, v *engine.View) Target {
	tray := Target{Where: "tray"}
	switch o.Kind {
	case engine.OptPlay, engine.OptUse, engine.OptCard:
		if o.Hidden || o.Card < 0 {
			return tray
		}
		id := ptr(b.g.PublicID(o.Card))
		switch o.Zone {
		case engine.ZHand:
			if o.Holder == v.Me {
				return Target{Where: "hand", Card: id}
			}
		case engine.ZInPlay:
			if s := b.g.Cards[o.Card].Base; s >= 0 {
				return Target{Where: "table", Card: id, Base: ptr(int(s))}
			}
		case engine.ZDiscard:
			return Target{Where: "discard", Card: id, Player: seatPtr(o.Holder)}
		case engine.ZBaseInPlay:
			if w.Base != nil {
				return Target{Where: "base", Base: w.Base}
			}
		case engine.ZTitan:
			return Target{Where: "player", Card: id, Player: seatPtr(o.Holder)}
		}
		return tray
	case engine.OptBase:
		if w.Base != nil {
			return Target{Where: "base", Base: w.Base}
		}
		return tray
	case engine.OptPlayer:
		return Target{Where: "player", Player: w.Player}
	}
	return Target{Where: "button"}
}

// Lookahead fills in Then for each option of seat's own decision d that
// leads at once to another question of the same seat, with nothing
// happening in between (no event, no random draw), where the page can
// take both answers as one:
//
//   - in the Play Cards phase, an option that plays a card from the hand
//     and asks next about the table alone (bases, cards in play): choosing
//     a card to play, then the base or the minion it goes on. (A Talent or
//     a Special may ask about hidden cards, such as the top of a deck: it
//     is never looked ahead.)
//   - when seat orders simultaneous abilities, an option whose ability
//     asks seat at once whether it uses it (a "may": yes or no): choosing
//     that ability and answering it are one choice, so the page offers
//     "use it" and "do not use it" for it and sends both answers (issue
//     35: no second "you may" for an ability just chosen). The engine
//     still asks the two questions, as the scenario format says.
//
// It tries each option on a copy of the game, so that the page can light
// up where a selected card may go and send the whole move at once.
func Lookahead(g *engine.Game, seat engine.Seat, names present.Names, d *Decision) {
	if !lookable(g, d) {
		return
	}
	c := new(engine.Game)
	for i := range d.Options {
		d.Options[i].Then = followUp(g, c, seat, names, &d.Options[i])
	}
}

// FollowUp returns the follow-up question Lookahead offers for the option
// of d whose Index is index (nil: none, or no such option), working it out
// for that option alone: the server checks a move's follow-up answers
// (Move.Then) against what the seat was offered, not against what trying
// them would tell.
func FollowUp(g *engine.Game, seat engine.Seat, names present.Names, d *Decision, index int) *Then {
	if !lookable(g, d) {
		return nil
	}
	for i := range d.Options {
		if d.Options[i].Index == index {
			return followUp(g, new(engine.Game), seat, names, &d.Options[i])
		}
	}
	return nil
}

// lookable reports whether d is a decision Lookahead looks ahead of: seat's
// own main decision, or its ordering of simultaneous abilities.
func lookable(g *engine.Game, d *Decision) bool {
	return d != nil && d.Mine && (d.Kind == "main" || g.IsOrdering())
}

// followUp is the follow-up question of option o of seat's decision in g
// (nil: none is looked ahead), worked out on c (a scratch game).
func followUp(g, c *engine.Game, seat engine.Seat, names present.Names, o *Option) *Then {
	if g.IsOrdering() {
		return mayFollowUp(g, c, seat, names, o)
	}
	if o.Kind != "play" || o.Special || o.Target.Where != "hand" {
		return nil
	}
	c.CopyFrom(g)
	if err := c.ApplySafe(o.Index); err != nil {
		return nil
	}
	if !onlyAsked(c, g.EvSeq, seat) || c.Rng != g.Rng || !c.Pending.Active || c.Pending.Player != seat || c.Pending.NoChoice || c.MainDecision() || c.InWindow() {
		return nil
	}
	_, next := Build(c, seat, names)
	if next == nil || !next.Mine || len(next.Options) == 0 || !onTable(next.Options) {
		return nil
	}
	return &Then{Prompt: next.Prompt, Options: next.Options}
}

// mayFollowUp is the "may" of the ability option o chooses in seat's
// ordering of simultaneous abilities: the yes-or-no question that
// ability asks seat at once, with nothing happening before it; nil for any
// other option.
func mayFollowUp(g, c *engine.Game, seat engine.Seat, names present.Names, o *Option) *Then {
	if o.Kind != "card" || o.Card == nil || o.Card.Hidden {
		return nil
	}
	if o.Index < 0 || o.Index >= int(g.Pending.N) {
		return nil
	}
	src := g.Pending.Opts[o.Index].Card
	c.CopyFrom(g)
	if err := c.ApplySafe(o.Index); err != nil {
		return nil
	}
	if !onlyAsked(c, g.EvSeq, seat) || c.Rng != g.Rng || !c.Pending.Active || c.Pending.Player != seat || c.Pending.NoChoice || c.MainDecision() || c.InWindow() || c.IsOrdering() || c.Pending.Src != src {
		return nil
	}
	_, next := Build(c, seat, names)
	if next == nil || !next.Mine || len(next.Options) != 2 || next.Options[0].Kind != "yes" || next.Options[1].Kind != "no" {
		return nil
	}
	return &Then{Prompt: next.Prompt, Options: next.Options}
}

// onlyAsked reports whether nothing has happened in c since event after but
// questions put to seat (engine.EvAsked).
func onlyAsked(c *engine.Game, after int32, seat engine.Seat) bool {
	if c.EvSeq-after >= engine.MaxEvents {
		return false
	}
	for _, ev := range c.RecentEvents(after) {
		if ev.Kind != engine.EvAsked || ev.Player != seat {
			return false
		}
	}
	return true
}

// onTable reports whether every option is about a base or a card in play.
func onTable(opts []Option) bool {
	for _, o := range opts {
		if o.Target.Where != "base" && o.Target.Where != "table" {
			return false
		}
	}
	return true
}
