package server

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	mrand "math/rand/v2"
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
	// Sandbox: a sandbox game, from a position (sandbox.go).
	Sandbox *SandboxConfig `json:"sandbox,omitempty"`
}

// live is a game held in memory, rebuilt from the store.
type live struct {
	mu  sync.Mutex
	id  string
	cfg Config
	// withPeople: a person sits at the game. Seats' kinds never change, so
	// it is set once, and read without the lock (kick)
	withPeople bool
	moves      []store.Move
	draft      *draft.Draft // non-nil while the draft runs
	g          *engine.Game
	events     wire.Log  // every seat's events, as each may see them
	asked      time.Time // when the pending decision was first put
	subs       map[*subscriber]struct{}
	ais        []ai.Player
	srv        *Server
	broken     error
	rec        recording   // the rules the game was recorded under (record.go)
	ready      readyAnswer // an answer the server made, held until its pause is over (settings.go)
	// askAll: seats whose person asked to be asked in every Me First
	// window, even with nothing to play (by default such a window is passed
	// for them after the pause a computer takes: settings.go)
	askAll   [engine.MaxPlayers]bool
	manual   bool          // tests that play the people's seats: the server answers nothing for them
	queued   atomic.Bool   // waiting in the server's queue of games to move (server.go kick)
	thinking atomic.Bool   // a worker is deciding for one of its computer seats
	used     atomic.Int64  // when last asked for (unix ns; memory.go)
	evicted  bool          // unloaded from memory: requests ask for the game again
	pres     presence      // who is at the table (presence.go)
	sent     uint64        // updates broadcast so far (broadcastLocked)
	sandbox  *sandboxState // a sandbox game's history (sandbox.go)
}

// subscriber is a connected client of one seat (None: spectator).
type subscriber struct {
	seat int
	ch   chan []byte
	// gone is closed when the seat's key changes (seats.go): the page is
	// disconnected
	gone     chan struct{}
	dropOnce sync.Once
	mu       sync.Mutex
	last     uint64 // the latest update offered (updates are marshalled concurrently)
}

// drop disconnects the subscriber (its seat was invited again).
func (s *subscriber) drop() {
	if s.gone != nil {
		s.dropOnce.Do(func() { close(s.gone) })
	}
}

// locked runs f holding l's lock, which is released even if f panics.
func (l *live) locked(f func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	f()
}

// subscribe adds sub to l's clients and fills in its first message, unless
// l was unloaded (then it reports false).
func (l *live) subscribe(sub *subscriber, first *Message) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.evicted {
		return false
	}
	// the others are told of the arrival; the newcomer gets its first
	// message, and from then on every update broadcast after it
	l.arriveLocked(sub.seat, time.Now())
	l.subs[sub] = struct{}{}
	sub.mu.Lock()
	sub.last = l.sent
	sub.mu.Unlock()
	*first = l.messageLocked(engine.Seat(sub.seat))
	return true
}

func (l *live) unsubscribe(sub *subscriber) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.subs, sub)
	l.leaveLocked(sub.seat, time.Now())
	l.touch()
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

