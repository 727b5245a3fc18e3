package engine

// Conditions a held extra play may put on the base it is played onto
// (Extra.Where). They are checked when the extra is used, not when it is
// granted: "play an extra minion on a base where you have no minions" (Outbreak)
// looks at the bases as they are at that moment.
const (
	WhereAny         uint8 = 0 // no condition
	WhereNoOwnMinion uint8 = 1 // a base where the player controls no minion
)

// extraWhereOK reports whether held extra e may be used by p onto slot.
// slot None (not yet chosen) is allowed: the caller checks each base.
func (g *Game) extraWhereOK(e *Extra, p Seat, slot BaseID) bool {
	if e.Where == WhereAny || slot == None {
		return true
	}
	switch e.Where {
	case WhereNoOwnMinion:
		return g.MinionCountAt(slot, p) == 0
	}
	return true
}
