package engine

import (
	"math/bits"
	"slices"
)

// A View is what one seat may know about a game: its own hand, the sizes of
// the other hands and of every deck, every public zone (bases and what is on
// them, discard piles, VP), whose turn it is, and the pending decision as far
// as that seat may see it. Interfaces and computer players read views, never
// the Game itself, so that nothing hidden leaks to them.
//
// A View is built fresh by Game.View and shares no memory with the game.

// CardView is one card as a seat sees it.
type CardView struct {
	ID       CardID // card instance
	PubID    int    // its public id now (ids.go): what an interface may show
	Name     string
	Key      string
	Text     string
	Type     CardType
	Faction  string
	Printed  int // printed power (minions)
	Power    int // current power (minions in play; printed elsewhere)
	Counters int
	Owner    Seat
	Ctrl     Seat
	Attached []CardView // actions on this minion
}

// BaseView is one base in play.
type BaseView struct {
	Slot       BaseID
	Card       CardView
	Breakpoint int // printed
	Current    int // current breakpoint
	VP         [3]int
	Total      int              // total power of the minions here
	PowerBy    [MaxPlayers]int  // total power here by controller
	Minions    []CardView       // with their attached actions
	Actions    []CardView       // actions played on the base itself
	Places     [MaxPlayers]int  // place each player would take if it scored now (0: none)
	Scoring    bool             // chosen to score right now
	HasMinions [MaxPlayers]bool // the player has at least one minion here
}

// PlayerView is a seat's public information.
type PlayerView struct {
	Index     Seat
	VP        int
	HandSize  int
	DeckSize  int
	Discard   []CardView // oldest first
	Factions  []string
	Minions   int // normal minion plays left this turn
	Actions   int // normal action plays left this turn
	Extras    int // extra plays held this turn
	IsCurrent bool
}

// OptionView is one option of a decision as a seat sees it. When Hidden is
// true the option is about a card that seat may not see: only its zone and
// holder are known.
type OptionView struct {
	Index    int
	Kind     OptKind
	Player   Seat   // the player the option is about (OptPlayer), or None
	Slot     BaseID // base slot, or None
	BaseName string
	Card     CardID // card instance, or None (also when hidden)
	CardName string
	CardText string
	CardType CardType
	Power    int
	Zone     Zone // where the card is
	Holder   Seat // who holds / controls it
	Special  bool // a Special or talent of the card (not its normal play)
	Num      int
	Text     string // OptText: the chosen text
	Hidden   bool
	// About: when the decision orders simultaneous abilities, the card
	// this option's ability is about (the minion Tar Pits puts under a
	// deck), so that alike abilities can be told apart; None otherwise.
	About     CardID
	AboutName string
}

// DecisionView is the pending decision as a seat sees it. Only its decider
// (Mine) is shown the question and the options; every other seat sees who
// decides and, when it is public, the card whose ability asks.
type DecisionView struct {
	Player   Seat // who decides
	Mine     bool
	Prompt   string    `json:",omitempty"` // the question, players named "Player N" (see Template)
	Template string    `json:"-"`          // the question's template and what its {} stand for (Render)
	Args     []ArgView `json:"-"`
	Main     bool      // the main question of a Play Cards phase: play a card, use a talent, or pass
	Src      CardID    // card whose ability asks, or None (also when hidden)
	SrcName  string
	Options  []OptionView `json:",omitempty"`
}

// EventView is an event as a seat sees it, with its cards and bases named
// where that seat may know them (CardHidden, OtherHidden: it may not).
type EventView struct {
	Event
	CardName    string
	OtherName   string
	CauseName   string // the card whose ability caused it ("" for none, or hidden)
	BaseName    string
	Text        string // EvText: the line
	CardHidden  bool
	OtherHidden bool
	CauseHidden bool // there is a cause, a card the seat may not know (Cause is None then)
	// Inc: the incarnations of Card, Other and Cause when it happened, for
	// their public ids (PublicIDAt).
	Inc [3]uint8
}

// View is the whole of what a seat may know.
type View struct {
	Me          Seat // the seat; None for a spectator who sees only public things
	NPlayers    Seat
	Turn        int
	Current     Seat
	Phase       Phase
	Over        bool
	Winners     []Seat
	Players     []PlayerView
	Hand        []CardView // the seat's own hand (empty for a spectator)
	Bases       []BaseView
	BaseDeck    int // size of the base deck
	BaseDiscard []CardView
	Decision    *DecisionView // nil when nothing is pending
	Revealed    []CardView    // cards set aside face up (revealed to all)
	// Names are the players' names, when an interface has them (the engine
	// leaves it empty; presenters then say "Player N").
	Names []string `json:"-"`
}

