package engine

// Me First: priority windows, in which each player in turn may play a
// Special (or pass) before something happens.

// windowProc: V0 = window, Base = slot, V1 = players asked so far, V2 = passes in a row.
func windowProc(g *Game, f *Frame) {
	switch f.Step {
	case 0:
		if g.drainFirst(f) {
			return
		}
		n := g.NPlayers
		if int(f.V[2]) >= int(n) {
			return
		}
		p := g.SeatAfter(g.Current, int(f.V[1]))
		g.BeginAsk()
		g.specialOptions(p, Window(f.V[0]), f.Base)
		if g.Pending.N == 0 && !g.askEveryone(Window(f.V[0])) {
			f.V[2]++
			f.V[1]++
			f.Goto(0)
			return
		}
		f.V[5] = int16(p)
		g.Ask(f, p, windowPrompt(Window(f.V[0])), AskMay|g.askFlags(Window(f.V[0])))
	case 1:
		p := Seat(f.V[5])
		if g.takeWindowOption(f, p, Window(f.V[0]), f.Base) {
			f.V[2] = 0
		} else {
			f.V[2]++
		}
		f.V[1]++
		f.Goto(0)
	}
}

// With RuleAskAll, a Me First window asks every player in turn, as at the
// table, whether or not they hold something they could use: being asked, and
// even the window opening, then depend on no one's hand. It opens whenever
// some card of the game has a Special for it (public: the factions are).
// Without it (scenarios), a window opens only when someone could respond,
// and only those players are asked.

// windowOpens reports whether a Me First window of kind w opens now.
func (g *Game) windowOpens(w Window) bool {
	if g.Options&RuleAskAll != 0 {
		return g.SpecialWins&(1<<w) != 0
	}
	return g.anySpecialFor(w)
}

// askEveryone reports whether window w asks players with nothing to play.
func (g *Game) askEveryone(w Window) bool {
	return g.Options&RuleAskAll != 0 && g.SpecialWins&(1<<w) != 0
}

// askFlags: a player asked with nothing to play is asked all the same.
func (g *Game) askFlags(w Window) int {
	if g.askEveryone(w) {
		return AskAlways
	}
	return 0
}

// WindowPassOnly reports whether the pending decision is a Me First window
// in which its decider has nothing to do but pass (RuleAskAll). An interface
// may pass for a person who asked it to (revealing that they had nothing).
func (g *Game) WindowPassOnly() bool {
	if !g.Pending.Active || g.Pending.N != 1 || g.Pending.Opts[0].Kind != OptPass {
		return false
	}
	fi := int(g.Pending.Frame)
	return fi >= 0 && fi < int(g.NFrames) && (g.Frames[fi].Fn == fnWindow || g.Frames[fi].Fn == fnReact)
}

func windowPrompt(w Window) Prompt {
	switch w {
	case WinBeforeScore:
		return "A base is about to score: play or use a Special, or pass"
	case WinAfterScore:
		return "A base has scored: play or use a Special, or pass"
	case WinAfterPlay:
		return "A card was played: respond with a Special, or pass"
	case WinGainVP:
		return "VP were gained: respond with a Special, or pass"
	}
	return "Play or use a Special, or pass"
}

// OpenWindow schedules a Me First window.
func (g *Game) OpenWindow(w Window, slot BaseID) {
	wf := g.push(fnWindow, g.Current, None, slot, None)
	wf.V[0] = int16(w)
}
