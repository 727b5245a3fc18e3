// Package wire defines every message the game server sends to a page and
// accepts from it: the typed protocol of docs/protocol.md. Enums are strings
// ("zone": "hand", "kind": "play"), fields are snake_case, and a missing
// card, base or player is an absent field, never a magic number. The
// engine's own structs are never serialized as they are: Build turns one
// seat's engine.View (which holds only what that seat may know) and the
// seat's events into these types.
package wire

// Update is what a page receives, over GET /api/games/{id}, a move's answer
// and the WebSocket: the seat's whole table, its pending decision and the
// events since the game began (the most recent ones; see Events).
type Update struct {
	Game      string `json:"game"`
	Move      int    `json:"move"`      // moves made so far: a move is sent with this number
	Seat      int    `json:"seat"`      // the page's seat, -1 for a spectator
	Spectator bool   `json:"spectator"` // the page only watches
	Seats     []Seat `json:"seats"`
	Goal      int    `json:"goal"` // VP that end the game (15 unless the game was made to another)
	// Preset: how the game was made, when by a lobby preset ("first-game":
	// every seat plays a pair of core-set factions picked for newcomers).
	Preset string `json:"preset,omitempty"`
	// Waiting: the game waits for the people it invited to take their seats
	// (Seats[].Open); nothing is dealt yet (Table and Draft are absent).
	Waiting bool `json:"waiting,omitempty"`
	// Draft is the faction draft while it runs (Table is absent then).
	Draft    *Draft    `json:"draft,omitempty"`
	Table    *Table    `json:"table,omitempty"`
	Decision *Decision `json:"decision,omitempty"`
	// Events are the latest events (at most MaxEvents), oldest first, each
	// numbered (Seq) so that a page shows only those it has not shown yet.
	Events []Event `json:"events"`
	// Settings are this seat's preferences (settings.go).
	Settings *Settings `json:"settings,omitempty"`
	Error    string    `json:"error,omitempty"`  // the reason a move was refused
	Broken   string    `json:"broken,omitempty"` // the game failed and is kept read-only
	// Reproducible games (only) show their public seed to every seat.
	Reproducible bool    `json:"reproducible,omitempty"`
	Seed         *uint64 `json:"seed,omitempty"`
	// Version: the game was recorded by another version of smashup (and is
	// replayed under the compatibility check); Foreign: it could not be
	// replayed by this one and is kept read-only.
	Version string `json:"version,omitempty"`
	Foreign string `json:"foreign,omitempty"`
	// Sandbox: present only in a sandbox game (sandbox.go), whose one page
	// takes every seat's decisions and sees every hand.
	Sandbox *Sandbox `json:"sandbox,omitempty"`
	// Hints: a seat may ask for a hint at its decision (POST
	// /api/games/{id}/hint: Hint): the game is against computers only, or
	// its creator allowed hints for everyone. Every seat is told.
	Hints bool `json:"hints,omitempty"`
	// Lesson: present only in a lesson game (lesson.go).
	Lesson *Lesson `json:"lesson,omitempty"`
	// Rated: present only in a rated game (a public table between
	// identified people, without computers or hints: docs/anyone.md); once
	// the game is over and its result recorded, each seat's rating change.
	Rated *Rated `json:"rated,omitempty"`
	// Talk: the latest things said at the table, oldest first (preset
	// phrases by id: docs/anyone.md).
	Talk []Said `json:"talk,omitempty"`
	// TurnHours: a turn-based game's hours per decision (docs/anyone.md),
	// shown to every seat; TurnDue (unix milliseconds): when the time of
	// the decision this seat is asked runs out, told to that seat only
	// (others could tell from it what the seat holds: a Me First window
	// with nothing to play is passed by the server and has no clock).
	TurnHours int   `json:"turn_hours,omitempty"`
	TurnDue   int64 `json:"turn_due,omitempty"`
}

