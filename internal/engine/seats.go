package engine

// Seat order: players in clockwise order around the table.

// SeatAfter returns the player k seats clockwise from p (k may be any
// count: it wraps around the table).
func (g *Game) SeatAfter(p Seat, k int) Seat {
	return Seat((int(p) + k) % int(g.NPlayers))
}

// Others returns every player but p, clockwise from p's left.
func (g *Game) Others(p Seat) []Seat {
	out := make([]Seat, 0, g.NPlayers-1)
	for i := 1; i < int(g.NPlayers); i++ {
		out = append(out, g.SeatAfter(p, i))
	}
	return out
}

// PlayersFrom returns every player clockwise starting with p.
func (g *Game) PlayersFrom(p Seat) []Seat {
	out := make([]Seat, 0, g.NPlayers)
	for i := range g.NPlayers {
		out = append(out, g.SeatAfter(p, int(i)))
	}
	return out
}
