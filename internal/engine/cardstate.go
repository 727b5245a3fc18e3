package engine

// Small pieces of card state that abilities change, through these operations
// only: code outside the engine never writes the game's fields (see
// TestOnlyTheEngineWritesState).

// UseOnce records that card c's once-only ability (once a turn, or once a
// scoring) has been used; UsedOnce then reports it until the turn ends.
func (g *Game) UseOnce(c CardID) { g.markTurn(c, FUsedSpecial) }

// UsedOnce reports whether card c's once-only ability has been used this turn.
func (g *Game) UsedOnce(c CardID) bool { return g.Cards[c].Flags&FUsedSpecial != 0 }

// UseShinobiAt records that a Shinobi has been played at the base in slot s
// for its scoring; ShinobiUsedAt reports it until the turn ends.
func (g *Game) UseShinobiAt(s BaseID) { g.Bases[s].Flags |= BShinobiUsed }

// ShinobiUsedAt reports whether a Shinobi has been played at slot s.
func (g *Game) ShinobiUsedAt(s BaseID) bool { return g.Bases[s].Flags&BShinobiUsed != 0 }

// SetNote keeps a small value on card c that its ability needs later (a
// named faction, a base slot); Note reads it. It stays while the card stays
// where it is.
func (g *Game) SetNote(c CardID, v int) { g.Cards[c].Note = int8(v) }

// Note returns the value SetNote kept on card c (0 when none).
func (g *Game) Note(c CardID) int { return int(g.Cards[c].Note) }

// MoveCountersToTitan takes n +1 power counters off minion m and puts them
// on titan t (set aside), as titans that feed on counters do.
func (g *Game) MoveCountersToTitan(m, t CardID, n int) {
	n = min(n, int(g.Cards[m].Counters))
	if n <= 0 {
		return
	}
	g.Cards[m].Counters -= int8(n)
	g.PutCounterAside(t, n)
}

// MoveActionToBase moves action a (in play on a base) to the base in slot s.
// It is moved, not played: nothing it does when played happens again.
func (g *Game) MoveActionToBase(a CardID, s BaseID) { g.Cards[a].Base = s }

// AttachActionTo moves action a (in play) onto minion m, at m's base.
func (g *Game) AttachActionTo(a, m CardID) {
	g.Cards[a].On = m
	g.Cards[a].Base = g.BaseOf(m)
}

// HoldActionAside detaches action a from its minion and keeps it in play
// while the minion goes (The Frog Princess); AttachActionTo puts it back.
func (g *Game) HoldActionAside(a CardID) { g.Cards[a].On = None }

// BreakAtPhase makes the game pause when phase ph next begins, and
// BreakAtTurn when player p's turn next begins (either replaces the other),
// for tools that step through a game (scenarios); ClearBreak ends both.
func (g *Game) BreakAtPhase(ph Phase) { g.BreakPhase, g.BreakTurn = int8(ph), None }

// BreakAtTurn: see BreakAtPhase.
func (g *Game) BreakAtTurn(p Seat) { g.BreakPhase, g.BreakTurn = None, p }
