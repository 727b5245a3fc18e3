package table

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/smashup/smashup/internal/engine"
)

// Computer players are fair between people: a game waiting for a computer
// seat is queued once (never dropped), a worker makes one decision of it and
// queues it again at the back, so every game moves in turn, and a few
// workers (aiWorkers) think at once, each game one decision at a time (its
// lock).
//
// Turns are taken between owners, the client address that created a game
// (Table.owner), not between games: twelve games of one address get one
// turn when another address's one game gets one, so a stranger running as
// many games as the limits let it (issue 33) takes one share of the
// thinking, not twelve. And one owner's games are decided by at most
// perOwner workers at once: a max decision takes a while, and no worker can
// be taken from it, so the workers it may not hold stay free for everyone
// else's games, which get one at once. A game whose owner is not known (made
// before the server started, loaded again from the store) is its own owner.
//
// Within that, a game whose table is watched (a page connected: presence.go)
// where a person plays comes first, then other games with a person (played
// through the API, or left) and all-computer games someone watches, then the
// all-computer games nobody watches, which play with what is left.

// aiWorkers is how many computer decisions are made at once.
func aiWorkers() int { return max(2, runtime.GOMAXPROCS(0)) }

// perOwner is how many workers may decide for one owner's games at once:
// half of them, so that another owner's game always finds one free.
func perOwner(workers int) int { return max(1, workers/2) }

// Tiers of the queue, first served first (see above).
const (
	tierWatched = iota // a person plays, a page is connected
	tierPeople         // a person plays through the API or has left; or a spectator watches computers
	tierIdle           // only computers, and nobody watches
	tiers
)

// tier is where l waits its turn now.
func (l *Table) tier() int {
	watched := l.watched.Load() > 0
	switch {
	case l.people() && watched:
		return tierWatched
	case l.people() || watched:
		return tierPeople
	}
	return tierIdle
}

// ownerOf is the key l takes turns by.
func (l *Table) ownerOf() string {
	if l.owner == "" {
		return "game " + l.id
	}
	return "addr " + l.owner
}

// runQueue is the games waiting for a worker (guarded by Tables.qmu): for
// each tier, the owners with games waiting, in turn, each with its games
// in order.
type runQueue struct {
	owners map[string]*owner
	turns  [tiers][]*owner
}

type owner struct {
	key   string
	games [tiers][]*Table
	busy  int // workers deciding for its games now
}

func (q *runQueue) push(l *Table) {
	if q.owners == nil {
		q.owners = map[string]*owner{}
	}
	k := l.ownerOf()
	o := q.owners[k]
	if o == nil {
		o = &owner{key: k}
		q.owners[k] = o
	}
	t := l.tier()
	if len(o.games[t]) == 0 {
		q.turns[t] = append(q.turns[t], o)
	}
	o.games[t] = append(o.games[t], l)
}

// pop takes the next game a worker may decide for, nil if none: the first
// tier's first owner in turn below its share of workers, whose turn then
// goes to the back.
func (q *runQueue) pop(share int) (*Table, *owner) {
	for t := range q.turns {
		turns := q.turns[t]
		for i, o := range turns {
			if o.busy >= share {
				continue
			}
			l := o.games[t][0]
			o.games[t][0] = nil
			o.games[t] = o.games[t][1:]
			copy(turns[i:], turns[i+1:])
			turns[len(turns)-1] = nil
			turns = turns[:len(turns)-1]
			if len(o.games[t]) > 0 {
				turns = append(turns, o) // its next game after the others' turns
			} else {
				o.games[t] = nil
			}
			q.turns[t] = turns
			o.busy++
			return l, o
		}
	}
	return nil, nil
}

// done gives back o's worker.
func (q *runQueue) done(o *owner) {
	o.busy--
	if o.busy == 0 && o.idle() {
		delete(q.owners, o.key)
	}
}

func (o *owner) idle() bool {
	for _, g := range o.games {
		if len(g) > 0 {
			return false
		}
	}
	return true
}

// kick asks the computer players to look at a game.
func (s *Tables) kick(l *Table) {
	if !l.queued.CompareAndSwap(false, true) {
		return // already waiting its turn
	}
	s.qmu.Lock()
	s.queue.push(l)
	s.qcond.Signal()
	s.qmu.Unlock()
}