// CardViewOf describes card c (its location-independent facts and, in play, its current state).
func (g *Game) CardViewOf(c CardID) CardView {
	cd := &g.Cards[c]
	d := defs[cd.Def]
	v := CardView{ID: c, PubID: g.PublicID(c), Name: d.Name, Key: d.Key, Text: d.Text, Type: d.Type, Faction: d.Faction,
		Printed: d.Power, Power: g.Power(c), Counters: int(cd.Counters), Owner: cd.Owner, Ctrl: cd.Ctrl}
	if cd.Zone == ZInPlay {
		for _, a := range g.Attached(c) {
			v.Attached = append(v.Attached, g.CardViewOf(a))
		}
	}
	return v
}

// DefView describes a definition without an instance (ID is None).
func DefView(d *Def) CardView {
	return CardView{ID: None, Name: d.Name, Key: d.Key, Text: d.Text, Type: d.Type, Faction: d.Faction,
		Printed: d.Power, Power: d.Power, Owner: None, Ctrl: None}
}

// View returns what seat p may know (p = None: a spectator).
func (g *Game) View(p Seat) View {
	v := View{Me: p, NPlayers: g.NPlayers, Turn: int(g.Turn), Current: g.Current, Phase: g.Phase, Over: g.Over}
	if g.Over {
		for q := range g.NPlayers {
			if g.Winners&(1<<q) != 0 {
				v.Winners = append(v.Winners, q)
			}
		}
	}
	fs := Factions()
	for q := range g.NPlayers {
		pl := &g.Players[q]
		pv := PlayerView{Index: q, VP: int(pl.VP), HandSize: g.Count(ZHand, q), DeckSize: g.Count(ZDeck, q),
			IsCurrent: q == g.Current}
		for _, fi := range pl.Faction {
			if fi >= 0 {
				if int(fi) < len(fs) {
					pv.Factions = append(pv.Factions, fs[fi])
				}
			}
		}
		if q == g.Current {
			pv.Minions, pv.Actions = int(pl.MinionQuota), int(pl.ActionQuota)
			for i := 0; i < int(pl.NExtra); i++ {
				pv.Extras += int(pl.Extras[i].Uses)
			}
		}
		for _, c := range g.Discard(q) {
			pv.Discard = append(pv.Discard, g.CardViewOf(c))
		}
		v.Players = append(v.Players, pv)
	}
	if p >= 0 && p < g.NPlayers {
		for _, c := range g.HandInArrival(p) {
			v.Hand = append(v.Hand, g.CardViewOf(c))
		}
	}
	for _, s := range g.BaseSlots() {
		b := g.Bases[s].Card
		d := defs[g.Cards[b].Def]
		bv := BaseView{Slot: s, Card: g.CardViewOf(b), Breakpoint: d.Breakpoint, Current: g.Breakpoint(s), VP: d.VP,
			Total: g.TotalAt(s), Places: g.Places(s), Scoring: g.Bases[s].Flags&BScoring != 0}
		for q := range g.NPlayers {
			bv.PowerBy[q] = g.PowerAt(s, q)
		}
		for _, c := range g.OnBase(s) {
			switch {
			case g.IsMinion(c):
				bv.Minions = append(bv.Minions, g.CardViewOf(c))
				bv.HasMinions[g.Cards[c].Ctrl] = true
			case g.Cards[c].On == None:
				bv.Actions = append(bv.Actions, g.CardViewOf(c))
			}
		}
		v.Bases = append(v.Bases, bv)
	}
	v.BaseDeck = g.Count(ZBaseDeck, None)
	for _, c := range g.Collect(ZBaseDiscard, None) {
		v.BaseDiscard = append(v.BaseDiscard, g.CardViewOf(c))
	}
	for _, c := range g.Collect(ZSetAside, None) {
		if g.Cards[c].Flags&FRevealed != 0 {
			v.Revealed = append(v.Revealed, g.CardViewOf(c))
		}
	}
	if g.Pending.Active && !g.Over {
		v.Decision = g.decisionView(p)
	}
	return v
}

