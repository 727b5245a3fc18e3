package cards

import "github.com/smashup/smashup/internal/engine"

// Helpers for +1 power counters and "that minion" follow-ups (Monster Smash and later sets).

// mine lists the minions the ability's player controls.
func mine(g *G, f *F) []CardID { return g.Minions(you(f)) }

// withCounters keeps the cards that have at least one +1 power counter.
func withCounters(g *G) func(CardID) bool {
	return func(c CardID) bool { return g.CountersOn(c) > 0 }
}

// counterOnOne builds "put a +1 power counter on one of cands".
func counterOnOne(prompt engine.Prompt, cands func(g *G, f *F) []CardID) engine.AbilityFn {
	return chooseCard(prompt, false, cands, func(g *G, f *F, c CardID) { g.PlaceCounters(f, c, 1) })
}

// distributeCounters schedules "distribute n +1 power counters among your
// minions as you like", one counter per pick, as an ability of its own.
func distributeCounters(g *G, f *F, n int) {
	if n > 0 {
		g.Schedule(distributeFn, you(f), self(f), none, none).Set(countersLeft, n)
	}
}

// The steps and the remembered value of distributing counters (one at a
// time, as many as there are: a loop, so named steps, not a flow).
const (
	pickMinionForCounter engine.Step = iota
	placeCounter
)

const countersLeft engine.NumSlot = 0

var distributeFn = engine.Fn(func(g *G, f *F) {
	switch f.Step {
	case pickMinionForCounter:
		g.AskCards(f, you(f), "Put a +1 power counter on one of your minions", mine(g, f), false)
	case placeCounter:
		c := f.Chosen()
		if c == none {
			return
		}
		g.PlaceCounters(f, c, 1)
		if f.Add(countersLeft, -1) > 0 {
			f.Goto(pickMinionForCounter)
		}
	}
})

// markPlays remembers the current play position in the caller's slots at and
// at+1, so that playedSince can find the minion an extra play put into play
// afterwards.
func markPlays(g *G, f *F, at engine.NumSlot) {
	f.Set(at, int(int16(g.Seq>>16)))
	f.Set(at+1, int(int16(g.Seq&0xffff)))
}

// extraMinionWithCounter builds "play an extra minion (as x allows), then
// put a +1 power counter on it": the minion is played at once, and gets its
// counter if it was played.
func extraMinionWithCounter(x engine.ExtraPlay) engine.AbilityFn {
	const playsBefore engine.NumSlot = 0 // and 1 (markPlays)
	return flow(
		act(func(g *G, f *F) {
			markPlays(g, f, playsBefore)
			g.OfferExtraPlay(you(f), x, self(f))
		}),
		act(func(g *G, f *F) {
			if m := playedSince(g, f, playsBefore, you(f)); m != none {
				g.PlaceCounters(f, m, 1)
			}
		}),
	)
}

// playedSince returns the first minion p played since markPlays(at), or none.
func playedSince(g *G, f *F, at engine.NumSlot, p Seat) CardID {
	mark := int32(f.Get(at))<<16 | int32(uint16(f.Get(at+1)))
	best := CardID(none)
	for _, m := range g.Minions(p) {
		cd := &g.Cards[m]
		if cd.Flags&engine.FPlayedTurn != 0 && cd.Pos > mark && (best == none || cd.Pos < g.Cards[best].Pos) {
			best = m
		}
	}
	return best
}

// highestHere reports whether minion m has the highest power on its base (ties count).
func highestHere(g *G, m CardID) bool {
	if !g.InPlay(m) {
		return false
	}
	for _, o := range g.MinionsAt(g.BaseOf(m), none) {
		if g.Power(o) > g.Power(m) {
			return false
		}
	}
	return true
}

// othersOutpower reports whether some other player has more total power than p at slot s.
func othersOutpower(g *G, s BaseID, p Seat) bool {
	for _, q := range g.Others(p) {
		if g.PowerAt(s, q) > g.PowerAt(s, p) {
			return true
		}
	}
	return false
}

// payForCounters builds "choose one of your minions, then pay any number of
// cards from your hand (those pay accepts, paid by pay) for a +1 power counter
// each on it". Any number of cards, one at a time: a loop, so named steps,
// not a flow.
func payForCounters(prompt engine.Prompt, payable func(g *G, f *F) []CardID, pay func(g *G, c CardID)) engine.AbilityFn {
	const (
		askPayment engine.Step = iota
		payOne
	)
	const paid engine.NumSlot = 0 // cards paid so far
	return chooseYourMinion(func(g *G, f *F) {
		switch f.Step {
		case askPayment:
			g.AskCards(f, you(f), prompt, payable(g, f), true)
		case payOne:
			if c := f.Chosen(); c != none {
				pay(g, c)
				f.Add(paid, 1)
				f.Goto(askPayment)
				return
			}
			if n := f.Get(paid); n > 0 {
				g.PlaceCounters(f, f.Target, n)
			}
		}
	})
}
