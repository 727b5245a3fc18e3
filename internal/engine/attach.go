package engine

// Actions that move on when their minion leaves play (Bewitched), and
// attaching an action to a minion directly (transfer).

var fnHostLeftCleanup int16

func init() { fnHostLeftCleanup = regProc(hostLeftCleanupProc, causeNone) }

// transferOnLeave handles attached action a whose minion is leaving play: when
// its definition has HostLeaves, a is set aside and the ability is scheduled.
func (g *Game) transferOnLeave(a CardID) bool {
	d := g.def(a)
	if d.HostLeaves == nil {
		return false
	}
	ctrl := g.Cards[a].Ctrl
	g.removeEffectsOn(a)
	g.put(a, ZSetAside, ctrl)
	g.resolve(d.hostLeavesFn, ctrl, a, None, None)
	g.push(fnHostLeftCleanup, ctrl, a, None, a)
	return true
}

func hostLeftCleanupProc(g *Game, f *Frame) {
	if c := f.Target; g.Cards[c].Zone == ZSetAside {
		g.DiscardCard(c)
	}
}

// AttachTo puts action a (set aside or in play) onto minion m in play, on behalf
// of f's ability. It reports whether it did (m may be protected from it).
func (g *Game) AttachTo(f *Frame, a, m CardID) bool {
	if !g.InPlay(m) || !g.IsMinion(m) || !g.affect(f, m, AffAttach) {
		return false
	}
	cd := &g.Cards[a]
	g.setZone(a, ZInPlay)
	cd.On = m
	cd.Base = g.Cards[m].Base
	cd.Pos = g.nextPos()
	return true
}