// decisionView shows the pending decision to seat p. The decider sees every
// option (the rules let it look at what it chooses from); other seats see
// options about hidden cards only as hidden.
func (g *Game) decisionView(p Seat) *DecisionView {
	pd := &g.Pending
	dv := &DecisionView{Player: pd.Player, Mine: pd.Player == p, Src: None, Main: g.MainDecision()}
	if src := pd.Src; src >= 0 && g.Knows(p, src) {
		dv.Src, dv.SrcName = src, g.Name(src)
	}
	if !dv.Mine {
		return dv
	}
	dv.Template = TextOf(pd.Prompt)
	dv.Args = g.argViews(&pd.Args)
	dv.Prompt = Render(dv.Template, dv.Args, DefaultName)
	for i := 0; i < int(pd.N); i++ {
		o := pd.Opts[i]
		ov := OptionView{Index: i, Kind: o.Kind, Player: o.Player, Slot: o.Base, Card: None, Num: int(o.Num), Holder: None, About: None}
		if a := g.OrderingAbout(i); a != None && g.Knows(p, a) {
			ov.About, ov.AboutName = a, g.Name(a)
		}
		if o.Kind == OptText {
			ov.Text = TextOf(o.Text())
		}
		if o.Kind == OptBase && o.Base >= 0 && int(o.Base) < int(g.NBases) && g.Bases[o.Base].Card >= 0 {
			ov.BaseName = g.Name(g.Bases[o.Base].Card)
		}
		if c := o.Card; c >= 0 && c < g.NCards {
			cd := &g.Cards[c]
			ov.Zone, ov.Holder = cd.Zone, cd.Ctrl
			if g.Knows(p, c) {
				d := defs[cd.Def]
				ov.Card, ov.CardName, ov.CardText, ov.CardType, ov.Power = c, d.Name, d.Text, d.Type, g.Power(c)
				if o.Kind == OptBase && ov.BaseName == "" {
					ov.BaseName = d.Name
				}
			} else {
				ov.Hidden = true
			}
			if (o.Kind == OptPlay || o.Kind == OptUse) && o.Special() >= 0 {
				ov.Special = true
			}
			if o.Kind == OptUse {
				ov.Special = true
			}
		}
		dv.Options = append(dv.Options, ov)
	}
	return dv
}

// EventViews returns the events after sequence number after, as seat p
// (None: the spectator) may see them: a card is named only to the seats
// that could see it when the event happened (hidden.go).
func (g *Game) EventViews(p Seat, after int32) []EventView {
	var out []EventView
	for _, ev := range g.RecentEvents(after) {
		out = append(out, g.eventView(p, ev))
	}
	return out
}

func (g *Game) eventView(p Seat, ev Event) EventView {
	e := EventView{Event: ev, Inc: g.EvInc[int(ev.Seq)%MaxEvents]}
	bit := SeatBit(p)
	name := func(c int16, vis uint8, hidden *bool) string {
		if c < 0 || CardID(c) >= g.NCards {
			return ""
		}
		if vis&bit == 0 {
			*hidden = true
			return ""
		}
		return g.Name(CardID(c))
	}
	e.CardName = name(int16(ev.Card), ev.Vis, &e.CardHidden)
	if otherIsCard(ev.Kind) {
		e.OtherName = name(ev.Other, ev.OVis, &e.OtherHidden)
	}
	e.CauseName = name(int16(ev.Cause), ev.CVis, &e.CauseHidden)
	// an instance number tells which card it is (instances are numbered as
	// the decks were built): a hidden card's is not shown either
	if e.CardHidden {
		e.Event.Card = None
	}
	if e.OtherHidden {
		e.Event.Other = None
	}
	if e.CauseHidden {
		e.Event.Cause = None
	}
	if ev.Kind == EvText {
		var args []ArgView
		for i, c := range [2]CardID{ev.Card, ev.OtherCard()} {
			if c < 0 {
				break
			}
			n := [2]string{e.CardName, e.OtherName}[i]
			if [2]bool{e.CardHidden, e.OtherHidden}[i] {
				n = "a card"
			}
			args = append(args, ArgView{Kind: ArgCard, Card: c, Names: n})
		}
		e.Text = Render(TextOf(ev.Line()), args, DefaultName)
	}
	if ev.Base >= 0 && int(ev.Base) < int(g.NBases) && g.Bases[ev.Base].Card >= 0 {
		e.BaseName = g.Name(g.Bases[ev.Base].Card)
	}
	switch ev.Kind {
	case EvScore, EvAward, EvScoringChosen, EvAfterScore:
		e.BaseName = e.CardName // the base card itself (the slot may hold a new base now)
	}
	return e
}

