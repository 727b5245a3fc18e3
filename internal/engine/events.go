package engine

// Events: everything that happens is recorded as an event (the log every
// seat reads, through its own view) and may set off triggered abilities.

// emit records an event and queues the triggered abilities it sets off.
// Its Cause is the cause of the step running (the ability resolving: see
// Game.push), None outside any step.
func (g *Game) emit(ev Event) {
	if g.unheard(ev.Kind) {
		g.EvSeq++
		return
	}
	g.emitCaused(ev, g.runningCause())
}

// SetQuiet makes g a game whose log no one reads (a simulated game, a
// playout, a search's copy; copies of it are quiet too): events are then
// recorded only as far as the rules use them, and so faster. An event is
// still numbered (EvSeq) and sets off what it sets off; what is left out
// is what only views read: the ring of recent events (Events, EvInc), who
// may see each event's cards, and the incarnations that make the public
// ids (Card.Inc, IncCard; ids.go). Those of a quiet game mean nothing: do
// not show it.
func (g *Game) SetQuiet() { g.Quiet = true }

// unheard reports whether an event of kind k would change nothing that is
// read: the game is quiet and no card of it may trigger on (mayTrigger) or
// answer the kind (a question asked, a phase beginning, a log line; an event
// no card in play listens for).
func (g *Game) unheard(k EventKind) bool {
	return g.Quiet && !g.mayTrigger(k) && !(kindIn(&answerKinds, k) && g.SpecialWins&(1<<WinAnswer) != 0)
}

// mayTrigger reports whether some card may trigger on an event of kind k
// now: a card of the game triggers on it (TrigKinds) from outside play
// (OffKinds), or a card in play or base in play does (PlayTrigMask), or a
// base is lent (its card is live, but not in play). Otherwise the event
// reaches no card (collectTriggers).
func (g *Game) mayTrigger(k EventKind) bool {
	return kindIn(&g.TrigKinds, k) && (g.PlayTrigMask&(1<<k) != 0 || g.Lent != 0 || kindIn(&g.OffKinds, k))
}

// emitCaused is emit naming cause (None: none) as the event's cause.
func (g *Game) emitCaused(ev Event, cause CardID) {
	g.EvSeq++
	ev.Seq = g.EvSeq
	ev.Cause = cause
	if !g.Quiet {
		ev.Vis, ev.OVis, ev.CVis = g.audience(ev)
		causeInc := g.incOf(ev.Cause)
		if r := int(g.Running); r > 0 && r <= int(g.NFrames) && ev.Cause >= 0 {
			// the cause as those who saw the ability begin saw it (Frame.CauseVis)
			if f := &g.Frames[r-1]; f.Cause == ev.Cause && f.CauseVis&^ev.CVis != 0 {
				ev.CVis |= f.CauseVis
				causeInc = f.CauseInc
			}
		}
		g.Events[int(g.EvSeq)%MaxEvents] = ev
		g.EvInc[int(g.EvSeq)%MaxEvents] = [3]uint8{g.incOf(ev.Card), g.incOf(CardID(ev.Other)), causeInc}
		if ev.Kind == EvLook || ev.Kind == EvReveal {
			g.shown(ev.Card)
		}
	}
	g.collectTriggers(ev)
	if kindIn(&answerKinds, ev.Kind) && g.SpecialWins&(1<<WinAnswer) != 0 {
		g.queueAnswer(ev) // reactions.go
	}
}

// Emit records an event on behalf of card code; its Cause is the ability
// resolving (whatever ev.Cause says).
func (g *Game) Emit(ev Event) { g.emit(ev) }

// Log records a line of the log about player p: text is a template whose
// {} stand for up to two cards, named to the seats that may see them.
func (g *Game) Log(p Seat, text Prompt, cards ...CardID) {
	if g.unheard(EvText) {
		g.EvSeq++
		return
	}
	ev := Event{Kind: EvText, Player: p, Num: int16(Text(string(text))), Card: None, Other: None, Base: None}
	switch len(cards) {
	case 2:
		ev.Other = int16(cards[1])
		fallthrough
	case 1:
		ev.Card = cards[0]
	case 0:
	default:
		panic("engine: Log names at most two cards")
	}
	g.emit(ev)
}

// RecentEvents returns the events with sequence number greater than after (at most MaxEvents).
func (g *Game) RecentEvents(after int32) []Event {
	var out []Event
	lo := g.EvSeq - MaxEvents + 1
	if after+1 > lo {
		lo = after + 1
	}
	for s := lo; s <= g.EvSeq; s++ {
		if s <= 0 {
			continue
		}
		out = append(out, g.Events[int(s)%MaxEvents])
	}
	return out
}
