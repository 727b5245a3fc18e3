package engine

// +1 power counters: placing them is PlaceCounters (ops.go); this file adds
// removing and transferring them. Every change affects the card the counter
// is on, so protections (AffCounter) are checked for each card involved.

// CountersOn returns the number of +1 power counters on card c.
func (g *Game) CountersOn(c CardID) int { return int(g.Cards[c].Counters) }

// RemoveCounters takes up to n +1 power counters off card c (in play) for
// f's ability and returns how many were removed (0 when protected).
func (g *Game) RemoveCounters(f *Frame, c CardID, n int) int {
	if !g.InPlay(c) || n <= 0 || g.Cards[c].Counters <= 0 {
		return 0
	}
	if !g.affect(f, c, AffCounter) {
		return 0
	}
	if n > int(g.Cards[c].Counters) {
		n = int(g.Cards[c].Counters)
	}
	g.Cards[c].Counters -= int8(n)
	g.emit(Event{Kind: EvCounter, Player: f.Player, Card: c, Base: g.Cards[c].Base, Num: int16(-n)})
	return n
}

// TransferCounters moves up to n +1 power counters from card from to card to
// (both in play) and returns how many left from. When to cannot be affected,
// the counters taken from from are discarded (rules: Transfer).
func (g *Game) TransferCounters(f *Frame, from, to CardID, n int) int {
	if from == to || !g.InPlay(to) {
		return 0
	}
	n = g.RemoveCounters(f, from, n)
	if n == 0 {
		return 0
	}
	if !g.affect(f, to, AffCounter) {
		return n
	}
	g.Cards[to].Counters += int8(n)
	g.emit(Event{Kind: EvCounter, Player: f.Player, Card: to, Base: g.Cards[to].Base, Num: int16(n), Other: int16(from)})
	return n
}

// TotalCounters returns the number of +1 power counters on the minions p controls.
func (g *Game) TotalCounters(p Seat) int {
	n := 0
	for _, m := range g.Minions(p) {
		n += int(g.Cards[m].Counters)
	}
	return n
}