// Determinize returns a copy of the game in which everything seat p cannot
// know is dealt again at random, from what p has seen: every card instance
// p cannot identify now (in another player's hand, in any deck, set aside
// face down, or referred to by an ability in progress) is given the identity
// of a card drawn from its owner's cards that p cannot identify, wherever
// they lie (a card Akye the Turtle gave to another player's hand is drawn
// from the giver's unseen cards); the bases of the base deck are dealt
// again among themselves (but a face-up top one), and the random number
// generator is replaced. Nothing moves: only which card each unseen
// instance is changes, so the hands and decks keep their sizes. The copy
// depends only on what p may know and on seed (two games p cannot tell
// apart give the same copy). Searching computer players play on such copies
// so that they never use hidden facts.
//
// An ability in progress keeps its step and values: when the card it
// belongs to is unseen by p, the copy runs that ability for whatever card
// the instance became (abilities read their card's definition as they run).
func (g *Game) Determinize(p Seat, seed uint64) *Game {
	c := new(Game)
	c.CopyFrom(g)
	c.determinize(p, seed)
	return c
}

// DeterminizeInto is Determinize writing the copy into c (no allocation: for
// searches that determinize thousands of times per decision), as a copy to
// play on (CopyToPlay: quiet, and only the parts in use copied).
func (g *Game) DeterminizeInto(c *Game, p Seat, seed uint64) {
	var d Dealing
	g.DealInto(c, &d, p, seed)
}

// determinize makes c, a copy of a game, a Determinize of it.
func (c *Game) determinize(p Seat, seed uint64) {
	var d Dealing
	c.prepareDealing(p, &d)
	c.redeal(&d, seed)
}

// A Dealing is the part of a Determinize that is the same whatever the
// seed: the instances seat p cannot identify, in groups, and the
// definitions dealt again among each group's, sorted. A search
// determinizes one game thousands of times: DealInto works it out once.
type Dealing struct {
	ready bool
	seat  Seat
	mask  cardSet
	at    [MaxPlayers + 2]int // where each group begins in ids and defs
	ids   [MaxCards]CardID    // each group's cards, in index order
	defs  [MaxCards]DefID     // each group's definitions, sorted
	// dealt: each definition of defs with its stamp (stampOf) above it, in
	// the same order; was: the stamp of each instance of ids as it is in
	// the game dealt from (what a world, a copy of it, has before a deal)
	dealt [MaxCards]uint32
	was   [MaxCards]uint16
	pool  [MaxCards]uint32 // (redeal's scratch: a group's dealt being shuffled)
}

// stampOf packs what stamp records of a card of definition d: its hooks, and
// whether it triggers from outside play (the top bit).
func stampOf(d DefID) uint16 {
	const _ uint16 = 1<<15 - 2*hTalentAgain // (the hooks leave the top bit free)
	s := defHooks[d]
	if defOffTrig[d] {
		s |= 1 << 15
	}
	return s
}

// DealInto is DeterminizeInto(c, p, seed) for a search that determinizes
// game g many times: d (zero at first, then kept between the calls) holds
// what every determinization of g for p shares. g must not change between
// the calls that share d.
func (g *Game) DealInto(c *Game, d *Dealing, p Seat, seed uint64) {
	c.CopyToPlay(g)
	if !d.ready || d.seat != p {
		c.prepareDealing(p, d)
	}
	c.redeal(d, seed)
}

