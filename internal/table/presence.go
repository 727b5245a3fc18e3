package table

import (
	"time"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/wire"
)

// Seats that leave. A person's seat is away while no page of it is
// connected; every seat sees who is away. A game may name a time (the
// lobby's "stand-in" setting, Config.StandIn): once a person has been away
// that long, a computer player (normal level) makes that seat's decisions
// until the person is back, which takes the seat over again at once.

// maxStandIn is the longest stand-in time a game may set (seconds).
const maxStandIn = 3600

// presence is who is at the table (guarded by Table.mu). With a shared store
// the other instances' pages count too (lease.go): remote and remoteSeen are
// what they reported at their last heartbeat.
type presence struct {
	conns    [engine.MaxPlayers]int       // open connections of each seat, here
	seen     [engine.MaxPlayers]time.Time // when each seat was last connected (or moved), here or loaded here
	touched  [engine.MaxPlayers]time.Time // when each seat was last connected or moved here (zero: never; shared with the other instances)
	askSet   [engine.MaxPlayers]time.Time // when Table.askAll was last set (zero: never; shared)
	remote   [engine.MaxPlayers]int       // open connections of each seat on other instances
	rseen    [engine.MaxPlayers]time.Time // when each seat was last seen on another instance (zero: never)
	standing [engine.MaxPlayers]bool      // a computer plays for the seat (as last announced)
	players  [engine.MaxPlayers]ai.Player // the stand-ins, made when first needed
}

// arriveLocked and leaveLocked count a connection of seat (NoSeat: a
// spectator's).
func (l *Table) arriveLocked(seat engine.Seat, now time.Time) {
	l.watched.Add(1)
	if seat < 0 || int(seat) >= len(l.cfg.Seats) {
		return
	}
	l.pres.conns[seat]++
	l.pres.markLocked(seat, now)
	if l.pres.conns[seat] == 1 {
		l.presenceChangedLocked(now)
	}
}

func (l *Table) leaveLocked(seat engine.Seat, now time.Time) {
	l.watched.Add(-1)
	if seat < 0 || int(seat) >= len(l.cfg.Seats) {
		return
	}
	l.pres.conns[seat]--
	l.pres.markLocked(seat, now)
	if l.pres.conns[seat] == 0 {
		l.presenceChangedLocked(now)
	}
}

// markLocked notes that seat's person is at the table now (a page arrives
// or leaves, a move, a claim).
func (p *presence) markLocked(seat engine.Seat, now time.Time) {
	p.seen[seat], p.touched[seat] = now, now
}

// connsLocked counts seat's pages open on any instance.
func (p *presence) connsLocked(seat engine.Seat) int { return p.conns[seat] + p.remote[seat] }

// seenLocked is when seat was last seen at the table on any instance (or
// the game loaded here).
func (p *presence) seenLocked(seat engine.Seat) time.Time {
	if p.rseen[seat].After(p.seen[seat]) {
		return p.rseen[seat]
	}
	return p.seen[seat]
}

// awayLocked reports whether seat is a person's with no page connected.
func (l *Table) awayLocked(seat engine.Seat) bool {
	return l.cfg.Seats[seat].Kind == Human && l.pres.connsLocked(seat) == 0
}

// standsInLocked reports whether a computer is to play for seat at now.
func (l *Table) standsInLocked(seat engine.Seat, now time.Time) bool {
	if l.turnBased() { // turns.go: once a decision's time ran out, while the person is away
		return l.cfg.Seats[seat].Kind == Human && (l.overdueLocked(seat, now) || l.pres.standing[seat] && l.awayLocked(seat))
	}
	t := l.cfg.StandIn
	return t > 0 && l.awayLocked(seat) && now.Sub(l.pres.seenLocked(seat)) >= time.Duration(t)*time.Second
}

// presenceChangedLocked updates who is stood in for and tells every page,
// reporting whether anything changed.
func (l *Table) presenceChangedLocked(now time.Time) bool {
	changed := false
	for seat := range l.seats() {
		if si := l.standsInLocked(seat, now); si != l.pres.standing[seat] {
			l.pres.standing[seat] = si
			changed = true
			p := int(seat)
			if si {
				l.log().Info("a computer stands in", "seat", p)
				l.tell(wire.Event{Kind: "stand-in", Player: &p})
			} else {
				l.log().Info("back at the table", "seat", p)
				l.tell(wire.Event{Kind: "back", Player: &p})
			}
		}
	}
	l.broadcastLocked()
	return changed
}

// standInLocked returns the computer player standing in for seat now, or nil.
func (l *Table) standInLocked(seat engine.Seat) ai.Player {
	if !l.pres.standing[seat] {
		return nil
	}
	if l.pres.players[seat] == nil {
		p, _ := ai.New(Greedy, SubSeed(l.cfg.Setup.Seed, "stand-in", uint64(seat)))
		l.pres.players[seat] = p
	}
	return l.pres.players[seat]
}

// standIns starts the stand-ins whose time has come, in every game in memory.
func (s *Tables) standIns(now time.Time) {
	s.mu.Lock()
	ls := make([]*Table, 0, len(s.games))
	for _, l := range s.games {
		if l.cfg.StandIn > 0 || l.turnBased() {
			ls = append(ls, l)
		}
	}
	s.mu.Unlock()
	for _, l := range ls {
		changed := false
		l.locked(func() {
			for seat := range l.seats() {
				if l.standsInLocked(seat, now) != l.pres.standing[seat] {
					changed = true
				}
			}
			if changed {
				l.presenceChangedLocked(now)
			}
		})
		if changed {
			s.kick(l)
		}
	}
}
