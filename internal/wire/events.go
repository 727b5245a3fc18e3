package wire

import (
	"github.com/smashup/smashup/internal/engine"
)

var placeZones = map[int16]string{engine.PlaceDeckBottom: "deck-bottom", engine.PlaceDeckTop: "deck-top", engine.PlaceHand: "hand"}

// eventKinds are the wire names of the engine's events worth telling; the
// others (bookkeeping such as a card leaving play, told by the event that
// moved it) are left out, for every seat alike.
var eventKinds = map[engine.EventKind]string{
	engine.EvTurnStart:     "turn-start",
	engine.EvTurnEnd:       "turn-end",
	engine.EvPlay:          "play",
	engine.EvDestroy:       "destroy",
	engine.EvMove:          "move",
	engine.EvReturn:        "return",
	engine.EvDiscard:       "discard",
	engine.EvDraw:          "draw",
	engine.EvVP:            "vp",
	engine.EvScoringChosen: "scoring",
	engine.EvAward:         "award",
	engine.EvScore:         "scored",
	engine.EvBaseReplaced:  "base-replaced",
	engine.EvShuffle:       "shuffle",
	engine.EvCounter:       "counters",
	engine.EvPlace:         "place",
	engine.EvGameOver:      "game-over",
	engine.EvReveal:        "reveal",
	engine.EvText:          "note",
	engine.EvControl:       "control",
	engine.EvMinionPlaced:  "placed",
	engine.EvGive:          "give",
	engine.EvLook:          "look",
	engine.EvCancel:        "cancel",
	engine.EvControlEnd:    "control-end",
	engine.EvPhase:         "phase",
	engine.EvAsked:         "asked",
	engine.EvTake:          "take",
}

// takeZones are the wire names of the zones a card is taken into a hand from.
var takeZones = map[engine.Zone]string{engine.ZDeck: "deck", engine.ZDiscard: "discard", engine.ZSetAside: "set-aside"}

// Told reports whether event ev is told on the wire at all, given the
// event before it (prev): bookkeeping events are not, nor the VP gain that
// repeats the award just told. The answer is the same for every seat.
func Told(ev, prev engine.Event) bool {
	if _, ok := eventKinds[ev.Kind]; !ok {
		return false
	}
	if ev.Kind == engine.EvVP && prev.Kind == engine.EvAward && prev.Player == ev.Player && prev.VP() == ev.VP() {
		return false
	}
	return true
}

// EventOf converts one engine event as seat may see it (engine.EventView
// has already hidden what it may not know) into a wire event numbered seq.
// Call it only for events that are Told, right after the move that made
// them (bases are named as they are then).
func EventOf(g *engine.Game, seat engine.Seat, e engine.EventView, seq int) Event {
	w := Event{Seq: seq, Kind: eventKinds[e.Kind], Player: seatPtr(e.Player)}
	ref := func(c engine.CardID, hidden bool, name string, inc uint8) *CardRef {
		if hidden {
			return &CardRef{Hidden: true}
		}
		if c < 0 || c >= g.NCards {
			return nil
		}
		return &CardRef{ID: ptr(g.PublicIDAt(c, inc)), Key: g.DefOf(c).Key, Name: name}
	}
	base := func(s engine.BaseID) *BaseRef {
		if s < 0 || int(s) >= int(g.NBases) {
			return nil
		}
		r := &BaseRef{Slot: int(s)}
		if c := g.Bases[s].Card; c >= 0 {
			r.Key, r.Name = g.DefOf(c).Key, g.Name(c)
		}
		return r
	}
	card := ref(e.Card, e.CardHidden, e.CardName, e.Inc[0])
	other := func() *CardRef { return ref(e.OtherCard(), e.OtherHidden, e.OtherName, e.Inc[1]) }
	w.Card = card
	w.Base = base(e.Base)
	w.Cause = causeOf(g, e)
	w.Self = e.Cause >= 0 && e.Cause == e.Card && !e.CauseHidden && !e.CardHidden && e.Kind != engine.EvPlay
	switch e.Kind {
	case engine.EvPlay:
		w.On = other()
	case engine.EvDestroy:
		if w.Cause == nil && e.Other >= 0 && e.OtherCard() != e.Card {
			w.Cause = other()
		}
	case engine.EvMove:
		w.From = base(e.FromBase())
		w.Whom = seatPtr(e.Mover())
	case engine.EvDraw, engine.EvVP, engine.EvCounter:
		w.Count = int(e.Num)
	case engine.EvAward:
		w.Count, w.Place = e.VP(), e.Place()
		w.Base = &BaseRef{Slot: int(e.Base), Key: card.Key, Name: card.Name}
		w.Card = nil
	case engine.EvScoringChosen, engine.EvScore:
		w.Base = &BaseRef{Slot: int(e.Base), Key: card.Key, Name: card.Name}
		w.Card = nil
	case engine.EvBaseReplaced:
		w.Replaced = other()
	case engine.EvPlace:
		w.Zone = placeZones[e.Num]
		if w.Zone == "" {
			w.Zone = "discard"
		}
	case engine.EvTake:
		w.Zone = takeZones[e.FromZone()]
		if w.Zone == "" {
			w.Zone = "set-aside" // anywhere else out of play is set aside
		}
	case engine.EvGameOver:
		for p := range g.NPlayers {
			if g.Winners&(1<<p) != 0 {
				w.Winners = append(w.Winners, int(p))
			}
		}
	case engine.EvText:
		w.Text = engine.TextOf(e.Line())
		w.Cards = append(w.Cards, refOr(card))
		if e.Other >= 0 {
			w.Cards = append(w.Cards, refOr(other()))
		}
		if e.Card < 0 && !e.CardHidden {
			w.Cards = nil
		}
		w.Card = nil
	case engine.EvControl:
		w.Whom = seatPtr(engine.Seat(e.Num))
	case engine.EvGive, engine.EvLook, engine.EvControlEnd:
		w.Whom = seatPtr(engine.Seat(e.Num))
	case engine.EvPhase:
		w.Phase = PhaseName(e.Phase())
	case engine.EvCancel:
		if e.Other >= 0 || e.OtherHidden {
			w.On = other() // the card it no longer affects
		}
	}
	return w
}

