package table

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/engine"
)

// Seat settings: preferences a person sets for their own seat. They are kept
// in memory with the game (a page sends its stored preferences again when it
// connects), and change nothing of the game's record.

// SetAskEveryWindow sets whether seat's person is asked in every Me First
// window, even with nothing to play (askAll), shares it with the other
// instances (the one answering for this seat asks it: lease.go), and
// returns seat's message.
func (l *Table) SetAskEveryWindow(ctx context.Context, seat engine.Seat, askAll bool) Message {
	l.locked(func() { l.askAll[seat], l.pres.askSet[seat] = askAll, time.Now() })
	l.srv.SharePresence(ctx, l)
	m := l.Message(seat)
	l.srv.kick(l) // it may be this seat's turn to pass now
	return m
}

// autoMove reports whether the pending decision is one the server takes for
// seat on its own: a question with no real choice (engine.RuleStopNoChoice),
// or a Me First window with nothing to play but pass, for a person who did
// not ask to be asked in every window.
func (l *Table) autoMove(seat engine.Seat) bool {
	if l.src == nil || seat < 0 || int(seat) >= len(l.askAll) || l.cfg.Sandbox != nil { // a sandbox's page answers everything
		return false
	}
	noChoice, passOnly := l.src.forced()
	if noChoice {
		return !l.manual || l.ais[seat] != nil
	}
	return !l.askAll[seat] && passOnly
}

// readyAnswer is an answer the server has made for the decision of move at
// (a computer seat's, or a pass for a person), held until its pause is over.
type readyAnswer struct {
	at, opt int
	ok      bool
	release time.Time // when it reaches the table
}

// Nothing is told by the clock (issue 33). When a person sits at the table,
// every answer the server makes reaches it at a time set when the question
// is first looked at, before anyone thinks (scheduleLocked):
//
//   - a computer seat's at AnswerPause after the question was asked (twice
//     that for max, whose search is given until then: Search.Limit), so how
//     soon it answers tells nothing of whether it held something usable or
//     had a real choice; only a machine too loaded to think in time makes it
//     later;
//   - a person's (a Me First window with nothing to play, a question with no
//     real choice) after a time drawn from that person's own answers to such
//     decisions in this game (answerTimes), so that the server's answers for
//     them come as their own real answers do: by the clock, nobody can tell
//     one from the other. Until the person has answered a few, the time is
//     drawn between one and four pauses, and it is never more than four.

// schedule is when the server's answer to the decision of move at reaches
// the table (see above).
type schedule struct {
	at      int
	ok      bool
	release time.Time
}

// scheduleLocked returns when the server's answer to the decision of move
// at, seat who's, reaches the table: fixed the first time it is asked for.
// person: the server answers for a person (autoMove); else p is the computer
// player that answers.
func (l *Table) scheduleLocked(at int, who engine.Seat, person bool, p ai.Player) time.Time {
	if l.due.ok && l.due.at == at {
		return l.due.release
	}
	pause := l.srv.AnswerPause
	release := l.asked
	switch {
	case pause <= 0 || !l.people():
	case person:
		release = l.asked.Add(l.answers[who].draw(l.decisionClassLocked(), pause))
	default:
		release = l.asked.Add(computerPause(p, pause))
	}
	l.due = schedule{at: at, ok: true, release: release}
	return release
}

// computerPause is how long after a question computer player p's answer
// reaches a table with people: the pause, twice it for max.
func computerPause(p ai.Player, pause time.Duration) time.Duration {
	if p != nil && p.Name() == "max" {
		return 2 * pause
	}
	return pause
}

// thinkMargin is the time left between a computer's thinking and the
// release of its answer, to make the move and send it.
const thinkMargin = 50 * time.Millisecond

// decision classes whose answers the server may make for a person
const (
	classWindow = iota // a Me First window
	classChoice        // a question while something resolves
	classes
)

// decisionClassLocked is the class of the pending decision (-1: one the
// server never answers for a person: the Play Cards phase, the draft).
func (l *Table) decisionClassLocked() int {
	if _, drafting := l.src.(*draftSource); drafting || l.g == nil || !l.g.Pending.Active {
		return -1
	}
	switch {
	case l.g.InWindow():
		return classWindow
	case l.g.MainDecision():
		return -1
	}
	return classChoice
}

// answerTimes keeps how long a person took to answer decisions of each
// class, the latest few.
type answerTimes struct {
	d [classes][answerMemory]time.Duration
	n [classes]int
}

// answerMemory is how many of a person's answer times are kept per class;
// answerPrior how many are needed before they are drawn from.
const (
	answerMemory = 32
	answerPrior  = 4
)

// add records that the person answered a decision of class c after d.
func (a *answerTimes) add(c int, d time.Duration) {
	if c < 0 || c >= classes {
		return
	}
	a.d[c][a.n[c]%answerMemory] = d
	a.n[c]++
}

// draw returns a time to answer a decision of class c for the person: one
// of their own recent answer times to such decisions, or, before they have
// made enough, a time between one and four pauses; never more than four
// pauses, so that nobody waits long for a question without a real choice.
// (A person who thinks longer than that over a real choice is seen
// thinking, as at a table.)
func (a *answerTimes) draw(c int, pause time.Duration) time.Duration {
	if c < 0 || c >= classes || a.n[c] < answerPrior {
		return pause + rand.N(3*pause)
	}
	return min(a.d[c][rand.N(min(a.n[c], answerMemory))], 4*pause)
}

// holdAnswerLocked reports whether the server's answer opt to the decision
// of move at must wait before it reaches the table (scheduleLocked), and
// then keeps it and sets a wake-up for when it may.
func (l *Table) holdAnswerLocked(at, opt int) bool {
	now := time.Now()
	if !l.ready.ok || l.ready.at != at {
		release := now
		if l.due.ok && l.due.at == at {
			release = l.due.release
		}
		l.ready = readyAnswer{at: at, opt: opt, ok: true, release: release}
	}
	wait := l.ready.release.Sub(now)
	if wait <= 0 {
		return false
	}
	time.AfterFunc(wait, func() { l.releaseReady(at) })
	return true
}

// releaseReady makes the answer the server holds for the decision of move
// at, once it is due, at once: it needs no worker (its thinking is done),
// so that no other game's thinking delays it. That matters most for a
// person's answers: theirs come straight from their page, and the server's
// for them must come as promptly.
func (l *Table) releaseReady(at int) {
	var who engine.Seat
	var opt int
	ready := false
	l.locked(func() {
		if ready = l.ready.ok && l.ready.at == at && len(l.moves) == at; ready {
			who, _ = l.pending()
			opt = l.ready.opt
		}
	})
	if ready && l.aiMove(l.srv.ctx, who, at, opt) {
		l.srv.kick(l) // the next decision may be a computer's
	}
}

// planLocked holds the server's answer for a person the moment the decision
// is put (moveLocked), rather than when a worker first looks at the game,
// which may be late on a busy server: a pass in a Me First window with
// nothing to play, an answer without a real choice.
func (l *Table) planLocked() {
	who, _ := l.pending()
	if who == engine.NoSeat || int(who) >= len(l.ais) || l.ais[who] != nil || l.pres.standing[who] ||
		l.srv.AnswerPause <= 0 || !l.people() || !l.autoMove(who) {
		return
	}
	at := len(l.moves)
	l.scheduleLocked(at, who, true, nil)
	l.holdAnswerLocked(at, 0)
}
