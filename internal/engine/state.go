// Package engine plays Smash Up: the whole game state is one plain value
// (fixed arrays, no pointers between parts, no maps), every pending choice is
// an explicit Decision, and card abilities are resumable step functions
// driven by a stack of small frames.
package engine

// Limits of the fixed-size state. They are far above what a real game needs.
const (
	MaxPlayers = 4
	MaxCards   = 320 // card instances: faction cards, bases, titans
	MaxBases   = 10  // bases in play at once
	MaxFrames  = 64  // depth of the work stack
	MaxOpts    = 96  // options of one decision
	MaxEffects = 64  // temporary effects alive at once
	MaxTrig    = 32  // triggered abilities waiting to resolve
	MaxEvents  = 64  // ring buffer of recent events (for interfaces)
	MaxExtras  = 8   // extra-play grants held by one player
	WinVP      = 15
	HandLimit  = 10
)

// None marks an absent card, base or player index.
const None = -1

// Zone says where a card instance is.
type Zone uint8

const (
	ZBox         Zone = iota // not in the game
	ZDeck                    // a player's deck (Card.Ctrl is whose)
	ZHand                    // a player's hand
	ZDiscard                 // a player's discard pile
	ZInPlay                  // on a base (Card.Base), maybe on a minion (Card.On)
	ZSetAside                // revealed / set aside while an ability resolves
	ZBaseDeck                // the base deck
	ZBaseInPlay              // a base on the table (Card.Base is its slot)
	ZBaseDiscard             // the base discard pile
	ZTitan                   // a titan waiting beside its owner
)

var zoneNames = [...]string{"box", "deck", "hand", "discard", "in play", "set aside", "base deck", "base in play", "base discard", "titan"}

func (z Zone) String() string { return zoneNames[z] }

// Phase of a turn.
type Phase uint8

const (
	PhaseStart Phase = iota
	PhasePlay
	PhaseScore
	PhaseDraw
	PhaseEnd
	PhaseSetup
)

var phaseNames = [...]string{"start", "play", "score", "draw", "end", "setup"}

func (p Phase) String() string { return phaseNames[p] }

// ParsePhase reads a phase name.
func ParsePhase(s string) (Phase, bool) {
	for i, n := range phaseNames {
		if n == s {
			return Phase(i), true
		}
	}
	return 0, false
}

// Card is one physical card instance.
type Card struct {
	Def      DefID  // index into the definition registry
	On       CardID // minion this action is attached to, or None
	Pos      int32  // order within its zone (deck: smaller is nearer the top)
	Owner    Seat
	Ctrl     Seat   // controller in play; holder of the hand/deck/discard it is in
	Base     BaseID // slot of the base it is on (ZInPlay) or occupies (ZBaseInPlay)
	Zone     Zone
	Counters int8 // +1 power counters
	Flags    uint8
	Note     int8 // a small value a card's ability keeps (a named faction, a slot): Game.SetNote; Infiltrate's standing choice: FollowBaseLasting
	// Inc counts the times the card went where some seat could not follow
	// it (a hand, a deck, face down) or was shown there: its public id
	// (ids.go, PublicID) changes with it, so that a card is not recognised
	// when it comes back out (relocate, SetAside, shown).
	Inc uint8
}

// Card flags.
const (
	FTalentUsed  uint8 = 1 << iota // talent used this turn
	FPlayedTurn                    // entered play this turn by being played
	FFaceDown                      // hidden from other players (set aside face down)
	FRevealed                      // revealed to everyone while set aside
	FUsedSpecial                   // a once-per-something special already used
	FGiveAway                      // a played standard action goes to another player's hand when done (see giving.go)
	FLent                          // a base card outside play whose abilities a base in play has (see lent.go)
	FSuspended                     // an action in play whose abilities do nothing until the end of the turn (see suspend.go)
)

// Player holds one seat's counters. Their cards live in Game.Cards.
type Player struct {
	VP            int16
	MinionsPlayed int8 // this turn, counting every minion played
	ActionsPlayed int8
	MinionQuota   int8 // normal plays left this turn
	ActionQuota   int8
	NExtra        int8
	Extras        [MaxExtras]Extra
	Faction       [2]int8 // faction indices (for rules that ask), None when unknown
	NoActions     int8    // Mark of Sleep: turns for which actions are forbidden
	Flags         uint8

	// MinionsBeforePlay is MinionsPlayed when the Play Cards phase began (see playcardsphase.go).
	MinionsBeforePlay int8
	StdPlayed         int8 // standard actions played this turn
}