// rebuild replays a stored game into a fresh live game, checking every
// recorded decision (see replayStored in record.go).
func rebuild(srv *Server, id string, st *store.Game) (*live, error) {
	var cfg Config
	if err := json.Unmarshal(st.Config, &cfg); err != nil {
		return nil, fmt.Errorf("game %s: bad configuration: %w", id, err)
	}
	l := &live{id: id, cfg: cfg, subs: map[*subscriber]struct{}{}, srv: srv}
	for _, s := range cfg.Seats {
		l.withPeople = l.withPeople || s.Kind == Human
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

func (l *live) start() error {
	n := len(l.cfg.Seats)
	l.ais = make([]ai.Player, n)
	for i, s := range l.cfg.Seats {
		if s.Kind != Human {
			p, ok := ai.New(s.Kind, subSeed(l.cfg.Setup.Seed, "ai", uint64(i)))
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
		l.draft = d
		l.asked = time.Now()
		return nil
	}
	return l.startGame()
}

func (l *live) startGame() error {
	g, err := engine.New(l.cfg.Setup)
	if err != nil {
		return err
	}
	l.g = g
	l.collectLog()
	return nil
}

// tell adds a public event (a draft pick, a seat's presence) to every
// seat's events.
func (l *live) tell(e wire.Event) { l.events.Tell(e) }

// collectLog turns the game's new events into each seat's events.
func (l *live) collectLog() {
	l.asked = time.Now()
	l.events.Collect(l.g)
}

// names are the seats' names.
func (l *live) names() present.Names {
	n := make(present.Names, len(l.cfg.Seats))
	for i, s := range l.cfg.Seats {
		n[i] = s.Name
	}
	return n
}

// pending returns who must decide now and how many options there are (seat None when over).
func (l *live) pending() (seat, n int) {
	if l.draft != nil {
		if l.draft.Done() {
			return engine.None, 0
		}
		return l.draft.Next(), len(l.draft.Options())
	}
	if l.g == nil || l.g.Over {
		return engine.None, 0
	}
	d, ok := l.g.Decision()
	if !ok {
		return engine.None, 0
	}
	return int(d.Player), len(d.Options)
}

// applyLocal applies the next move, a recorded one (see recordMove), to the
// in-memory game (no store, no checks of who), checking that the record is
// the option this build offers (see checkDraft and engine.ApplyRecorded).
func (l *live) applyLocal(m store.Move) error {
	if m.Kind == "" { // a legacy move by position only (being migrated)
		r, err := l.recordMove(m.Option)
		if err != nil {
			return fmt.Errorf("move %d (option %d): %w", len(l.moves)+1, m.Option, err)
		}
		m = r
	}
	if l.draft != nil {
		if err := l.checkDraft(m); err != nil {
			return err
		}
		p := l.draft.Next()
		if err := l.draft.Pick(m.Choice); err != nil {
			return fmt.Errorf("move %d: %w", len(l.moves)+1, err)
		}
		l.tell(wire.Event{Kind: "draft", Player: &p, Text: m.Choice})
		l.asked = time.Now()
		l.moves = append(l.moves, m)
		if l.draft.Done() {
			for i := range l.cfg.Setup.Players {
				l.cfg.Setup.Players[i].Factions = append([]string(nil), l.draft.Picks[i]...)
			}
			l.draft = nil
			if err := l.startGame(); err != nil {
				return err
			}
		}
		return nil
	}
	if err := l.applyGame(&m); err != nil {
		return err
	}
	l.moves = append(l.moves, m)
	l.collectLog()
	return nil
}

// ErrPanic wraps a panic of the game's code (a card's bug), recovered so that
// it stops only its own game.
var ErrPanic = errors.New("the game's code failed")

// safely runs f, turning a panic into an error wrapping ErrPanic.
func safely(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", ErrPanic, r)
		}
	}()
	return f()
}

// Errors a client may get; none changes anything.
var (
	ErrNotYourTurn = errors.New("it is not your decision")
	ErrStale       = errors.New("stale move: the game has moved on; reload")
	ErrBadOption   = errors.New("no such option")
	ErrBadToken    = errors.New("unknown seat token")
	ErrGameOver    = errors.New("the game is over")
)

// move validates and records a decision of seat at move number n, and then
// the answers to the questions it leads to at once (wire.Move.Then): all of
// them, or none.
func (l *live) move(ctx context.Context, seat, n, option int, then ...int) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	seat = l.sandboxActor(seat) // a sandbox's page answers for every seat (sandbox.go)
	if len(then) > 0 {
		if err := l.tryThen(seat, n, option, then); err != nil {
			return err
		}
	}
	if err := l.moveLocked(ctx, seat, n, option); err != nil {
		return err
	}
	for k, o := range then {
		if err := l.moveLocked(ctx, seat, n+1+k, o); err != nil {
			l.broadcastLocked() // the part made stands (it was checked: only a store failure gets here)
			return err
		}
	}
	l.broadcastLocked()
	l.srv.kick(l)
	return nil
}

