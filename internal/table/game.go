package table

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/draft"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/present"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/wire"
)

// Seat kinds.
const (
	Human  = "human"
	Greedy = "ai"
	Random = "random"
)

// Seat is one player's place at a game.
type Seat struct {
	Kind  string `json:"kind"`
	Name  string `json:"name"`
	Token string `json:"token"` // secret: whoever holds it plays this seat ("" while a person's seat is open)
	// Invite: the code of the seat's invite link, which the first browser
	// to open it claims (seats.go); kept after the claim, so that the link
	// then says the seat is taken.
	Invite string `json:"invite,omitempty"`
	// Late: the seat was claimed after the game had ended. A rematch's
	// seat key goes only to whoever held the seat when the game ended
	// (the server's handleRematch, ui.go), so a late claim gets none.
	Late bool `json:"late,omitempty"`
	// Player: the public id of the identified person who holds the seat
	// (public.go), "" for a seat taken without an identity.
	Player string `json:"player,omitempty"`
}

// Config is everything needed to rebuild a game from its move log.
type Config struct {
	Seats     []Seat       `json:"seats"`
	Spectator string       `json:"spectator"`
	Setup     engine.Setup `json:"setup"` // Players[].Factions empty while drafting
	Draft     bool         `json:"draft"`
	DraftPool []string     `json:"draft_pool,omitempty"`
	First     int          `json:"first"` // first drafter
	// Reproducible: the seed is public (chosen by the creator, shown to every
	// seat). Otherwise it is secret server randomness, revealed with the
	// replay once the game is over.
	Reproducible bool `json:"reproducible,omitempty"`
	// StandIn: seconds after which a computer plays for a person who has
	// left (0: never; presence.go).
	StandIn int `json:"stand_in,omitempty"`
	// Host: the creator's key (seats.go); Waiting: the cards are not dealt
	// until every invited person has taken their seat, or the host starts
	// with computers in the open seats. Games made before seats were
	// claimed have neither.
	Host    string `json:"host,omitempty"`
	Waiting bool   `json:"waiting,omitempty"`
	// SharedScreen: every person plays at one screen (pass and play): the
	// creator holds every person's seat, and each person is asked in every
	// Me First window unless they turn it off, so that the screen handed to
	// them tells the others nothing about their hand.
	SharedScreen bool `json:"shared_screen,omitempty"`
	// Sandbox: a sandbox game, from a position (sandbox.go).
	Sandbox *SandboxConfig `json:"sandbox,omitempty"`
	// Hints: every seat may ask for hints (hint.go), a game between people
	// too; shown to every seat (Update.Hints).
	Hints bool `json:"hints,omitempty"`
	// Lesson: a lesson of the guided first game (lessons.go).
	Lesson *LessonConfig `json:"lesson,omitempty"`
	// Preset: how the game was made, when by a preset of the lobby
	// ("first-game": create.go FirstGameFactions), shown to every seat.
	Preset string `json:"preset,omitempty"`
	// Public: an open table, listed in the lobby (public.go): its free
	// seats are taken from there by identified people, and once dealt
	// anyone may watch it. Rated: a public table between identified people
	// without computers or hints, whose result moves their ratings (set
	// false if computers take a seat). FillAfter: minutes after Listed
	// (unix ms, when the table was listed) at which seats still free are
	// given to computers (0: never).
	Public    bool   `json:"public,omitempty"`
	Mode      string `json:"mode,omitempty"` // a public table's factions: chosen, random, draft, first-game
	Rated     bool   `json:"rated,omitempty"`
	FillAfter int    `json:"fill_after,omitempty"`
	Listed    int64  `json:"listed,omitempty"`
	// TurnHours: a turn-based game's hours per decision (turns.go; 0: live).
	TurnHours int `json:"turn_hours,omitempty"`
}