// Extra is a held extra-play grant ("you may play an extra minion this turn").
type Extra struct {
	Kind     uint8  // ExtraMinion or ExtraAction
	MaxPower int8   // minions: power limit, or -1 for none
	Base     BaseID // only onto this base slot, or None
	From     Zone   // ZHand normally; ZDiscard for "from your discard pile"
	Src      CardID // granting card (for "once per card" rules), or None
	Faction  int8   // only this faction, or None
	Uses     int8   // remaining uses; 0 is an empty slot
	Expires  uint8  // ExpireEndOfTurn (default) or ExpireNever
	Where    uint8  // a condition on the base it is played onto (WhereAny, WhereNoOwnMinion); see extras_where.go
}

// Extra kinds.
const (
	ExtraMinion uint8 = 1
	ExtraAction uint8 = 2
)

// BaseSlot is a place on the table for one base.
type BaseSlot struct {
	Card     CardID // base card instance, or None
	Flags    uint8
	Counters int8 // counters on the base itself (Game.BaseCounters)
}

// Base slot flags.
const (
	BScoring uint8 = 1 << iota
	BShinobiUsed
	BMinionPlayed // a minion was played on this base this turn (whether or not its abilities were ignored)
)

// Effect is a temporary modifier with an expiry.
type Effect struct {
	Kind    uint8  // EffPower, EffBreakpoint, ...
	Expires uint8  // ExpireEndOfTurn, ExpireStartOfTurn (of Player), ...
	Player  Seat   // whose turn the expiry refers to / who created it
	Base    BaseID // target base slot, or None
	Card    CardID // target card, or None
	Amount  int16  // by Kind: a power, the seat control returns to, a flag (fields.go: Power, ReturnsTo, Flag)
	Src     CardID // source card instance
}

// Effect kinds.
const (
	EffNone            uint8 = iota
	EffPower                 // Card gets Amount power
	EffBreakpoint            // Base breakpoint changes by Amount
	EffBasePower             // every minion at Base gets Amount (standing rule)
	EffControl               // Card is controlled by Player until expiry, then returns to Amount
	EffProtect               // Card is not affected by Amount-kind effects of Player's opponents
	EffFlag                  // a generic flag for card code (Amount = flag id)
	EffPlayerPower           // every minion Player controls gets Amount
	EffLoosePower            // Player has Amount power at Base, not on any minion (see loosepower.go)
	EffStartBreakpoint       // the base Card at Base starts from breakpoint Amount (SetStartingBreakpoint)
)

// Expiry moments.
const (
	ExpireEndOfTurn uint8 = iota
	ExpireStartOfTurn
	ExpireNever
	ExpireAfterScore // when the base Effect.Base finishes scoring
)

// Event is a record of something that happened, for logs and triggers.
type Event struct {
	Kind   EventKind
	Player Seat // acting player or affected player
	Base   BaseID
	Vis    uint8 // who may see which card Card is (a seat mask, see hidden.go); set by emit
	Card   CardID
	Num    int16 // by Kind (see EventKind): read it with the accessors named for it (fields.go)
	Other  int16 // by Kind: a second card, e.g. the card that caused a destruction, or a seat or place (fields.go)
	OVis   uint8 // who may see which card Other is, when it is a card
	CVis   uint8 // who may see which card Cause is; set by emit
	// Cause is the card whose ability made it happen (set by emit: the
	// ability resolving when it is emitted, see Frame.Cause), or None for
	// what the rules do themselves (the draw phase, the hand limit, the
	// discards after scoring, a player's own play of a card). A base's
	// ability names the base card.
	Cause CardID
	Seq   int32
}

// OtherCard reads Other as the card it names, for the kinds whose Other is a
// card (the cause of a destruction, the minion an action was played on).
func (e Event) OtherCard() CardID { return CardID(e.Other) }

// OtherSeat reads Other as the player it names (EvMove: who moved the card).
func (e Event) OtherSeat() Seat { return Seat(e.Other) }

// EventKind names things that happen.
type EventKind uint8

