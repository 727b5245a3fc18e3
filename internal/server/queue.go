package server

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/smashup/smashup/internal/engine"
)

// Computer players are fair between games: a game waiting for a computer
// seat is queued once (never dropped), a worker makes one decision of it and
// queues it again at the back, so every game moves in turn, and a few
// workers (aiWorkers) think at once, each game one decision at a time (its
// lock). Games where a person waits come before games of computer seats
// only, which play in the background with what is left.

// aiWorkers is how many computer decisions are made at once.
func aiWorkers() int { return max(2, runtime.GOMAXPROCS(0)) }

// kick asks the computer players to look at a game.
func (s *Server) kick(l *live) {
	if !l.queued.CompareAndSwap(false, true) {
		return // already waiting its turn
	}
	s.qmu.Lock()
	if l.people() {
		s.queue = append(s.queue, l)
	} else {
		s.bg = append(s.bg, l)
	}
	s.qcond.Signal()
	s.qmu.Unlock()
}

func (s *Server) aiWorker() {
	defer s.wg.Done()
	for {
		s.qmu.Lock()
		for len(s.queue) == 0 && len(s.bg) == 0 && s.ctx.Err() == nil {
			s.qcond.Wait()
		}
		if s.ctx.Err() != nil {
			s.qmu.Unlock()
			return
		}
		q := &s.queue
		if len(*q) == 0 {
			q = &s.bg
		}
		l := (*q)[0]
		(*q)[0] = nil
		*q = (*q)[1:]
		s.qmu.Unlock()
		l.queued.Store(false)
		if l.stepAI(s.ctx) {
			s.kick(l) // its next decision waits behind the other games
		}
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
func (l *live) stepAI(ctx context.Context) bool {
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
func (l *live) decideAI(ctx context.Context) bool {
	who, at, opt, think, ok := l.aiTurn()
	if hook := l.srv.afterLook; hook != nil {
		hook(l, ok)
	}
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
func (l *live) aiTurn() (who engine.Seat, at, opt int, think func() (int, error), ok bool) {
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
func (l *live) aiMove(ctx context.Context, who engine.Seat, at, opt int) bool {
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