// ErrBadThen: a move's follow-up answers do not fit the questions it leads to.
var ErrBadThen = errors.New("the rest of this move does not fit the questions it leads to; reload")

// tryThen checks on a copy of the game that option and then its follow-up
// answers can all be made by seat, one question after another.
func (l *live) tryThen(seat, n, option int, then []int) error {
	if l.draft != nil || l.g == nil || len(then) > wire.MaxThen {
		return ErrBadThen
	}
	if n != len(l.moves) {
		return ErrStale
	}
	if who, count := l.pending(); who != seat || option < 0 || option >= count {
		return ErrNotYourTurn
	}
	trial := new(engine.Game)
	trial.CopyFrom(l.g)
	if err := trial.ApplySafe(option); err != nil {
		return nil // moveLocked refuses it with the reason
	}
	for _, o := range then {
		if !trial.Pending.Active || int(trial.Pending.Player) != seat || o < 0 || o >= trial.NumOptions() {
			return ErrBadThen
		}
		if err := trial.ApplySafe(o); err != nil {
			return fmt.Errorf("this move cannot be played (%w: %v); choose another", ErrPanic, err)
		}
	}
	return nil
}

func (l *live) moveLocked(ctx context.Context, seat, n, option int) error {
	if l.evicted {
		return errEvicted
	}
	if l.broken != nil {
		return l.broken
	}
	if l.rec.foreign != "" {
		return errors.New(l.rec.foreign)
	}
	if n != len(l.moves) {
		return ErrStale
	}
	who, count := l.pending()
	if who == engine.None {
		return ErrGameOver
	}
	if who != seat {
		return ErrNotYourTurn
	}
	if option < 0 || option >= count {
		return ErrBadOption
	}
	m, err := l.recordMove(option)
	if err != nil {
		return err
	}
	if l.draft == nil {
		// tried on a copy first: a move that fails (a card's bug) is refused
		// and never reaches the log, where it would break the game for good
		trial := new(engine.Game)
		trial.CopyFrom(l.g)
		if err := trial.ApplySafe(option); err != nil {
			l.log().Error("a move fails: refused", "seat", seat, "move", n, "option", option, "err", err)
			return fmt.Errorf("this move cannot be played (%w: %v); choose another", ErrPanic, err)
		}
	}
	// durable first, then applied and announced
	if err := l.srv.store.Append(ctx, l.id, n, m); err != nil {
		if errors.Is(err, store.ErrConflict) {
			l.srv.reloadLocked(ctx, l)
			return ErrStale
		}
		return err
	}
	if err := l.applyLocal(m); err != nil {
		return l.breakLocked(err)
	}
	if seat >= 0 && seat < len(l.cfg.Seats) && l.ais[seat] == nil && !l.pres.standing[seat] {
		l.pres.seen[seat] = time.Now() // a person who moves is at the table
	}
	return nil
}