const (
	EvNone EventKind = iota
	EvTurnStart
	EvPlay          // Card was played (Base where, Other = minion it is on: PlayedOn, Num = the zone it came from: FromZone)
	EvDestroy       // Card was destroyed from Base (Other = the card whose ability destroyed it, its Cause too: Source; Num = the player credited: Destroyer)
	EvMove          // Card moved to Base (Num = from slot: FromBase, Other = the player who moved it: Mover)
	EvReturn        // Card returned from play (Base) to its owner Player's hand (the only way a card goes back to a hand from play, but for EvPlace to PlaceHand)
	EvDiscard       // Card went to a discard pile from a hand or deck (Num = that zone: FromZone)
	EvDraw          // Player drew Num cards (Count)
	EvVP            // Player gained Num VP (VP)
	EvScore         // Base scored (Card = base card)
	EvBaseReplaced  // Base slot got a new base (Card; Other = the base card replaced: OldBase)
	EvTurnEnd       // the end of Player's turn
	EvShuffle       // Player's deck was shuffled
	EvCounter       // Num counters placed on Card (negative: removed): Count
	EvPlace         // Card placed somewhere (Num = PlaceDeckBottom ...: PlacedAt)
	EvAward         // Player gets Num VP from Base scoring (VP; Other = place 1..3: Place)
	EvGameOver      // winner Player (None: shared)
	EvReveal        // Card revealed
	EvText          // Num = text id, a free-form log line (Line)
	EvControl       // Card changed controller to Player (from Num: ControlFrom)
	EvAffect        // Card was affected by Other's ability (Source; Num: Affect; Player = credited)
	EvLeavePlay     // Card left play (any reason)
	EvMinionPlaced  // not played, but entered a base
	EvScoringChosen // Base chosen to score
	EvAfterScore    // after Base scored (VP awarded)
	EvPlayToDiscard // Card went from play to a discard pile by any route: destroyed, discarded after scoring, placed (Player = its controller then, Base = where it was, Num = the +1 power counters it carried: Count)
	EvGive          // Player put Card into player Num's hand (Receiver)
	EvLook          // Player looks at player Num's hand (HandOf; Card None), or at Card in it: named to them alone
	// EvCancel: the ability of Card (controlled by Player) is cancelled by
	// Cause's ability. Other a card: Card's ability no longer affects Other
	// (Shield; Base = where Other is); Num a player: it no longer affects
	// player Num's minions at Base (ShieldMinionsAt); Other and Num None:
	// Card is cancelled outright as it is played (CancelPlay: it went to its
	// owner's discard pile and does nothing; Base = where it was played,
	// None for a standard action). Read them with Shielded and ShieldedPlayer.
	EvCancel
	// EvControlEnd: Player's control of Card ends; player Num controls (or,
	// when it left play, holds) it now. Base = its slot while it stays in
	// play (a temporary control expiring), None when it left play. Other =
	// the card whose control effect ended, or None (ControlTo, Source).
	EvControlEnd
	// EvPhase: Player's turn enters phase Num (a Phase: Event.Phase).
	EvPhase
	// EvAsked: Player is asked a question (Cause: the card whose ability
	// asks, or None for the rules' own). It is recorded for every question
	// the engine builds, whether the player then has a real choice, one
	// option, only alike options or none (machine.go: Ask), so that the
	// others see the same whatever the cards they cannot see.
	EvAsked
	// EvTake: Card went into Player's hand from a deck, a discard pile or
	// set aside (Num = that zone: FromZone), not from play (EvReturn,
	// EvPlace) nor drawn (EvDraw). Seats that could see it before see it.
	EvTake

	nEventKinds // the number of event kinds (at most 64: Game.PlayTrigMask)
)

var _ [64 - nEventKinds]struct{} // (more kinds: PlayTrigMask needs more words)

// Frame is one unit of pending work on the stack.
type Frame struct {
	Cause CardID // the card whose ability this work is part of, or None (see Game.push)
	// CauseVis and CauseInc: who could see which card Cause is when this
	// work began, and its incarnation then (see Game.push): an event of this
	// work names its cause to them, by that id, even once the card has gone
	// out of their sight (the Gray Wolf on top of its owner's deck before it
	// puts a counter on the minion it played). Not kept in a quiet game.
	CauseVis uint8
	CauseInc uint8
	Step     Step
	Fn       int16  // registered ability (FAbility)
	Src      CardID // source card instance, or None
	Target   CardID
	Player   Seat // "you": the player the ability belongs to
	Base     BaseID
	Jump     Step // next step override, or -1
	Flags    uint8
	Ans      Option
	V        [6]int16 // values the ability remembers between steps (named by typed slots: slots.go)
	Ev       Event
}