// Table is one game held in memory, rebuilt from the store: its live
// state, guarded by its lock.
type Table struct {
	mu  sync.Mutex
	id  string
	cfg Config
	// withPeople: a person sits at the game. Seats' kinds never change, so
	// it is set once, and read without the lock (kick)
	withPeople bool
	// owner: the client address that created the game, "" when not known
	// (loaded from the store); computers take turns by owner (queue.go)
	owner string
	// computers: some seat is a computer's (the budget of budget.go)
	computers bool
	// watched: pages connected to the game, a seat's or a spectator's
	// (presence.go); read without the lock (kick)
	watched atomic.Int32
	moves   []store.Move
	// src asks the seats' decisions: the draft while it runs, then the game
	// (source.go); nil while the game waits for its seats
	src    source
	g      *engine.Game // nil until dealt
	events wire.Log     // every seat's events, as each may see them
	asked  time.Time    // when the pending decision was first put
	subs   map[*Subscriber]struct{}
	ais    []ai.Player
	srv    *Tables // the tables holding it
	broken error
	rec    recording   // the rules the game was recorded under (record.go)
	ready  readyAnswer // an answer the server made, held until its pause is over (settings.go)
	due    schedule    // when the server's answer to the pending decision reaches the table (settings.go)
	// answers: how long each person took to answer the decisions the
	// server may answer for them (settings.go answerTimes)
	answers [engine.MaxPlayers]answerTimes
	// askAll: seats whose person asked to be asked in every Me First
	// window, even with nothing to play (by default such a window is passed
	// for them after the pause a computer takes: settings.go)
	askAll   [engine.MaxPlayers]bool
	manual   bool         // tests that play the people's seats: the server answers nothing for them
	owned    atomic.Bool  // counts against its owner's budget on every instance (budget.go ownGame)
	queued   atomic.Bool  // waiting in the server's queue of games to move (queue.go kick)
	thinking atomic.Bool  // a worker is deciding for one of its computer seats
	again    atomic.Bool  // asked to look again while a worker was deciding (queue.go stepAI)
	used     atomic.Int64 // when last asked for (unix ns; memory.go)
	evicted  bool         // unloaded from memory: requests ask for the game again
	pres     presence     // who is at the table (presence.go)
	sent     uint64       // updates broadcast so far (broadcastLocked)
	shown    int          // moves announced so far (broadcastLocked, showLocked)
	raw      []byte       // the configuration as stored, what a change swaps (seats.go changeConfigLocked)
	marked   marks        // what the store says of the game beyond its log (keep.go)
	// the people's seats as last written to the store (myseats.go)
	seatRows   []store.PlayerSeat
	seatRowsOK bool
	// clock: a turn-based game's clock as last read or written (turns.go);
	// clockRead: the store's was read once, when loaded
	clock     *store.Clock
	clockRead bool

	sandbox       *sandboxState                // a sandbox game's history (sandbox.go)
	hintMemo      hintCache                    // the last hint given (hint.go)
	lessonReached bool                         // a lesson game's goal was met (lessons.go)
	results       *gameResults                 // a public game's recorded results, once over (public.go)
	talk          []store.Said                 // the latest things said at the table (talk.go)
	saidAt        [engine.MaxPlayers]time.Time // when each seat last said something
}

// locked runs f holding l's lock, which is released even if f panics.
func (l *Table) locked(f func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	f()
}

func newToken() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b[:])
}

func newID() string {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b[:])
}

// rebuild replays a stored game into a fresh Table, checking every
// recorded decision (see replayStored in record.go).
func rebuild(srv *Tables, id string, st *store.Game) (*Table, error) {
	var cfg Config
	if err := json.Unmarshal(st.Config, &cfg); err != nil {
		return nil, fmt.Errorf("game %s: bad configuration: %w", id, err)
	}
	l := &Table{id: id, cfg: cfg, subs: map[*Subscriber]struct{}{}, srv: srv, raw: st.Config, marked: marks{st.Work, st.Over}}
	for _, s := range cfg.Seats {
		l.withPeople = l.withPeople || s.Kind == Human
		l.computers = l.computers || s.Kind != Human
	}
	if cfg.SharedScreen {
		for i := range l.askAll {
			l.askAll[i] = true
		}
	}
	now := time.Now()
	for i := range l.pres.seen {
		l.pres.seen[i] = now // away since the game was made or loaded
	}
	if err := l.start(); err != nil {
		return nil, err
	}
	if err := l.replayStored(st); err != nil {
		return nil, err
	}
	return l, nil
}