func refOr(r *CardRef) CardRef {
	if r == nil {
		return CardRef{Hidden: true}
	}
	return *r
}

// causeOf is the card whose ability caused e, as the seat may know it
// (nil: none, the rules did it).
func causeOf(g *engine.Game, e engine.EventView) *CardRef {
	if e.CauseHidden {
		return &CardRef{Hidden: true}
	}
	c := e.Cause
	if c < 0 || c >= g.NCards || c == e.Card {
		return nil // a card's own doing (a minion playing itself) names no other cause
	}
	return &CardRef{ID: ptr(g.PublicIDAt(c, e.Inc[2])), Key: g.DefOf(c).Key, Name: e.CauseName}
}

// Log keeps each seat's events of one game (and the spectator's), as each
// may see them, numbered for the whole game: an event is told to every seat
// or to none, under the same number.
type Log struct {
	seats [engine.MaxPlayers + 1][]Event
	seq   int
	after int32        // the engine's events collected so far
	prev  engine.Event // the last engine event collected (Told)
}

// Collect adds the game's events since the last call, for its n seats.
func (lg *Log) Collect(g *engine.Game) {
	n := int(g.NPlayers)
	var views [engine.MaxPlayers + 1][]engine.EventView
	for seat := engine.None; seat < n; seat++ {
		views[seat+1] = g.EventViews(engine.Seat(seat), lg.after)
	}
	recent := g.RecentEvents(lg.after)
	window := windowAsk(g, recent)
	for k, ev := range recent {
		told := Told(ev, lg.prev)
		lg.prev = ev
		if !told {
			continue
		}
		lg.seq++
		for seat := engine.None; seat < n; seat++ {
			e := EventOf(g, engine.Seat(seat), views[seat+1][k], lg.seq)
			if k == window && engine.Seat(seat) != ev.Player {
				e.Player = nil // a Me First window names no one to the others (Decision.Player)
			}
			lg.add(seat, e)
		}
	}
	lg.after = g.EvSeq
}

// windowAsk is the index in recent of the question that puts the pending Me
// First window to its player, or -1. Every seat sees that a window is open,
// as at the table, but the others are not told whom it waits on: the
// protocol's promise (Decision.Player), which the asked event kept until
// issue 33.
func windowAsk(g *engine.Game, recent []engine.Event) int {
	if !g.InWindow() {
		return -1
	}
	for k := len(recent) - 1; k >= 0; k-- {
		if recent[k].Kind == engine.EvAsked {
			if recent[k].Player == g.Pending.Player {
				return k
			}
			return -1
		}
	}
	return -1
}

// Tell adds an event every seat sees alike (a draft pick, a seat's presence).
func (lg *Log) Tell(e Event) {
	lg.seq++
	e.Seq = lg.seq
	for seat := engine.None; seat < engine.MaxPlayers; seat++ {
		lg.add(seat, e)
	}
}

func (lg *Log) add(seat int, e Event) {
	l := &lg.seats[seat+1]
	*l = append(*l, e)
	if len(*l) > 2*MaxEvents {
		*l = append((*l)[:0:0], (*l)[len(*l)-MaxEvents:]...)
	}
}

// For returns a copy of seat's latest events (None: the spectator's), at
// most MaxEvents, oldest first.
func (lg *Log) For(seat int) []Event {
	if seat < engine.None || seat >= engine.MaxPlayers {
		seat = engine.None
	}
	l := lg.seats[seat+1]
	return append([]Event{}, l[max(0, len(l)-MaxEvents):]...)
}

// SeatEvents returns every event of g still held by the engine as seat may
// see it, numbered as a Log that collected them all would number them
// (for tests that look at one seat at a time).
func SeatEvents(g *engine.Game, seat engine.Seat) []Event {
	var out []Event
	var prev engine.Event
	evs := g.RecentEvents(0)
	views := g.EventViews(seat, 0)
	seq := 0
	for k, ev := range evs {
		told := Told(ev, prev)
		prev = ev
		if told {
			seq++
			out = append(out, EventOf(g, seat, views[k], seq))
		}
	}
	return out
}