// Said is one thing a seat said at the table.
type Said struct {
	N      int    `json:"n"` // in the game, from 1
	Seat   int    `json:"seat"`
	Phrase string `json:"phrase"`
}

// Rated is what a rated game's seats are told of the rating.
type Rated struct {
	// Changes: one per seat, once the game is over (absent before).
	Changes []RatingChange `json:"changes,omitempty"`
}

// RatingChange is one seat's rating change in a rated game: the ratings
// as the leaderboard shows them (package rating's Display), before and
// after, and the place the game counted (0 first; a player who left for
// good, Forfeit, counts behind everyone who stayed).
type RatingChange struct {
	Seat    int    `json:"seat"`
	Player  string `json:"player"` // the player's public id: /p/{player}
	Name    string `json:"name"`
	Before  int    `json:"before"`
	After   int    `json:"after"`
	Delta   int    `json:"delta"`
	Place   int    `json:"place"`
	Forfeit bool   `json:"forfeit,omitempty"`
}

// MaxEvents is how many of the latest events an update carries.
const MaxEvents = 120

// Settings are a seat's own preferences.
type Settings struct {
	// AskEveryWindow: ask me in every Me First window, even when I hold
	// nothing I could play there (by default such a window is passed for
	// me after the same pause a computer takes).
	AskEveryWindow bool `json:"ask_every_window"`
}

// Seat is public information about a seat.
type Seat struct {
	Name string `json:"name"`
	Kind string `json:"kind"` // "human", or a computer level: "random", "easy", "ai" (normal), "hard", "max"
	// Away: a person's seat with no page connected; StandIn: a computer
	// plays for them meanwhile.
	Away    bool `json:"away,omitempty"`
	StandIn bool `json:"stand_in,omitempty"`
	// StandInIn: seconds until a computer stands in for this away seat
	// (absent when none will).
	StandInIn int `json:"stand_in_in,omitempty"`
	// Open: a person's seat whose invite nobody has taken yet.
	Open bool `json:"open,omitempty"`
}

// Draft is the formal faction draft as every seat sees it (all public).
type Draft struct {
	Next    int        `json:"next"`    // the seat to pick
	Options []string   `json:"options"` // factions left
	Picks   [][]string `json:"picks"`   // by seat
}

// Table is everything on the table the seat may see.
type Table struct {
	Turn    int      `json:"turn"`
	Current int      `json:"current"` // whose turn it is
	Phase   string   `json:"phase"`   // "setup", "start", "play", "score", "draw", "end"
	Over    bool     `json:"over"`
	Winners []int    `json:"winners,omitempty"`
	Players []Player `json:"players"`
	// Hand is the seat's own hand (absent for a spectator).
	Hand        []Card `json:"hand,omitempty"`
	Bases       []Base `json:"bases"`
	BaseDeck    int    `json:"base_deck"`
	BaseDiscard []Card `json:"base_discard,omitempty"`
	// Revealed are cards set aside face up while an ability resolves.
	Revealed []Card `json:"revealed,omitempty"`
}

// Player is one seat's public information.
type Player struct {
	Seat     int      `json:"seat"`
	VP       int      `json:"vp"`
	Hand     int      `json:"hand"` // cards in hand
	Deck     int      `json:"deck"` // cards in the deck
	Discard  []Card   `json:"discard"`
	Factions []string `json:"factions"`
	Current  bool     `json:"current,omitempty"`
	// Plays left this turn (the current player only).
	Minions int `json:"minions,omitempty"` // normal minion plays
	Actions int `json:"actions,omitempty"` // normal action plays
	Extras  int `json:"extras,omitempty"`  // extra plays held
	// Titan waiting beside the player (not in play).
	Titan *Card `json:"titan,omitempty"`
}