// breakLocked marks l as broken by err at its next move (kept read-only, its
// log and replay kept for a bug report), logs it, and returns the error
// every seat is told. That names the move only: err's details (a choice
// recorded, the options offered, a card's failure) may be about another
// seat's decision and its hidden cards, so they go to the server's log alone.
func (l *live) breakLocked(err error) error {
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

// stepAI makes one computer move if a computer seat is to decide. It reports
// whether it moved.
func (l *live) stepAI(ctx context.Context) bool {
	if !l.thinking.CompareAndSwap(false, true) {
		return false // another worker is deciding for this game; it looks again after
	}
	defer l.thinking.Store(false)
	who, at, opt, think, ok := l.aiTurn()
	if !ok {
		return false
	}
	if think != nil {
		var err error
		if opt, err = think(); err != nil { // a computer player's bug stops its game only
			l.mu.Lock()
			defer l.mu.Unlock()
			l.breakLocked(err)
			l.broadcastLocked()
			return false
		}
	}
	return l.aiMove(ctx, who, at, opt)
}

// aiTurn says, under the game's lock, what the server is to do for it now:
// the seat and move number, and the option, or a function that thinks of it
// on a copy of the game without holding the lock (so that the game's pages
// are served while a computer player searches). An answer already thought
// of, waiting for its pause (aiMove), is given again.
func (l *live) aiTurn() (who, at, opt int, think func() (int, error), ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	who, count := l.pending()
	if who == engine.None || l.broken != nil || l.rec.foreign != "" {
		return
	}
	at = len(l.moves)
	p := l.ais[who]
	if p == nil {
		p = l.standInLocked(who) // a person who has left (presence.go)
	}
	switch {
	case l.ready.ok && l.ready.at == at:
		return who, at, l.ready.opt, nil, true
	case l.autoMove(who):
		return who, at, 0, nil, true // the pass, the only option
	case p == nil:
		return
	case l.draft != nil:
		r := mrand.New(mrand.NewPCG(subSeed(l.cfg.Setup.Seed, "draft", uint64(at)), 0))
		return who, at, r.IntN(count), nil, true
	}
	if l.g.InWindow() && l.g.WindowPassOnly() {
		return who, at, 0, nil, true // nothing to think about: pass, as a person's seat is passed for
	}
	g := new(engine.Game)
	g.CopyFrom(l.g)
	return who, at, 0, func() (opt int, err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("%w: the computer player failed: %v", ErrPanic, r)
			}
		}()
		v := g.View(engine.Seat(who))
		return p.Choose(g, &v), nil
	}, true
}

// aiMove plays opt for seat who at move at, unless the game has moved on
// meanwhile; if the option fails (a card's bug), any other that works.
func (l *live) aiMove(ctx context.Context, who, at, opt int) bool {
	// the move in hand is finished even when the server is stopping
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.moves) != at || l.broken != nil {
		return len(l.moves) != at // moved on (another instance): look again
	}
	if l.holdAnswerLocked(at, opt) {
		return false // it reaches the table when its pause is over (settings.go)
	}
	l.ready = readyAnswer{}
	_, count := l.pending()
	if err := l.moveLocked(ctx, who, at, opt); err != nil {
		if l.broken != nil || !errors.Is(err, ErrPanic) {
			return false
		}
		for k := 0; k < count; k++ {
			if k != opt && l.moveLocked(ctx, who, at, k) == nil {
				l.broadcastLocked()
				return true
			}
		}
		l.breakLocked(fmt.Errorf("every option fails: %w", err))
		l.broadcastLocked()
		return false
	}
	l.broadcastLocked()
	return true
}

// Message is what a client receives: its view of the game (docs/protocol.md).
type Message = wire.Update

// SeatInfo is public information about a seat.
type SeatInfo = wire.Seat

