package table

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"time"

	"github.com/smashup/smashup/internal/engine"
)

// Games held in memory. The store holds every game; memory holds the games
// in use, loaded on first use (Tables.Game). A game nobody is connected to
// and no computer seat is moving is idle; an idle game is evicted once it has
// been idle for IdleAfter (a finished one after DoneAfter), and when memory
// holds MaxGames games the least recently used idle ones make room. Evicted
// games are loaded again from the store when next asked for.

// Defaults of the memory limits (Tables.MaxGames, IdleAfter, DoneAfter).
const (
	defaultMaxGames  = 2000
	defaultIdleAfter = 10 * time.Minute
	defaultDoneAfter = time.Minute
	defaultTick      = 5 * time.Second // how often the janitor looks (sweeps, stand-ins)
)

// ErrBusy: memory holds as many games as it may, none of them idle.
var ErrBusy = errors.New("the server is busy with as many games as it can hold; try again in a few minutes")

// ErrEvicted: the game was unloaded from memory while a request used it;
// the request asks for the game again (Tables.Game).
var ErrEvicted = errors.New("the game was unloaded from memory; ask again")

// touch marks l as used now.
func (l *Table) touch() { l.used.Store(time.Now().UnixNano()) }

// idleLocked reports whether nothing goes on in l: no client connected, no
// computer seat thinking or waiting to move.
func (l *Table) idleLocked() bool {
	if len(l.subs) > 0 || l.queued.Load() || l.thinking.Load() {
		return false
	}
	if l.broken != nil || l.rec.foreign != "" {
		return true
	}
	who, _ := l.pending()
	return who == engine.NoSeat || (l.ais[who] == nil && !l.autoMove(who))
}

// overLocked reports whether l's game has ended (or can go no further).
func (l *Table) overLocked() bool {
	who, _ := l.pending()
	return who == engine.NoSeat || l.broken != nil || l.rec.foreign != ""
}

// janitor evicts idle games and lets computer players stand in for people
// who have left (presence.go), every tick.
func (s *Tables) janitor() {
	defer s.wg.Done()
	var purged, due time.Time
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-time.After(time.Duration(s.tick.Load())):
		}
		now := time.Now()
		load := now.Sub(due) >= s.dueEvery()
		s.dueTurns(s.ctx, now, load) // turns.go
		if load {
			due = now
		}
		s.look(now)
		s.renewOwned(s.ctx)                // budget.go
		if now.Sub(purged) >= purgeEvery { // keep.go
			purged = now
			s.purge(s.ctx)
			if s.share != nil {
				s.share.st.SweepLimits(s.ctx)
			}
		}
	}
}

// look is one round of the janitor; a bug in it is logged, never fatal.
func (s *Tables) look(now time.Time) {
	defer func() {
		if r := recover(); r != nil {
			s.log().Error("the janitor failed", "err", r)
		}
	}()
	s.withGames(func() { s.sweepLocked(now, 0) })
	s.standIns(now)
	s.fillDue(now) // public.go
}

// withGames runs f holding the tables' lock on its games, released even if
// f panics.
func (s *Tables) withGames(f func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f()
}

// SetTick sets how often the janitor looks for idle games and for seats a
// computer should stand in for (default 5 s).
func (s *Tables) SetTick(d time.Duration) { s.tick.Store(int64(d)) }

// sweepLocked evicts the games idle for long enough, and then, if fewer than
// room places are free under MaxGames, the least recently used idle games
// until there are (or no idle game is left). It reports whether there is room.
func (s *Tables) sweepLocked(now time.Time, room int) bool {
	type idle struct {
		l    *Table
		used int64
	}
	var keep []idle
	for _, l := range s.games {
		used := l.used.Load()
		age := now.Sub(time.Unix(0, used))
		l.locked(func() {
			if l.idleLocked() {
				if age >= s.IdleAfter || (age >= s.DoneAfter && l.overLocked()) {
					s.evictLocked(l)
				} else {
					keep = append(keep, idle{l, used})
				}
			}
		})
	}
	over := len(s.games) + room - s.MaxGames
	if over <= 0 {
		return true
	}
	slices.SortFunc(keep, func(a, b idle) int { return cmp.Or(cmp.Compare(a.used, b.used), cmp.Compare(a.l.id, b.l.id)) })
	for _, k := range keep {
		if over <= 0 {
			break
		}
		k.l.locked(func() {
			if k.l.idleLocked() {
				s.evictLocked(k.l)
				over--
			}
		})
	}
	return over <= 0
}

// evictLocked drops l from memory (s.mu and l.mu held).
func (s *Tables) evictLocked(l *Table) {
	l.evicted = true
	delete(s.games, l.id)
	s.dropLease(l.id) // lease.go
	s.disown(l)       // budget.go
	s.log().Debug("game unloaded", "game", l.id)
}

// unloadIfIdle evicts l at once if it is idle (a game resumed at start that
// no computer seat is to move: it is loaded again when someone asks).
func (s *Tables) unloadIfIdle(l *Table) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.evicted && s.games[l.id] == l && l.idleLocked() {
		s.evictLocked(l)
	}
}

// Games reports how many games are held in memory.
func (s *Tables) Games() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.games)
}

// Game returns the game id, loading it from the store if needed. The
// store is read and the game replayed without holding the tables' lock, so
// that loading a long game holds up no other request.
func (s *Tables) Game(ctx context.Context, id string) (*Table, error) {
	s.mu.Lock()
	l, ok := s.games[id]
	s.mu.Unlock()
	if ok {
		l.touch()
		return l, nil
	}
	st, err := s.store.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	l, err = s.restore(ctx, id, st)
	if err != nil {
		return nil, err
	}
	l.touch()
	s.withGames(func() {
		if other, ok := s.games[id]; ok { // loaded meanwhile by another request
			l = other
		} else if len(s.games) >= s.MaxGames && !s.sweepLocked(time.Now(), 1) {
			err = ErrBusy
		} else {
			s.games[id] = l
		}
	})
	if err != nil {
		return nil, err
	}
	l.touch()
	l.locked(func() {
		l.markLocked(ctx)     // keep.go
		l.loadTalkLocked(ctx) // talk.go
	})
	s.kick(l)
	return l, nil
}
