package ai

import "github.com/smashup/smashup/internal/engine"

// loopGuard stops a computer player from repeating the same choice forever.
// Some abilities may be used again and again in one window (Finist the
// Falcon moves to the scoring base, returns and is played elsewhere, and may
// move back); a player that judges each step a gain would never pass. After
// the same answer to the same question several times in one turn, the guard
// declines instead when it can.
type loopGuard struct {
	turn  int16
	count map[uint64]int
}

// limit is how often the same answer to the same question is allowed per turn.
const loopLimit = 4

// decide is the guarded choice of a computer player: choose picks when v's
// decision has two options or more, and the only option is taken otherwise
// (the guard counts it all the same).
func (l *loopGuard) decide(g *engine.Game, v *engine.View, choose func(*engine.Game, *engine.View) int) int {
	if d := v.Decision; d == nil || len(d.Options) <= 1 {
		return l.check(g, 0)
	}
	return l.check(g, choose(g, v))
}

// check returns choice, or the decline option when choice has been made too often this turn.
func (l *loopGuard) check(g *engine.Game, choice int) int {
	if choice < 0 || choice >= int(g.Pending.N) {
		return choice
	}
	if l.count == nil || l.turn != g.Turn {
		l.turn, l.count = g.Turn, map[uint64]int{}
	}
	k := optKey(g.Pending.Opts[choice]) ^ uint64(uint16(g.Pending.Prompt))
	l.count[k]++
	if l.count[k] <= loopLimit {
		return choice
	}
	for i := 0; i < int(g.Pending.N); i++ {
		if kd := g.Pending.Opts[i].Kind; kd == engine.OptPass || kd == engine.OptNo {
			return i
		}
	}
	return choice
}