func (l *live) messageLocked(seat engine.Seat) Message {
	if l.cfg.Sandbox != nil && l.g != nil {
		return l.sandboxMessageLocked() // sandbox.go
	}
	m := Message{Game: l.id, Move: len(l.moves), Seat: int(seat), Spectator: seat == engine.None, Goal: wire.Goal}
	if seat >= 0 && int(seat) < len(l.askAll) {
		m.Settings = &wire.Settings{AskEveryWindow: l.askAll[seat]}
	}
	now := time.Now()
	for i, s := range l.cfg.Seats {
		si := SeatInfo{Name: s.Name, Kind: s.Kind, Away: l.awayLocked(i), StandIn: l.pres.standing[i], Open: s.Kind == Human && s.Token == ""}
		if si.Away && !si.StandIn && l.cfg.StandIn > 0 {
			left := time.Duration(l.cfg.StandIn)*time.Second - now.Sub(l.pres.seen[i])
			si.StandInIn = max(1, int((left+time.Second-1)/time.Second))
		}
		m.Seats = append(m.Seats, si)
	}
	if l.broken != nil {
		m.Broken = l.broken.Error()
	}
	l.versionInfo(&m)
	m.Events = l.events.For(int(seat))
	if l.cfg.Waiting {
		m.Waiting = true
		return m
	}
	if l.draft != nil {
		dv := &wire.Draft{Next: l.draft.Next()}
		for _, p := range l.draft.Picks { // a copy: the message is encoded after the lock is released
			dv.Picks = append(dv.Picks, append([]string(nil), p...))
		}
		dv.Options = l.draft.Options()
		m.Draft = dv
		d := &wire.Decision{Player: &dv.Next, Mine: int(seat) == dv.Next, Kind: "draft"}
		if d.Mine {
			d.Prompt = "Choose a faction"
			for i, f := range dv.Options {
				d.Options = append(d.Options, wire.Option{Index: i, Kind: "text", Label: f, Text: f, Target: wire.Target{Where: "button"}})
			}
		}
		m.Decision = d
		return m
	}
	m.Table, m.Decision = wire.Build(l.g, seat, l.names())
	if m.Decision != nil && m.Decision.Mine && l.autoMove(int(seat)) {
		// the server answers for this seat (settings.go): it is shown the
		// question as every other seat is, never a question to answer
		if l.g.InWindow() {
			m.Decision = &wire.Decision{Kind: "window"}
		} else {
			_, m.Decision = wire.Build(l.g, engine.None, l.names())
		}
	}
	if m.Decision != nil && m.Decision.Mine {
		wire.Lookahead(l.g, seat, l.names(), m.Decision)
	}
	return m
}

func (l *live) broadcastLocked() {
	if len(l.subs) == 0 {
		return
	}
	// one message per seat, however many of its connections there are,
	// built under the lock and marshalled and sent after it (deliver)
	l.sent++
	var msgs [engine.MaxPlayers + 1]*Message
	subs := make([]*subscriber, 0, len(l.subs))
	for s := range l.subs {
		k := s.seat + 1
		if k < 0 || k >= len(msgs) {
			continue
		}
		if msgs[k] == nil {
			m := l.messageLocked(engine.Seat(s.seat))
			msgs[k] = &m
		}
		subs = append(subs, s)
	}
	go deliver(l.sent, &msgs, subs)
}

// deliver marshals update number n (one message per seat) and offers it to
// each client.
func deliver(n uint64, msgs *[engine.MaxPlayers + 1]*Message, subs []*subscriber) {
	var raw [engine.MaxPlayers + 1][]byte
	for k, m := range msgs {
		if m != nil {
			raw[k], _ = json.Marshal(m)
		}
	}
	for _, s := range subs {
		if b := raw[s.seat+1]; b != nil {
			s.offer(n, b)
		}
	}
}

// offer queues update n for the client unless it has a later one already
// (updates are marshalled concurrently). A slow client loses its oldest
// pending update, never the newest.
func (s *subscriber) offer(n uint64, b []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n <= s.last {
		return
	}
	s.last = n
	select {
	case s.ch <- b:
	default:
		select {
		case <-s.ch:
		default:
		}
		select {
		case s.ch <- b:
		default:
		}
	}
}

// people reports whether a person sits at the game.
func (l *live) people() bool { return l.withPeople }

// seatOf returns the seat a token holds, None for the spectator token. Every
// token of the game is compared, each in constant time, so that how long the
// answer takes tells nothing about any of them.
func (l *live) seatOf(token string) (int, error) {
	found, seat := 0, 0
	for i, s := range l.cfg.Seats {
		eq := subtle.ConstantTimeCompare([]byte(token), []byte(s.Token))
		seat = subtle.ConstantTimeSelect(eq&^found, i, seat)
		found |= eq
	}
	eq := subtle.ConstantTimeCompare([]byte(token), []byte(l.cfg.Spectator))
	seat = subtle.ConstantTimeSelect(eq&^found, engine.None, seat)
	found |= eq
	if token == "" || found == 0 {
		return 0, ErrBadToken
	}
	return seat, nil
}
