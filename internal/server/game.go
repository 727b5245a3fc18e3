package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"sync"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/draft"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/present"
	"github.com/smashup/smashup/internal/store"
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
	Token string `json:"token"` // secret: whoever holds it plays this seat
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
}

// live is a game held in memory, rebuilt from the store.
type live struct {
	mu     sync.Mutex
	id     string
	cfg    Config
	moves  []store.Move
	draft  *draft.Draft // non-nil while the draft runs
	g      *engine.Game
	logs   [engine.MaxPlayers + 1][]string // readable log lines by seat+1 (0: the spectator), each as that seat may see them
	evSeq  int32
	subs   map[*subscriber]struct{}
	ais    []ai.Player
	srv    *Server
	broken error
	rec    recording // the rules the game was recorded under (record.go)
	// autoPass: seats whose person asked to pass automatically in Me First
	// windows when they have nothing to play (settings.go)
	autoPass [engine.MaxPlayers]bool
}

// subscriber is a connected client of one seat (None: spectator).
type subscriber struct {
	seat int
	ch   chan []byte
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
	if l.cfg.Draft {
		d, err := draft.New(n, l.cfg.DraftPool, l.cfg.First, 1)
		if err != nil {
			return err
		}
		l.draft = d
		l.logf("Draft: %s picks first.", l.cfg.Seats[l.cfg.First].Name)
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

// logf adds a public line to every seat's log.
func (l *live) logf(format string, a ...any) {
	s := fmt.Sprintf(format, a...)
	for i := range l.logs {
		l.addLog(i-1, s)
	}
}

// addLog adds a line to seat's log (None: the spectator's).
func (l *live) addLog(seat int, s string) {
	lg := &l.logs[seat+1]
	*lg = append(*lg, s)
	if len(*lg) > 300 {
		*lg = (*lg)[len(*lg)-300:]
	}
}

// collectLog renders the game's new events into each seat's log, as that
// seat may see them (engine.EventViews).
func (l *live) collectLog() {
	names := l.names()
	for seat := engine.None; seat < len(l.cfg.Seats); seat++ {
		for _, e := range l.g.EventViews(seat, l.evSeq) {
			if s := present.Event(e, names); s != "" {
				l.addLog(seat, s)
			}
		}
	}
	l.evSeq = l.g.EvSeq
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
	return d.Player, len(d.Options)
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
		l.logf("%s drafts %s.", l.cfg.Seats[p].Name, m.Choice)
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

// move validates and records a decision of seat at move number n.
func (l *live) move(ctx context.Context, seat, n, option int) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.moveLocked(ctx, seat, n, option); err != nil {
		return err
	}
	l.broadcastLocked()
	l.srv.kick(l)
	return nil
}

func (l *live) moveLocked(ctx context.Context, seat, n, option int) error {
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
		l.broken = fmt.Errorf("game %s is broken: %w", l.id, err)
		return l.broken
	}
	return nil
}

// stepAI makes one computer move if a computer seat is to decide. It reports
// whether it moved.
func (l *live) stepAI(ctx context.Context) (moved bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	who, count := l.pending()
	if who == engine.None || l.broken != nil || l.rec.foreign != "" {
		return false
	}
	defer func() {
		if r := recover(); r != nil { // a computer player's bug stops its game only
			l.broken = fmt.Errorf("game %s is broken: %w: %v", l.id, ErrPanic, r)
			l.broadcastLocked()
			moved = false
		}
	}()
	opt := 0
	switch {
	case l.autoMove(who):
		opt = 0 // the pass, the only option
	case l.ais[who] == nil:
		return false
	case l.draft != nil:
		r := mrand.New(mrand.NewPCG(subSeed(l.cfg.Setup.Seed, "draft", uint64(len(l.moves))), 0))
		opt = r.IntN(count)
	default:
		v := l.g.View(who)
		opt = l.ais[who].Choose(l.g, &v)
	}
	if err := l.moveLocked(ctx, who, len(l.moves), opt); err != nil {
		if l.broken != nil || !errors.Is(err, ErrPanic) {
			return false
		}
		// the chosen move fails (a card's bug): any other that works
		for k := 0; k < count; k++ {
			if k != opt && l.moveLocked(ctx, who, len(l.moves), k) == nil {
				l.broadcastLocked()
				return true
			}
		}
		l.broken = fmt.Errorf("game %s is broken: every option fails: %w", l.id, err)
		l.broadcastLocked()
		return false
	}
	l.broadcastLocked()
	return true
}

// Message is what a client receives: its view of the game.
type Message struct {
	Game      string        `json:"game"`
	Move      int           `json:"move"`
	Seat      int           `json:"seat"`
	Seats     []SeatInfo    `json:"seats"`
	Draft     *DraftView    `json:"draft,omitempty"`
	View      *engine.View  `json:"view,omitempty"`
	Log       []string      `json:"log"`
	Options   []OptionLabel `json:"options,omitempty"`
	Error     string        `json:"error,omitempty"`
	Broken    string        `json:"broken,omitempty"`
	Factions  [][]string    `json:"factions,omitempty"`
	Spectator bool          `json:"spectator"`
	AutoPass  bool          `json:"auto_pass,omitempty"` // this seat's setting (settings.go)
	// Reproducible games (only) show their public seed to every seat.
	Reproducible bool    `json:"reproducible,omitempty"`
	Seed         *uint64 `json:"seed,omitempty"`
	// Version says the game was recorded by another version of smashup
	// (replayed under the compatibility check); Foreign, that it could not
	// be replayed by this one and is kept read-only.
	Version string `json:"version,omitempty"`
	Foreign string `json:"foreign,omitempty"`
}

// SeatInfo is public information about a seat.
type SeatInfo struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
}

