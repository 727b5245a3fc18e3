package engine

import (
	"errors"
	"fmt"
)

// SetupCard is a card placed on a base by a setup.
type SetupCard struct {
	Card       string
	Owner      int
	Controller int // -1: the owner
	Counters   int
	On         int // index (in the base's card list) of the minion it is attached to, or -1
}

// SetupBase is a base in play with the cards on it.
type SetupBase struct {
	Base  string
	Cards []SetupCard
}

// SetupPlayer describes one seat.
type SetupPlayer struct {
	Factions []string
	Hand     []string
	Deck     []string // top first
	Discard  []string
	VP       int
}

// Setup describes how a game starts: either an exact situation or a real deal.
type Setup struct {
	Seed        uint64
	Players     []SetupPlayer
	Bases       []SetupBase
	BaseDeck    []string // top first
	BaseDiscard []string
	Current     int
	Phase       Phase
	Deal        bool     // build decks from factions, deal bases and hands
	BaseSets    []string // Deal: sets whose bases form the base deck (empty: the factions' sets)
	AllBases    bool     // Deal: use every playable base
	Options     uint8
	Copies      int // Deal: copies of each set in use (default 1): how many players may share a faction
	// Goal: the VP that end the game (0: WinVP, 15), agreed before the
	// game: some tables play to 20 for a longer game.
	Goal int `json:",omitempty"`
}

// GoalVP is the VP that end a game so set up (Goal, 15 by default).
func (s Setup) GoalVP() int {
	if s.Goal > 0 {
		return s.Goal
	}
	return WinVP
}

// Goals a game may be played to (Setup.Goal).
const (
	MinGoal = 5
	MaxGoal = 40
)

// New builds a game from a setup and runs it to its first decision.
// Card names are checked; an error leaves nothing behind.
func New(s Setup) (*Game, error) {
	n := len(s.Players)
	if n < 2 || n > MaxPlayers {
		return nil, fmt.Errorf("a game needs 2 to %d players, got %d", MaxPlayers, n)
	}
	if s.Goal != 0 && (s.Goal < MinGoal || s.Goal > MaxGoal) {
		return nil, fmt.Errorf("a game is played to between %d and %d VP, not %d", MinGoal, MaxGoal, s.Goal)
	}
	g := &Game{NPlayers: Seat(n), Winner: None, BreakPhase: None, BreakTurn: None, Rng: s.Seed*0x2545f4914f6cdd1d + 1, Options: s.Options, LastScore: ScoreRecord{Base: None, Slot: None},
		IDKey: idKey(s.Seed), IncCard: None, Goal: int16(s.Goal)}
	for p := range g.Players {
		g.Players[p].Faction = [2]int8{None, None}
	}
	for p, sp := range s.Players {
		for i, f := range sp.Factions {
			if i < 2 {
				fi := factionIndex(canonicalFaction(f))
				if fi == None {
					return nil, fmt.Errorf("player %d: unknown faction %q", p+1, f)
				}
				g.Players[p].Faction[i] = int8(fi)
			}
		}
	}
	if s.Deal {
		if err := g.deal(s); err != nil {
			return nil, err
		}
		return g, nil
	}
	if err := g.place(s); err != nil {
		return nil, err
	}
	if err := g.setTitansAside(s); err != nil {
		return nil, err
	}
	if s.Current < 0 || s.Current >= n {
		return nil, fmt.Errorf("current player %d out of range", s.Current)
	}
	g.Current = Seat(s.Current)
	tf := g.push(fnTurn, g.Current, None, None, None)
	g.resetTurn(g.Current)
	step, ok := phaseSteps[s.Phase]
	if !ok {
		return nil, errors.New("unknown phase")
	}
	tf.Step = step
	g.Phase = s.Phase
	if s.Phase == PhasePlay {
		g.grantEachTurn(g.Current)
	}
	g.run()
	return g, nil
}

// grantEachTurn schedules, for a game set up at player p's Play Cards phase,
// what the cards in play give p "on each of your turns" (Trigger.EachTurn),
// as if the turn had begun with them in play; no other start-of-turn ability
// happens. They run in the order the cards were put in play, asking nothing.
func (g *Game) grantEachTurn(p Seat) {
	ev := Event{Kind: EvTurnStart, Player: p, Card: None, Base: None}
	var cards []CardID
	for i := range g.onTable {
		cards = append(cards, i)
	}
	g.sortByPos(cards)
	for k := len(cards) - 1; k >= 0; k-- { // pushed last first: the first runs first
		i := cards[k]
		c := &g.Cards[i]
		for _, t := range defs[c.Def].Triggers {
			if !t.EachTurn || t.On != EvTurnStart || t.From != c.Zone || (t.When != nil && !t.When(g, i, ev)) {
				continue
			}
			who := c.Ctrl
			if defs[c.Def].Type == BaseCard {
				who = p
			}
			f := g.push(t.fn, who, i, c.Base, None)
			f.Ev = ev
		}
	}
}

