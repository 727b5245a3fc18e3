package table

import "log/slog"

// Logging: structured lines (log/slog), each about a game naming it ("game")
// and, where one is concerned, its seat ("seat"). Seat tokens never reach a
// log.

var discard = slog.New(slog.DiscardHandler)

// log is the tables' logger (Tables.Logger, or nothing).
func (s *Tables) log() *slog.Logger {
	if s.Logger == nil {
		return discard
	}
	return s.Logger
}

// log is the logger of lines about l.
func (l *Table) log() *slog.Logger { return l.srv.log().With("game", l.id) }