// prepareDealing works out d for c, a copy of a game, and seat p.
func (c *Game) prepareDealing(p Seat, d *Dealing) {
	var known [MaxCards]bool
	if c.Pending.Active && c.Pending.Player == p && p >= 0 {
		c.decisionCards(func(k CardID) { known[k] = true })
	}
	// the instances p cannot identify, by owner (bases last), in index
	// order: an order that tells nothing (it is the same whichever card
	// each one is)
	var mask cardSet
	var grp [MaxCards]int8        // the group of each card of mask (redealGroup)
	var n, at [MaxPlayers + 2]int // the size of each group, and where it begins in ids
	bit := SeatBit(p)
	for _, z := range [...]Zone{ZDeck, ZHand, ZSetAside, ZBaseDeck} {
		for i := range c.inZone(z).each {
			// (no one sees a deck; of the base deck only the lent base, which
			// redealGroup keeps as it is)
			if known[i] || z != ZDeck && z != ZBaseDeck && c.visMask(i)&bit != 0 {
				continue
			}
			if k := c.redealGroup(i); k >= 0 {
				mask[i>>6] |= 1 << (i & 63)
				grp[i] = int8(k)
				n[k]++
			}
		}
	}
	for k := 0; k <= MaxPlayers; k++ {
		at[k+1] = at[k] + n[k]
	}
	fill := at
	for i := range mask.each {
		k := grp[i]
		d.ids[fill[k]] = i
		d.defs[fill[k]] = c.Cards[i].Def
		fill[k]++
	}
	for k := 0; k <= MaxPlayers; k++ {
		// the group's definitions, sorted (an order that tells nothing)
		slices.Sort(d.defs[at[k]:at[k+1]])
	}
	for j, i := range d.ids[:at[MaxPlayers+1]] {
		d.dealt[j] = uint32(uint16(d.defs[j])) | uint32(stampOf(d.defs[j]))<<16
		d.was[j] = stampOf(c.Cards[i].Def)
	}
	d.ready, d.seat, d.mask, d.at = true, p, mask, at
}

// redeal deals again, in c, the identities of d's groups: each group's
// definitions shuffled by c's random generator, newly seeded.
func (c *Game) redeal(d *Dealing, seed uint64) {
	c.Rng = seed*0x9e3779b97f4a7c15 + 0x1234567
	for k := 0; k <= MaxPlayers; k++ {
		lo, hi := d.at[k], d.at[k+1]
		ds := d.pool[:hi-lo]
		copy(ds, d.dealt[lo:hi])
		c.shuffleDefs(ds)
		was := d.was[lo:hi]
		for j, i := range d.ids[lo:hi] {
			// what an instance is decides which hooks and triggers from
			// outside play it has (stamp): those its old definition and
			// the new one do not share are turned over
			c.Cards[i].Def = DefID(uint16(ds[j]))
			x := uint16(ds[j]>>16) ^ was[j]
			if x == 0 {
				continue
			}
			w, bit := i>>6, uint64(1)<<(i&63)
			if x&(1<<15) != 0 {
				c.OffTrig[w] ^= bit
				x &^= 1 << 15
			}
			for ; x != 0; x &= x - 1 {
				c.HookCards[bits.TrailingZeros16(x)][w] ^= bit
			}
		}
	}
	c.recountIfInPlay(&d.mask)
}

// shuffleDefs shuffles ds (Dealing.dealt) with c's generator: the draws of Intn, one after
// another, with the generator's state held in a register meanwhile.
func (c *Game) shuffleDefs(ds []uint32) {
	r := c.Rng
	for a := len(ds) - 1; a > 0; a-- {
		r += 0x9e3779b97f4a7c15 // (rand)
		z := r
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		b := int((z ^ (z >> 31)) % uint64(a+1))
		ds[a], ds[b] = ds[b], ds[a]
	}
	c.Rng = r
}

// redealGroup returns the group among which card i's identity may be dealt
// again when a seat cannot see it: its owner for a card in a deck, a hand or
// set aside (which cards a player owns is public: their factions), MaxPlayers
// for a base in the base deck (but the lent one, face up on top), and None
// for a card that stays what it is wherever it lies (titans, cards outside
// the game, public zones).
func (g *Game) redealGroup(i CardID) int {
	cd := &g.Cards[i]
	t := defType[cd.Def]
	switch cd.Zone {
	case ZBaseDeck:
		if t == BaseCard && !g.lent(i) {
			return MaxPlayers
		}
	case ZDeck, ZHand, ZSetAside:
		if t != BaseCard && t != Titan && cd.Owner >= 0 && cd.Owner < g.NPlayers {
			return int(cd.Owner)
		}
	}
	return None
}

// MainDecision reports whether the pending decision is the main question of a
// Play Cards phase (play a card, use a talent or Special, or pass), as opposed
// to a question asked while something resolves.
func (g *Game) MainDecision() bool {
	if !g.Pending.Active {
		return false
	}
	fi := int(g.Pending.Frame)
	return fi >= 0 && fi < int(g.NFrames) && g.Frames[fi].Fn == fnPlayPhase
}