func canonicalFaction(name string) string {
	if f := CanonicalFaction(name); f != "" {
		return f
	}
	return name
}

// CanonicalFaction returns the registered spelling of a faction name, or "".
func CanonicalFaction(name string) string {
	r := registry()
	for i, f := range r.factions {
		if normEqual(r.norm[i], name) {
			return f
		}
	}
	return ""
}

func (g *Game) newCard(name string, owner Seat, z Zone) (CardID, error) {
	d, err := Lookup(name)
	if err != nil {
		return None, err
	}
	return g.newCardDef(d, owner, z)
}

func (g *Game) newCardDef(d *Def, owner Seat, z Zone) (CardID, error) {
	if g.NCards >= MaxCards {
		return None, fmt.Errorf("too many cards (limit %d)", MaxCards)
	}
	i := g.NCards
	g.NCards++
	g.Cards[i] = Card{Def: d.ID, Owner: owner, Ctrl: owner, Zone: ZBox, Base: None, On: None, Pos: g.nextPos()}
	g.noteCard(i)
	g.setZone(i, z) // (from the box: setZone counts it where it goes)
	return i, nil
}

func (g *Game) place(s Setup) error {
	for i, sp := range s.Players {
		p := Seat(i)
		add := func(names []string, z Zone) error {
			for _, nm := range names {
				c, err := g.newCard(nm, p, z)
				if err != nil {
					return fmt.Errorf("player %d: %w", p+1, err)
				}
				if t := g.def(c).Type; t == BaseCard {
					return fmt.Errorf("player %d: %q is a base, not a card for a player's zones", p+1, nm)
				}
			}
			return nil
		}
		if err := add(sp.Hand, ZHand); err != nil {
			return err
		}
		if err := add(sp.Deck, ZDeck); err != nil {
			return err
		}
		if err := add(sp.Discard, ZDiscard); err != nil {
			return err
		}
		g.Players[p].VP = int16(sp.VP)
	}
	if len(s.Bases) > MaxBases {
		return fmt.Errorf("too many bases in play (limit %d)", MaxBases)
	}
	for i, sb := range s.Bases {
		si := BaseID(i)
		b, err := g.newCard(sb.Base, None, ZBaseInPlay)
		if err != nil {
			return fmt.Errorf("base %d: %w", si+1, err)
		}
		if g.def(b).Type != BaseCard {
			return fmt.Errorf("base %d: %q is not a base", si+1, sb.Base)
		}
		g.placeBase(b, si)
		g.NBases = si + 1
		idx := make([]CardID, len(sb.Cards))
		for ci, sc := range sb.Cards {
			if sc.Owner < 0 || sc.Owner >= len(s.Players) {
				return fmt.Errorf("base %s: card %q has no valid owner", sb.Base, sc.Card)
			}
			c, err := g.newCard(sc.Card, Seat(sc.Owner), ZInPlay)
			if err != nil {
				return fmt.Errorf("base %s: %w", sb.Base, err)
			}
			d := g.def(c)
			if d.Type == BaseCard {
				return fmt.Errorf("base %s: %q is a base", sb.Base, sc.Card)
			}
			idx[ci] = c
			cd := &g.Cards[c]
			cd.Base = si
			if sc.Controller >= 0 && sc.Controller < len(s.Players) {
				cd.Ctrl = Seat(sc.Controller)
			}
			cd.Counters = int8(sc.Counters)
			if sc.On >= 0 {
				if sc.On >= ci || !g.IsMinion(idx[sc.On]) {
					return fmt.Errorf("base %s: %q is attached to a card that is not a minion listed before it", sb.Base, sc.Card)
				}
				cd.On = idx[sc.On]
			}
		}
	}
	for _, pile := range []struct {
		name  string
		bases []string
		zone  Zone
	}{{"base deck", s.BaseDeck, ZBaseDeck}, {"base discard", s.BaseDiscard, ZBaseDiscard}} {
		for _, nm := range pile.bases {
			b, err := g.newCard(nm, None, pile.zone)
			if err != nil {
				return fmt.Errorf("%s: %w", pile.name, err)
			}
			if g.def(b).Type != BaseCard {
				return fmt.Errorf("%s: %q is not a base", pile.name, nm)
			}
		}
	}
	return nil
}

var fnSetup int16

func init() { fnSetup = regProc(setupProc, causeNone) }

