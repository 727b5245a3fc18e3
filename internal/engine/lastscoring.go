package engine

// The last scoring: abilities that happen after a base has scored and left
// play (Tortuga: "after this base has been replaced, the runner-up...") need
// the places as they were awarded. The engine records them when VP are awarded.

// ScoreRecord is the outcome of the most recent base scoring.
type ScoreRecord struct {
	Base  CardID           // the base card that scored, or None
	Slot  int8             // the slot it occupied
	Place [MaxPlayers]int8 // each player's place there (1..3), 0 for none
}

func (g *Game) recordScore(s BaseID, base CardID, places [MaxPlayers]int) {
	g.LastScore.Base = base
	g.LastScore.Slot = int8(s)
	for p := range places {
		g.LastScore.Place[p] = int8(places[p])
	}
}

// ScoredPlace returns player p's place (1..3, 0 for none) at the most recent
// scoring of base card b; ok is false when b is not the base that scored last.
func (g *Game) ScoredPlace(b CardID, p Seat) (place int, ok bool) {
	if g.LastScore.Base != b || b < 0 {
		return 0, false
	}
	return int(g.LastScore.Place[p]), true
}