// Card is one card as the seat sees it. Its text is not sent: the page has
// it from GET /api/catalog by Key.
type Card struct {
	ID         int    `json:"id"`
	Key        string `json:"key"`
	Name       string `json:"name"`
	Type       string `json:"type"` // "minion", "action", "base", "titan"
	Faction    string `json:"faction,omitempty"`
	Printed    int    `json:"printed,omitempty"` // printed power
	Power      *int   `json:"power,omitempty"`   // current power (minions and titans, and cards in play given power)
	Counters   int    `json:"counters,omitempty"`
	Owner      *int   `json:"owner,omitempty"`      // absent for bases
	Controller *int   `json:"controller,omitempty"` // absent for bases
	Attached   []Card `json:"attached,omitempty"`   // actions on this minion
	// Parts break the power down (printed, then every modifier with the
	// card it comes from); absent when the power is just what is printed.
	Parts []Part `json:"parts,omitempty"`
}

// Part is one term of a power sum.
type Part struct {
	// Kind: "printed", "counters", "ability" (an ongoing ability of
	// Source), "effect" (a lasting effect Source made), "floor" (power is
	// never below zero), "minion" (in a player's total: what Source
	// counts for), "loose" (power at a base not on any minion).
	Kind   string   `json:"kind"`
	Amount int      `json:"amount"`
	Source *CardRef `json:"source,omitempty"`
}

// CardRef names a card. A card the seat may not know is {"hidden": true}:
// neither its id nor its name is sent.
type CardRef struct {
	ID     *int   `json:"id,omitempty"`
	Key    string `json:"key,omitempty"`
	Name   string `json:"name,omitempty"`
	Hidden bool   `json:"hidden,omitempty"`
}

// BaseRef names a base by its place on the table and its card.
type BaseRef struct {
	Slot int    `json:"slot"`
	Key  string `json:"key,omitempty"`
	Name string `json:"name,omitempty"`
}

// Base is a base in play.
type Base struct {
	Slot       int    `json:"slot"`
	Card       Card   `json:"card"`
	Breakpoint int    `json:"breakpoint"` // current
	Printed    int    `json:"printed"`    // printed breakpoint
	VP         [3]int `json:"vp"`         // for first, second and third place
	Total      int    `json:"total"`      // total power here
	Scoring    bool   `json:"scoring,omitempty"`
	// Players: every player, in seat order, with their power here and the
	// place they would take if the base scored now (0: none).
	Players []BasePlayer `json:"players"`
	Minions []Card       `json:"minions"` // with their attached actions
	Actions []Card       `json:"actions,omitempty"`
}

// BasePlayer is one player's standing at a base.
type BasePlayer struct {
	Seat    int    `json:"seat"`
	Power   int    `json:"power"`
	Place   int    `json:"place,omitempty"`
	Minions int    `json:"minions,omitempty"` // minions the player controls here
	Parts   []Part `json:"parts,omitempty"`
}

// Decision is the pending decision as the seat sees it. Only its decider
// (Mine) gets the prompt and options.
type Decision struct {
	// Player decides; absent in a Me First window that is not the seat's
	// own (the others are told only that players may respond, not who is
	// being waited on).
	Player *int `json:"player,omitempty"`
	Mine   bool `json:"mine"`
	// Kind: "main" (the Play Cards phase: play a card, use a Talent, or
	// end the phase), "window" (a Me First window: play a Special or
	// pass), "choice" (a question while something resolves).
	Kind    string   `json:"kind"`
	Prompt  string   `json:"prompt,omitempty"` // the question, in the players' names
	Source  *CardRef `json:"source,omitempty"` // the card whose ability asks, when public
	Options []Option `json:"options,omitempty"`
}

