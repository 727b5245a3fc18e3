package table

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
)

// Tables are the games this instance holds in memory, and what makes them
// go on by themselves: the workers that make the server's answers, the
// janitor, and, with a shared store, the leases, the shared presence and
// the notifications of other instances' moves.
type Tables struct {
	store  store.Store
	mu     sync.Mutex
	games  map[string]*Table
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	// games whose computer seats (or automatic passes) may have a move to
	// make, each at most once (Table.queued), in turn by owner; see kick and
	// aiWorker (queue.go)
	qmu   sync.Mutex
	qcond *sync.Cond
	queue runQueue
	// Logger receives the structured log lines (nil: none).
	Logger *slog.Logger
	// MaxComputerGames: how many unfinished games with computer seats one
	// address may have in memory at once (budget.go; 0: no limit).
	MaxComputerGames int
	budgetMu         sync.Mutex // held from counting an address's games to adding one (create.go)
	// AnswerPause sets the pace of the answers the server makes when a
	// person sits at the table (settings.go): a computer seat's reaches it
	// this long after the question (twice for max), a person's (a pass with
	// nothing to play, an answer without a real choice) after a time drawn
	// from their own answers. So how soon an answer comes tells nothing.
	// 0 in tests, half a second by default.
	AnswerPause time.Duration
	// Games held in memory (memory.go): at most MaxGames; idle ones are
	// unloaded after IdleAfter, finished ones after DoneAfter.
	MaxGames             int
	IdleAfter, DoneAfter time.Duration
	// KeepDone and KeepIdle: how long the store keeps a finished game, and
	// an unfinished one without a move (0: for ever; keep.go).
	KeepDone, KeepIdle time.Duration
	tick               atomic.Int64 // the janitor's period (memory.go)
	// OnThought, when set, is told how long a computer thought for one
	// decision, and for which kind of seat: its level (Seat.Kind), or
	// "stand-in" for a person's seat (the server's metrics).
	OnThought func(kind string, took time.Duration)
	// afterLook, when set (tests), runs as a worker has looked at a game,
	// before it decides or lets go (queue.go)
	afterLook func(l *Table, ok bool)
	// share: how this instance shares games with others over a shared
	// store, nil with one instance (lease.go)
	share                   *sharing
	leaseTTL, presenceEvery atomic.Int64
	// AfterStandIn, when set (tests), runs after a stand-in's move n for
	// seat of l is stored.
	AfterStandIn func(l *Table, seat engine.Seat, n int)
	// turnUnit: how long a turn-based game's hour is (SetTurnUnit; 0: an
	// hour). OnTurn, when set, is told of each decision of an
	// identified person asked in a turn-based game while no page of their
	// seat is open (turns.go); it runs on its own goroutine.
	turnUnit atomic.Int64
	OnTurn   func(TurnNotice)
}

// New returns the tables of games stored in st, with their workers
// started. Call Close when done.
func New(st store.Store) *Tables {
	ctx, cancel := context.WithCancel(context.Background())
	s := &Tables{store: st, games: map[string]*Table{}, ctx: ctx, cancel: cancel,
		MaxComputerGames: DefaultMaxComputerGames,
		MaxGames:         defaultMaxGames, IdleAfter: defaultIdleAfter, DoneAfter: defaultDoneAfter}
	s.tick.Store(int64(defaultTick))
	s.leaseTTL.Store(int64(defaultLeaseTTL))
	s.presenceEvery.Store(int64(defaultPresenceEvery))
	if sh, ok := st.(store.Shared); ok {
		s.share = newSharing(sh)
		s.startSharing()
	}
	s.qcond = sync.NewCond(&s.qmu)
	s.wg.Add(1)
	go s.janitor()
	for range aiWorkers() {
		s.wg.Add(1)
		go s.aiWorker()
	}
	if n, ok := st.(store.Notifier); ok {
		first := make(chan struct{})
		var once sync.Once
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.listen(n, func() { once.Do(func() { close(first) }) }) // listen.go
		}()
		select { // serve only once other instances' moves will reach us
		case <-first:
		case <-time.After(10 * time.Second):
			s.log().Warn("not yet listening to the store's notifications; going on")
		}
	}
	return s
}

// Close stops background work: computer players finish the move in hand;
// with a shared store, this instance's leases are let go and its presence
// rows deleted (unless Abandon was called).
func (s *Tables) Close() {
	s.cancel()
	s.qmu.Lock()
	s.qcond.Broadcast()
	s.qmu.Unlock()
	s.wg.Wait()
	s.stopSharing()
}

// remoteMove is told (by a shared store) that some instance appended move n.
func (s *Tables) remoteMove(id string, n int) {
	s.mu.Lock()
	l := s.games[id]
	s.mu.Unlock()
	if l == nil {
		return
	}
	if n == store.TalkNote { // something was said at the table (talk.go)
		l.locked(func() { l.heardLocked(s.ctx) })
		return
	}
	if n < 0 { // the game's configuration changed (seats.go)
		l.locked(func() { l.reloadConfigLocked(s.ctx) })
		s.kick(l)
		return
	}
	l.locked(func() {
		if len(l.moves) <= n {
			s.reloadLocked(s.ctx, l)
		}
		l.showLocked() // what a lost race reloaded is shown too
	})
	s.kick(l)
}

// catchUp reloads every game in memory from the store.
func (s *Tables) catchUp() {
	s.mu.Lock()
	ls := make([]*Table, 0, len(s.games))
	for _, l := range s.games {
		ls = append(ls, l)
	}
	s.mu.Unlock()
	for _, l := range ls {
		l.locked(func() {
			s.reloadLocked(s.ctx, l)
			l.showLocked()
		})
		s.kick(l)
	}
}

// reloadLocked brings l up to the store's log (another instance moved).
func (s *Tables) reloadLocked(ctx context.Context, l *Table) {
	st, err := s.store.Load(ctx, l.id)
	if err != nil {
		return
	}
	for n := len(l.moves); n < len(st.Moves); n++ {
		if err := l.applyLocal(st.Moves[n]); err != nil {
			l.breakLocked(err)
			return
		}
	}
	l.finishLocked(ctx) // another instance's last move: a public game's result (public.go)
	l.clockLocked(ctx)  // and a turn-based game's clock (turns.go): written by one instance, read by the others
}

// Resume loads the stored games in which a computer seat was to decide
// (store.Resumable, keep.go), so that computer seats carry on after a
// restart; a game with nothing for the server to do is unloaded again at
// once. Every other game is loaded when someone asks for it. A game that
// fails to load is logged and left for later requests, which get its error.
//
// With a shared store it loads only the games whose lease has expired (their
// instance stopped), taking them in turn with the other instances (lease.go
// takeOrphans): the others are loaded when first asked for. (A database of a
// build before leases has an expired lease for every game: its first start
// loads them all once, and migrates the legacy ones.)
func (s *Tables) Resume(ctx context.Context) error {
	if s.share != nil {
		for s.takeOrphans(ctx) > 0 && ctx.Err() == nil {
		}
		return ctx.Err()
	}
	ids, err := s.store.Resumable(ctx) // keep.go
	if err != nil {
		return err
	}
	for _, id := range ids {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		l, err := s.Game(ctx, id)
		if err != nil {
			s.log().Error("resuming a game", "game", id, "err", err)
			continue
		}
		s.unloadIfIdle(l)
	}
	return nil
}