func (l *Table) start() error {
	n := len(l.cfg.Seats)
	l.ais = make([]ai.Player, n)
	for i, s := range l.cfg.Seats {
		if s.Kind != Human {
			p, ok := ai.New(s.Kind, SubSeed(l.cfg.Setup.Seed, "ai", uint64(i)))
			if !ok {
				return fmt.Errorf("unknown seat kind %q", s.Kind)
			}
			l.ais[i] = p
		}
	}
	if l.cfg.Waiting {
		return nil // dealt when the seats are taken (seats.go begin)
	}
	if l.cfg.Draft {
		d, err := draft.New(n, l.cfg.DraftPool, l.cfg.First, 1)
		if err != nil {
			return err
		}
		l.src = &draftSource{d: d, deal: l.dealDrafted}
		l.asked = time.Now()
		return nil
	}
	return l.startGame()
}

// dealDrafted deals the game once the draft is over, each seat with the
// factions it picked.
func (l *Table) dealDrafted(picks [][]string) error {
	for i := range l.cfg.Setup.Players {
		l.cfg.Setup.Players[i].Factions = append([]string(nil), picks[i]...)
	}
	return l.startGame()
}

func (l *Table) startGame() error {
	g, err := engine.New(l.cfg.Setup)
	if err != nil {
		return err
	}
	l.g = g
	l.src = gameSource{g}
	l.asked = time.Now()
	l.events.Collect(g)
	return nil
}

// tell adds a public event (a draft pick, a seat's presence) to every
// seat's events.
func (l *Table) tell(e wire.Event) { l.events.Tell(e) }

// names are the seats' names.
func (l *Table) names() present.Names {
	n := make(present.Names, len(l.cfg.Seats))
	for i, s := range l.cfg.Seats {
		n[i] = s.Name
	}
	return n
}

// breakLocked marks l as broken by err at its next move (kept read-only, its
// log and replay kept for a bug report), logs it, and returns the error
// every seat is told. That names the move only: err's details (a choice
// recorded, the options offered, a card's failure) may be about another
// seat's decision and its hidden cards, so they go to the server's log alone.
func (l *Table) breakLocked(err error) error {
	n := len(l.moves) + 1
	l.log().Error("game broken", "move", n, "err", err)
	l.broken = &brokenError{fmt.Sprintf("game %s is broken at move %d (a failure of this version of smashup; the details are in the server's log): it is kept read-only", l.id, n), err}
	return l.broken
}

// brokenError is why a game is broken: its text is what seats are told, and
// it wraps the detailed error (errors.Is), which is never shown to them.
type brokenError struct {
	text string
	err  error
}

func (e *brokenError) Error() string { return e.text }
func (e *brokenError) Unwrap() error { return e.err }

// seats is how many seats the game has: range over it for each seat.
func (l *Table) seats() engine.Seat { return engine.Seat(len(l.cfg.Seats)) }

// people reports whether a person sits at the game.
func (l *Table) people() bool { return l.withPeople }

// SeatOf returns the seat a token holds, NoSeat for the spectator token. Every
// token of the game is compared, each in constant time, so that how long the
// answer takes tells nothing about any of them.
func (l *Table) SeatOf(token string) (engine.Seat, error) {
	found, seat := 0, 0
	for i, s := range l.cfg.Seats {
		eq := subtle.ConstantTimeCompare([]byte(token), []byte(s.Token))
		seat = subtle.ConstantTimeSelect(eq&^found, i, seat)
		found |= eq
	}
	eq := subtle.ConstantTimeCompare([]byte(token), []byte(l.cfg.Spectator))
	seat = subtle.ConstantTimeSelect(eq&^found, int(engine.NoSeat), seat)
	found |= eq
	if token == "" || found == 0 {
		return engine.NoSeat, ErrBadToken
	}
	return engine.Seat(seat), nil
}

// ID is the game's id.
func (l *Table) ID() string { return l.id }

// Config is a copy of the game's configuration (its seats and players
// copied, so that the caller may read it without the lock).
func (l *Table) Config() Config {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := l.cfg
	c.Seats = slices.Clone(l.cfg.Seats)
	c.Setup.Players = slices.Clone(l.cfg.Setup.Players)
	return c
}

// Ended reports whether the game was dealt and is over.
func (l *Table) Ended() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.g != nil && l.g.Over
}

// Names are the seats' names.
func (l *Table) Names() present.Names {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.names()
}
