package cards

import "github.com/smashup/smashup/internal/engine"

// Helpers for +1 power counters and "that minion" follow-ups (Monster Smash and later sets).

// mine lists the minions the ability's player controls.
func mine(g *G, f *F) []int { return g.Minions(you(f)) }

// withCounters keeps the cards that have at least one +1 power counter.
func withCounters(g *G) func(int) bool { return func(c int) bool { return g.CountersOn(c) > 0 } }

// counterOnOne builds "put a +1 power counter on one of cands".
func counterOnOne(prompt engine.Prompt, cands func(g *G, f *F) []int) engine.AbilityFn {
	return chooseCard(prompt, false, cands, func(g *G, f *F, c int) { g.PlaceCounters(f, c, 1) })
}

// distributeCounters is a loop for "distribute N counters among your minions as
// you like": at step s it places one of the f.V[0] counters left, one per pick.
// Call it from step s with f.V[0] set; it ends the ability when done.
func distributeCounters(g *G, f *F, s int) {
	switch int(f.Step) {
	case s:
		if f.V[0] <= 0 {
			return
		}
		g.AskCards(f, you(f), "Put a +1 power counter on one of your minions", mine(g, f), false)
	case s + 1:
		c := f.Chosen()
		if c == none {
			return
		}
		g.PlaceCounters(f, c, 1)
		f.V[0]--
		f.Goto(s)
	}
}

// markPlays remembers the current play position (in f.V[4], f.V[5]) so that
// playedSince can find the minion an extra play put into play afterwards.
func markPlays(g *G, f *F) {
	f.V[4] = int16(g.Seq >> 16)
	f.V[5] = int16(g.Seq & 0xffff)
}

// playedSince returns the first minion p played since markPlays, or none.
func playedSince(g *G, f *F, p int) int {
	mark := int32(f.V[4])<<16 | int32(uint16(f.V[5]))
	best := none
	for _, m := range g.Minions(p) {
		cd := &g.Cards[m]
		if cd.Flags&engine.FPlayedTurn != 0 && cd.Pos > mark && (best == none || cd.Pos < g.Cards[best].Pos) {
			best = m
		}
	}
	return best
}

// flagID returns the EffFlag id of a named per-card marker (engine.FlagID).
func flagID(name string) int16 { return int16(engine.FlagID(name)) }

// hasFlagFrom reports whether an EffFlag effect flag is on card c from source src.
func hasFlagFrom(g *G, flag int16, c, src int) bool {
	for i := 0; i < int(g.NEff); i++ {
		e := &g.Effects[i]
		if e.Kind == engine.EffFlag && e.Amount == flag && int(e.Card) == c && int(e.Src) == src {
			return true
		}
	}
	return false
}

// dropFlags removes every EffFlag effect flag on card c.
func dropFlags(g *G, flag int16, c int) {
	n := 0
	for i := 0; i < int(g.NEff); i++ {
		e := g.Effects[i]
		if e.Kind == engine.EffFlag && e.Amount == flag && int(e.Card) == c {
			continue
		}
		g.Effects[n] = e
		n++
	}
	g.NEff = int8(n)
}

// highestHere reports whether minion m has the highest power on its base (ties count).
func highestHere(g *G, m int) bool {
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
func othersOutpower(g *G, s, p int) bool {
	for _, q := range g.Others(p) {
		if g.PowerAt(s, q) > g.PowerAt(s, p) {
			return true
		}
	}
	return false
}

// payForCounters builds "choose one of your minions, then pay any number of
// cards from your hand (those pay accepts, paid by pay) for a +1 power counter
// each on it". V0: the chosen minion; V1: cards paid.
func payForCounters(prompt engine.Prompt, payable func(g *G, f *F) []int, pay func(g *G, c int)) engine.AbilityFn {
	return func(g *G, f *F) {
		switch f.Step {
		case 0:
			g.AskCards(f, you(f), "Choose one of your minions", mine(g, f), false)
		case 1:
			c := f.Chosen()
			if c == none {
				return
			}
			f.V[0] = int16(c)
			f.Next()
		case 2:
			g.AskCards(f, you(f), prompt, payable(g, f), true)
		case 3:
			if c := f.Chosen(); c != none {
				pay(g, c)
				f.V[1]++
				f.Goto(2)
				return
			}
			if f.V[1] > 0 {
				g.PlaceCounters(f, int(f.V[0]), int(f.V[1]))
			}
		}
	}
}