func (s *Tables) aiWorker() {
	defer s.wg.Done()
	share := perOwner(aiWorkers())
	s.qmu.Lock()
	defer s.qmu.Unlock()
	for {
		var l *Table
		var o *owner
		for s.ctx.Err() == nil {
			if l, o = s.queue.pop(share); l != nil {
				break
			}
			s.qcond.Wait()
		}
		if s.ctx.Err() != nil {
			return
		}
		s.qmu.Unlock()
		l.queued.Store(false)
		if l.stepAI(s.ctx) {
			s.kick(l) // its next decision waits behind the other games
		}
		s.qmu.Lock()
		s.queue.done(o)
		s.qcond.Signal() // a game of o's may wait for the worker it gave back
	}
}

// stepAI makes one computer move if a computer seat is to decide. It reports
// whether it moved.
//
// One worker decides for a game at a time (thinking). A worker asked to look
// at a game while another decides for it leaves a note (again) and goes;
// the deciding worker reads the note once it has let go, and looks again.
// The note is left before trying and read after letting go, so that no
// request to look is ever lost between the two (issue 33: a person's move,
// or an answer's pause running out, that came while a worker was done
// looking but had not yet let go was dropped, and the game waited until
// some other request woke it).
func (l *Table) stepAI(ctx context.Context) bool {
	l.again.Store(true)
	for l.thinking.CompareAndSwap(false, true) {
		l.again.Store(false)
		moved := l.decideAI(ctx)
		l.thinking.Store(false)
		if moved {
			return true // looked at again after the other games (aiWorker)
		}
		if !l.again.Load() {
			return false
		}
	}
	return false // the worker deciding for this game reads the note
}

// decideAI is stepAI's work, by the one worker deciding for the game.
func (l *Table) decideAI(ctx context.Context) bool {
	if !l.srv.mayAnswer(ctx, l) { // another instance makes this game's answers (lease.go)
		return false
	}
	who, at, opt, think, ok := l.aiTurn()
	if hook := l.srv.afterLook; hook != nil {
		hook(l, ok)
	}
	if !ok {
		return false
	}
	if think != nil {
		var err error
		start := time.Now()
		opt, err = think()
		l.srv.thought(l, who, time.Since(start)) // (metrics.go: OnThought)
		if err != nil {
			// a computer player's bug stops its game only
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
func (l *Table) aiTurn() (who engine.Seat, at, opt int, think func() (int, error), ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	who, _ = l.pending()
	if who == engine.NoSeat || l.broken != nil || l.rec.foreign != "" {
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
		l.scheduleLocked(at, who, p == nil, p) // for a person, or a computer (at its own pace)
		return who, at, 0, nil, true           // the pass, the only option
	case p == nil:
		return
	}
	// the answer's time is set before thinking starts, and the thinking is
	// given until then (settings.go)
	release := l.scheduleLocked(at, who, false, p)
	limit := time.Duration(0) // no people: think the whole budget
	if l.srv.AnswerPause > 0 && l.people() {
		limit = max(time.Millisecond, time.Until(release)-thinkMargin)
	}
	opt, think = l.src.computer(p, who, at, l.cfg.Setup.Seed, limit)
	return who, at, opt, think, true
}

// aiMove plays opt for seat who at move at, unless the game has moved on
// meanwhile; if the option fails (a card's bug), any other that works.
func (l *Table) aiMove(ctx context.Context, who engine.Seat, at, opt int) bool {
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
	standIn := l.ais[who] == nil && l.pres.standing[who]
	if err := l.moveLocked(ctx, who, at, opt); err != nil {
		if errors.Is(err, ErrStale) { // stored first by another instance, which holds the game's lease now
			l.log().Warn("a server-made answer lost the race for its move number: another instance made it", "move", at, "seat", int(who))
			return true // look again
		}
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
	if hook := l.srv.AfterStandIn; hook != nil && standIn {
		hook(l, who, at)
	}
	l.broadcastLocked()
	return true
}

// PeopleWait reports whether a game with people (or someone watching)
// waits for a computer's move: background work (the server's reviews)
// steps aside meanwhile.
func (s *Tables) PeopleWait() bool {
	s.qmu.Lock()
	defer s.qmu.Unlock()
	return len(s.queue.turns[tierWatched])+len(s.queue.turns[tierPeople]) > 0
}