// Step names a step of an ability that asks or waits more than once
// (Frame.Step, from 0). Each such ability declares its steps by name, in
// order:
//
//	const (
//		chooseMinion engine.Step = iota
//		moveIt
//	)
type Step int16

// Frame flags.
const (
	frAsked uint8 = 1 << iota
	frContinue
	frResolving // an ability scheduled by resolve (resolve.go)
)

// Option is one choice in a Decision.
type Option struct {
	Kind   OptKind
	Player Seat
	Base   BaseID // base slot (in play), or None
	Card   CardID // card instance (minion, action, base card), or None
	Num    int16  // a number, text id, Special index or waiting ability by Kind: read it with Number, Text, Special, Waiting (fields.go)
}

// OptKind says what an option is about.
type OptKind uint8

const (
	OptNone   OptKind = iota
	OptPlay           // play Card from its zone
	OptUse            // use an ability of Card (Num = which)
	OptCard           // choose Card
	OptBase           // choose Base (slot) or a base Card not in play
	OptPlayer         // choose Player
	OptYes
	OptNo
	OptNum  // choose a number Num
	OptText // choose a text (Num = text id)
	OptPass // decline / stop / end phase
)

// Pending is the one decision the game is waiting on.
type Pending struct {
	Active bool
	// NoChoice: a question put only because the game stops at questions
	// without a real choice (RuleStopNoChoice); its one option is the answer.
	NoChoice bool
	Player   Seat
	Frame    int8 // frame waiting for the answer
	N        int16
	Prompt   TextID       // text id of the prompt's template
	Src      CardID       // card whose ability asks, or None
	Args     [MaxArgs]Arg // what the template's {} stand for
	Opts     [MaxOpts]Option
}

// Trig is a triggered ability waiting to resolve.
type Trig struct {
	Fn     int16
	Src    CardID
	Player Seat
	Base   BaseID
	Ev     Event
}