// Option is one answer to the seat's decision; a move sends its Index.
type Option struct {
	Index int `json:"index"`
	// Kind: "play" (play Card), "use" (use an ability of Card: a Talent or
	// Special), "card" (choose Card), "base" (choose a base), "player",
	// "yes", "no", "number", "text", "pass" (decline, stop, end the phase).
	Kind    string   `json:"kind"`
	Label   string   `json:"label"` // what it does, in a few words
	Card    *CardRef `json:"card,omitempty"`
	Base    *int     `json:"base,omitempty"` // base slot (kind "base", or where a play goes)
	Player  *int     `json:"player,omitempty"`
	Number  *int     `json:"number,omitempty"`
	Text    string   `json:"text,omitempty"`
	Special bool     `json:"special,omitempty"` // a Special or Talent, not the card's normal play
	// About: when the decision orders simultaneous abilities, the card this
	// option's ability is about.
	About *CardRef `json:"about,omitempty"`
	// Where the target lies on the table, so that the page lights it up
	// there and never guesses.
	Target Target `json:"target"`
	// Then: the question this option leads to at once (where to play the
	// card), when it can be known before anything happens: the page lets
	// the player choose both and sends them as one move (Move.Then).
	Then *Then `json:"then,omitempty"`
}

// Then is the follow-up question of an option.
type Then struct {
	Prompt  string   `json:"prompt"`
	Options []Option `json:"options"`
}

// Target says where an option's target lies on the table.
type Target struct {
	// Where: "hand" (a card in the seat's hand: Card), "table" (a card on a
	// base: Card and Base), "base" (a base in play: Base), "discard" (a card
	// in Player's discard pile: Card), "player" (Player's seat), "tray" (a
	// card shown apart: from a deck, set aside, hidden, or a base not in
	// play), "button" (yes, no, pass, a number or a text).
	Where  string `json:"where"`
	Card   *int   `json:"card,omitempty"`
	Base   *int   `json:"base,omitempty"`
	Player *int   `json:"player,omitempty"`
}

// Event is one thing that happened, as the seat may know it. Cause names
// the card whose ability made it happen, when one did.
type Event struct {
	Seq  int    `json:"seq"`
	Kind string `json:"kind"`
	// Player: who acted, or whom it happened to (see docs/protocol.md for
	// each kind).
	Player *int     `json:"player,omitempty"`
	Card   *CardRef `json:"card,omitempty"`
	Base   *BaseRef `json:"base,omitempty"`
	Cause  *CardRef `json:"cause,omitempty"`
	// Self: the card's own ability did it (a minion destroying itself, an
	// action putting a counter on itself): Cause is then left out.
	Self bool `json:"self,omitempty"`
	// From: move: the base the card left.
	From *BaseRef `json:"from,omitempty"`
	// On: play: the minion the card was played on.
	On *CardRef `json:"on,omitempty"`
	// Replaced: base-replaced: the base that left.
	Replaced *CardRef `json:"replaced,omitempty"`
	// Whom: the other player concerned: give (who receives), look (whose
	// hand), control and control-end (who had it before), move (who moved it).
	Whom *int `json:"whom,omitempty"`
	// Count: draw (cards), vp and award (VP), counters (+/-), pick.
	Count int `json:"count,omitempty"`
	Place int `json:"place,omitempty"` // award: 1, 2 or 3
	// Zone: place: where the card went ("deck-top", "deck-bottom", "hand",
	// "discard").
	Zone string `json:"zone,omitempty"`
	// Text: note: a sentence about Player with {} for each of Cards;
	// draft: the faction picked.
	Text    string    `json:"text,omitempty"`
	Cards   []CardRef `json:"cards,omitempty"`
	Winners []int     `json:"winners,omitempty"` // game-over
	Phase   string    `json:"phase,omitempty"`   // phase
}

// Move is what POST /api/games/{id}/move accepts.
type Move struct {
	Move   int `json:"move"`   // the Update's move number it answers
	Option int `json:"option"` // the Option's index
	// Then answers the follow-up questions (Option.Then) in order: the
	// whole move is made, or none of it.
	Then []int `json:"then,omitempty"`
}

// MaxThen is the most follow-up answers a move may carry.
const MaxThen = 4