// deal builds the decks and base deck from the chosen factions and starts the game
// with the optional mulligans.
func (g *Game) deal(s Setup) error {
	sets := map[string]bool{}
	copies := s.Copies
	if copies < 1 {
		copies = 1
	}
	users := map[string]int{}
	for i, sp := range s.Players {
		p := Seat(i)
		if len(sp.Factions) != 2 {
			return fmt.Errorf("player %d needs two factions", p+1)
		}
		n0, n1 := Normalize(sp.Factions[0]), Normalize(sp.Factions[1])
		if n0 == n1 {
			return fmt.Errorf("player %d cannot use the same faction twice", p+1)
		}
		for k, f := range sp.Factions {
			nf := n0
			if k == 1 {
				nf = n1
			}
			users[nf]++
			if users[nf] > copies {
				return fmt.Errorf("faction %s is taken by more players than there are copies of its set (%d)", f, copies)
			}
		}
		for _, f := range sp.Factions {
			name := canonicalFaction(f)
			cs := registry().cards[name] // FactionCards without the copy (read only)
			if len(cs) == 0 {
				return fmt.Errorf("player %d: unknown faction %q", p+1, f)
			}
			if !FactionPlayable(name) {
				return fmt.Errorf("player %d: faction %q is not playable yet", p+1, name)
			}
			last := ""
			for _, d := range cs {
				for k := 0; k < d.Copies; k++ {
					if _, err := g.newCardDef(d, p, ZDeck); err != nil {
						return err
					}
				}
				if d.Set != last { // (a faction's cards are of one set)
					sets[d.Set], last = true, d.Set
				}
			}
		}
		g.Players[p].VP = int16(sp.VP)
	}
	if err := g.setTitansAside(s); err != nil {
		return err
	}
	for _, st := range s.BaseSets {
		sets[st] = true
	}
	nb := 0
	for _, d := range registry().bases { // Bases(true), made once
		if s.AllBases || sets[d.Set] {
			if _, err := g.newCardDef(d, None, ZBaseDeck); err != nil {
				return err
			}
			nb++
		}
	}
	if nb < len(s.Players)+1 {
		return fmt.Errorf("not enough playable bases (%d) for %d players", nb, len(s.Players))
	}
	g.shuffleBases()
	g.NPlayers = Seat(len(s.Players))
	for p := range g.NPlayers {
		g.Shuffle(p)
	}
	g.NBases = BaseID(len(s.Players) + 1)
	for i := range g.NBases {
		g.placeBase(g.topBase(), i)
	}
	for p := range g.NPlayers {
		g.Draw(p, 5)
	}
	first := Seat(g.Intn(len(s.Players)))
	g.Current = first
	g.Phase = PhaseSetup
	g.push(fnSetup, first, None, None, None)
	g.run()
	return nil
}

// setupProc offers each player in turn order the mulligan, then starts the
// first turn: Player = the first player. Every player is asked (EvAsked),
// and only a hand without minions may be shown and mulliganed: a player
// holding a minion has nothing to choose, which the others cannot tell from
// a player who keeps a hand without minions.
func setupProc(g *Game, f *Frame) {
	n := g.NPlayers
	switch f.Step {
	case offerMulligan:
		if f.Get(playersOffered) >= int(n) {
			first := f.Player
			f.Fn = fnTurn
			f.Step = stepStartTurn
			f.V = [6]int16{}
			f.Player = first
			f.Flags |= frContinue
			f.Jump = stepStartTurn
			return
		}
		p := g.SeatAfter(f.Player, f.Get(playersOffered))
		f.SetSeat(offeredPlayer, p)
		g.BeginAsk()
		if !g.anyMinionIn(g.Hand(p)) {
			g.Offer(Option{Kind: OptYes, Player: None, Base: None, Card: None})
			g.Offer(Option{Kind: OptNo, Player: None, Base: None, Card: None})
		}
		g.Ask(f, p, "Your hand has no minions: shuffle it into your deck and draw five new cards?", 0)
	case takeMulligan:
		p := f.SeatIn(offeredPlayer)
		if f.Yes() {
			// the hand is shown (it has no minion); the new hand comes from
			// the rest of the deck; only then is the old hand shuffled into
			// the deck (Culture Shock)
			old := g.Hand(p)
			for _, c := range old {
				g.emit(Event{Kind: EvReveal, Player: p, Card: c, Other: None, Base: None})
			}
			for _, c := range old {
				g.put(c, ZSetAside, p)
			}
			g.Draw(p, 5)
			for _, c := range old {
				g.put(c, ZDeck, p)
			}
			g.Shuffle(p)
		}
		f.Add(playersOffered, 1)
		f.Goto(offerMulligan)
	}
}

// anyMinionIn reports whether cards hold a minion.
func (g *Game) anyMinionIn(cards []CardID) bool {
	for _, c := range cards {
		if g.IsMinion(c) {
			return true
		}
	}
	return false
}

// setupProc's steps.
const (
	offerMulligan Step = iota // offer the next player a mulligan (none when they hold a minion)
	takeMulligan              // their answer
)

// setupProc's slots.
const (
	playersOffered NumSlot  = 0 // players offered so far
	offeredPlayer  SeatSlot = 1 // the player offered it
)