// Game is the complete state of one game. Copying the value copies the game.
type Game struct {
	NPlayers Seat // the number of players (seats are 0 .. NPlayers-1)
	Current  Seat
	Phase    Phase
	Over     bool
	Winner   Seat // None for none; see Winners for shared
	Turn     int16
	Options  uint8
	NBases   BaseID // the number of base places (bases are at 0 .. NBases-1)
	NCards   CardID // the number of cards (cards are 0 .. NCards-1)
	Seq      int32  // increasing position counter (bottom / newest)
	Low      int32  // decreasing position counter (top)
	Rng      uint64
	Players  [MaxPlayers]Player
	Bases    [MaxBases]BaseSlot
	Cards    [MaxCards]Card
	NFrames  int8
	Running  int8 // 1 + the index of the frame whose step runs (exec), 0 between steps: see emit
	Frames   [MaxFrames]Frame
	NEff     int8
	Effects  [MaxEffects]Effect
	NTrig    int8
	Trigs    [MaxTrig]Trig
	Pending  Pending
	EvSeq    int32
	Events   [MaxEvents]Event
	Moves    int32 // decisions applied so far

	// EvInc holds, for each event of Events, the incarnations (Card.Inc) of
	// its Card, Other and Cause when it happened (public ids: ids.go).
	EvInc [MaxEvents][3]uint8
	// IDKey keys the public ids of the cards (ids.go): derived from the
	// setup's seed, which the players do not know.
	IDKey uint64
	// IncCard is the card that moved last (relocate) and IncWas its
	// incarnation before: while it lies out of some seat's sight, the events
	// that tell of its move name it by the id it had where it was seen
	// (incOf, hidden.go).
	IncCard CardID
	IncWas  uint8

	// The card that moved last and the seats that could see it just before
	// (hidden.go: an event about a move names the card to both audiences).
	Moved    CardID
	MovedWas uint8
	Winners  uint8 // bit set of winners
	Goal     int16 // the VP that end the game (Setup.Goal; 0: WinVP): see GoalVP
	// Breakpoints for tools that run a game to a point (scenarios): the game
	// pauses when the named phase begins (BreakPhase) or when a player's turn
	// begins (BreakTurn). None disables them.
	BreakPhase int8
	BreakTurn  Seat
	Paused     bool
	LastScore  ScoreRecord // places awarded at the most recent base scoring (lastscoring.go)
	// HorizonTurn, when above 0, is where a search's playout ends
	// (SetHorizon): the game pauses as the Play Cards phase of a later turn
	// is about to ask its player what to play.
	HorizonTurn int16
	LastPause   int32
	// Table is derived: bit i is set while card i is in play or is a base in
	// play. It is kept by setZone (table.go) so that the many "every card in
	// play" questions look at those cards only.
	Table [(MaxCards + 63) / 64]uint64
	// Lent is derived: 1 + the card carrying FLent, or 0 (lent.go).
	Lent int16
	// Hooked, HookCards, OffTrig and SpecialWins are derived and fixed once
	// the cards are made (static.go): the union of the hook masks of every
	// card of the game, per hook kind k a bit per card whose definition has
	// hook 1<<k, a bit per card whose definition triggers from outside play,
	// and the windows some card has a Special for.
	Hooked    uint16
	HookCards [nHooks]cardSet
	// Zones is derived: Zones[z] has a bit per card in zone z, kept by
	// setZone (table.go) so that questions about one zone (a hand, a deck)
	// look at the cards in that zone only.
	Zones [ZTitan + 1]cardSet
	// Held is derived: Held[p] has a bit per card in a deck, hand or
	// discard pile held by player p (Card.Ctrl), kept by setZone and put
	// (table.go), so that one player's hand or deck is walked alone.
	Held [MaxPlayers]cardSet
	// PlayHooks and PlayHookMask are derived: per hook kind k the number of
	// cards in play and bases in play whose definition has hook 1<<k, and
	// the kinds counted at least once, kept by setZone (hooks.go: activeHooks).
	PlayHooks    [nHooks]uint16
	PlayHookMask uint16
	// PlayTrigs and PlayTrigMask are derived the same way for triggers: per
	// event kind the number of cards in play and bases in play whose
	// definition triggers on it (from any zone: defTrigKinds), and the kinds
	// counted at least once, so that an event no card in play listens for
	// reaches no card (events.go: mayTrigger).
	PlayTrigs    [nEventKinds]uint16
	PlayTrigMask uint64
	// TurnFlagged is derived: a bit per card that may carry one of the
	// flags a turn's start clears (turnFlags), set by markTurn: resetTurn
	// clears those cards alone.
	TurnFlagged cardSet
	OffTrig     cardSet
	SpecialWins uint64
	// TrigKinds and OffKinds are derived and fixed like Hooked: the event
	// kinds some card of the game triggers on, in play and from elsewhere.
	TrigKinds [4]uint64
	OffKinds  [4]uint64
	// Quiet is set when no one reads the game's log (SetQuiet): the
	// simulator's, the random playouts' and the computers' searches' games.
	Quiet bool
	// TopKnown, TopSeq, TopLow and TopCard are derived: the top card of
	// the base deck (topBase) as it was when Seq and Low were TopSeq and
	// TopLow. A card enters or leaves the base deck, or changes its place
	// there, only with a new position (nextPos, topPos), which moves one
	// of them: while neither has moved, the top card is the same.
	TopKnown       bool
	TopSeq, TopLow int32
	TopCard        CardID
}

// Game options bits.
const (
	RuleTitans uint8 = 1 << iota
	// RuleAskAll: in every Me First window each player is asked in turn, even
	// with nothing to play (so that being asked tells nobody anything about a
	// hand). Without it, only players who can respond are asked (the scenario
	// format's automatic passing).
	RuleAskAll
	// RuleStopNoChoice: a question that offers its player no real choice
	// (one option, alike options, or none) is put all the same, with its
	// answer as its only option (Pending.NoChoice), instead of being answered
	// at once: the server answers it after the pause it takes for any
	// answer, so that when play goes on tells nothing about a hand.
	// Without it (the scenarios, the simulator, the computers' searches)
	// such questions are answered at once.
	RuleStopNoChoice
)

// Clone returns a copy of the game. It never shares memory with g.
func (g *Game) Clone() *Game {
	c := new(Game)
	*c = *g
	return c
}

// CopyFrom overwrites g with src without allocating.
func (g *Game) CopyFrom(src *Game) { *g = *src }

// GoalVP is the VP that end the game: WinVP (15) unless the game was set
// up to another goal (Setup.Goal).
func (g *Game) GoalVP() int {
	if g.Goal > 0 {
		return int(g.Goal)
	}
	return WinVP
}