// OptionLabel is a readable label for an option of the seat's pending decision.
type OptionLabel struct {
	Index int    `json:"index"`
	Label string `json:"label"`
	Text  string `json:"text,omitempty"`
}

// DraftView is the draft as a seat sees it (all public).
type DraftView struct {
	Next    int        `json:"next"`
	Options []string   `json:"options"`
	Picks   [][]string `json:"picks"`
}

func (l *live) messageLocked(seat int) Message {
	m := Message{Game: l.id, Move: len(l.moves), Seat: seat, Spectator: seat == engine.None}
	if seat >= 0 && seat < len(l.autoPass) {
		m.AutoPass = l.autoPass[seat]
	}
	for _, s := range l.cfg.Seats {
		m.Seats = append(m.Seats, SeatInfo{Name: s.Name, Kind: s.Kind})
	}
	if l.broken != nil {
		m.Broken = l.broken.Error()
	}
	l.versionInfo(&m)
	lg := l.logs[0]
	if seat >= 0 && seat < engine.MaxPlayers {
		lg = l.logs[seat+1]
	}
	start := 0
	if len(lg) > 60 {
		start = len(lg) - 60
	}
	m.Log = append([]string{}, lg[start:]...)
	if l.draft != nil {
		dv := &DraftView{Next: l.draft.Next()}
		for _, p := range l.draft.Picks { // a copy: the message is encoded after the lock is released
			dv.Picks = append(dv.Picks, append([]string(nil), p...))
		}
		dv.Options = l.draft.Options()
		m.Draft = dv
		if seat == dv.Next {
			for i, f := range dv.Options {
				m.Options = append(m.Options, OptionLabel{Index: i, Label: f})
			}
		}
		return m
	}
	m.View, m.Options = seatView(l.g, seat, l.names())
	return m
}

// seatView is the table and the options of seat (None: the spectator) as
// messages carry them: built from the engine's view of that seat alone
// (engine.View), so that nothing the seat may not know can reach it.
func seatView(g *engine.Game, seat int, names present.Names) (*engine.View, []OptionLabel) {
	v := g.View(seat)
	v.Names = names
	var opts []OptionLabel
	if d := v.Decision; d != nil && d.Mine {
		d.Prompt = present.Prompt(&v)
		for _, o := range d.Options {
			opts = append(opts, OptionLabel{Index: o.Index, Label: present.Option(o, &v), Text: o.CardText})
		}
	}
	stripTexts(&v)
	return &v, opts
}

// stripTexts removes card texts from a view: clients get them once from
// /api/cards (keyed by Key), which keeps every update small.
func stripTexts(v *engine.View) {
	strip := func(cs []engine.CardView) {
		for i := range cs {
			cs[i].Text = ""
			for j := range cs[i].Attached {
				cs[i].Attached[j].Text = ""
			}
		}
	}
	strip(v.Hand)
	strip(v.BaseDiscard)
	strip(v.Revealed)
	for i := range v.Players {
		strip(v.Players[i].Discard)
	}
	for i := range v.Bases {
		v.Bases[i].Card.Text = ""
		strip(v.Bases[i].Minions)
		strip(v.Bases[i].Actions)
	}
}

func (l *live) broadcastLocked() {
	for s := range l.subs {
		b, err := json.Marshal(l.messageLocked(s.seat))
		if err != nil {
			continue
		}
		select {
		case s.ch <- b:
		default: // a slow client: drop the oldest pending update, keep the newest
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
}

// seatOf returns the seat a token holds, None for the spectator token.
func (l *live) seatOf(token string) (int, error) {
	for i, s := range l.cfg.Seats {
		if token != "" && s.Token == token {
			return i, nil
		}
	}
	if token != "" && token == l.cfg.Spectator {
		return engine.None, nil
	}
	return 0, ErrBadToken
}
