package engine

// Who an ability acts for. An ability belongs to a player (Frame.Player, its
// "you"): that player is asked its questions, and what it does (destroy,
// move, place counters...) is credited to them, as protections, "instead"
// effects and the log see it. A few abilities are carried out, wholly or in
// part, by another player; card code says so with these operations rather
// than by writing Frame.Player.

// HandTo gives the rest of f's ability to player p: from now on p is its
// "you", is asked its questions and is credited with what it does. For an
// ability whose player is one the event names: the player who played or
// destroyed a minion at a base (Castle Blood, Crypt), whoever controlled a
// card as it left play (Nukebot).
func (f *Frame) HandTo(p Seat) { f.Player = p }

// DoneBy runs do, a part of f's ability that player p carries out: what it
// does is credited to p (each winner of a scoring doing what the base lets
// them, a player destroying one of their own minions at another's demand).
// The ability is its own player's again afterwards.
func (f *Frame) DoneBy(p Seat, do func()) {
	own := f.Player
	f.Player = p
	do()
	f.Player = own
}

// AlreadyWaiting reports whether an ability of card src has already been set
// off and waits to resolve (Game.Trigs) for an event same accepts: for an
// ability that happens once for a batch of like events ("once per card
// played", "once per player's destructions"), the trigger's When asks it.
func (g *Game) AlreadyWaiting(src CardID, same func(ev Event) bool) bool {
	for i := 0; i < int(g.NTrig); i++ {
		if t := &g.Trigs[i]; t.Src == src && same(t.Ev) {
			return true
		}
	}
	return false
}
