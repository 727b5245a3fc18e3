package table

import (
	"context"
	"slices"
	"strings"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
)

// My games from the server (docs/anyone.md): each identified person's
// seats are kept in the store (store.Seats) with whether the game waits on
// their decision, written whenever that changes (seatsLocked: after each
// move, on a change of the seats, when the game is loaded), so that every
// device of theirs lists the games waiting on them first.

// seatRowsLocked are l's rows as they are now.
func (l *Table) seatRowsLocked() []store.PlayerSeat {
	who := engine.NoSeat
	if !l.overLocked() && l.src != nil {
		who, _ = l.pending()
		if who >= 0 && (int(who) >= len(l.ais) || l.ais[who] != nil || l.autoMove(who)) {
			who = engine.NoSeat // a computer's, or one the server answers itself
		}
	}
	names := make([]string, len(l.cfg.Seats))
	for i, st := range l.cfg.Seats {
		names[i] = st.Name
	}
	var rows []store.PlayerSeat
	for i, st := range l.cfg.Seats {
		if st.Player == "" || st.Token == "" || st.Kind != Human {
			continue
		}
		rows = append(rows, store.PlayerSeat{Player: st.Player, Game: l.id, Seat: i, Token: st.Token, Names: strings.Join(names, ", "),
			Turn: engine.Seat(i) == who, Over: l.overLocked() && l.g != nil})
	}
	return rows
}

// seatsLocked writes l's rows if they changed since last written. A
// failure is logged: they are written at the next change.
func (l *Table) seatsLocked(ctx context.Context) {
	ss, _ := l.srv.store.(store.Seats)
	if ss == nil {
		return
	}
	if !l.cfg.hasPlayers() && len(l.seatRows) == 0 {
		return // nobody identified sits there, nor did: nothing to write
	}
	rows := l.seatRowsLocked()
	if slices.Equal(rows, l.seatRows) && l.seatRowsOK {
		return
	}
	if err := ss.PutSeats(ctx, l.id, rows); err != nil {
		l.log().Warn("recording the people's seats", "err", err)
		return
	}
	l.seatRows, l.seatRowsOK = rows, true
}

// hasPlayers reports whether an identified person ever held a seat of c.
func (c *Config) hasPlayers() bool {
	for _, st := range c.Seats {
		if st.Player != "" {
			return true
		}
	}
	return false
}
