package cards

import "github.com/smashup/smashup/internal/engine"

// Shorthands used by every faction file.
type (
	G      = engine.Game
	F      = engine.Frame
	CardID = engine.CardID
	Seat   = engine.Seat
	BaseID = engine.BaseID
)

const none = engine.None

// you is the player an ability belongs to.
func you(f *F) Seat { return f.Player }

// anyEvent is a Trigger.EvKey for an ability that does the same whatever
// event fired it: its firings waiting together are one option when their
// order is chosen (The Count's counters after one blast destroys many).
func anyEvent(*G, engine.Event) int { return 0 }

// ownerOfEvCard is a Trigger.EvKey for an ability that depends only on who
// owns the event's card (Cave of Shinies gives that player 1 VP).
func ownerOfEvCard(g *G, ev engine.Event) int {
	if ev.Card < 0 {
		return none
	}
	return int(g.Owner(ev.Card))
}

// here is the base slot of the card whose ability is resolving (or the frame's base).
func here(g *G, f *F) BaseID {
	if f.Src >= 0 {
		if s := g.BaseOf(f.Src); s != none {
			return s
		}
	}
	return f.Base
}

// self is the card whose ability is resolving.
func self(f *F) CardID { return f.Src }

// where keeps the cards (or bases, or players) satisfying pred.
func where[T any](xs []T, pred func(T) bool) []T {
	var arr [64]T // gathered here, then copied into one exact list
	buf := arr[:0]
	for _, x := range xs {
		if pred(x) {
			buf = append(buf, x)
		}
	}
	if len(buf) == 0 {
		return nil
	}
	return append([]T(nil), buf...)
}

// powerAtMost is a filter: current power n or less.
func powerAtMost(g *G, n int) func(CardID) bool {
	return func(c CardID) bool { return g.Power(c) <= n }
}

// other excludes one card.
func other(c0 CardID) func(CardID) bool {
	return func(c CardID) bool { return c != c0 }
}

// chooseCard builds a one-target ability: the player picks one of cands (or
// declines when may), then act happens to it.
func chooseCard(prompt engine.Prompt, may bool, cands func(g *G, f *F) []CardID, act func(g *G, f *F, c CardID)) engine.AbilityFn {
	return chooseCardBy(you, prompt, may, cands, act)
}

// eventPlayer is the player the event a trigger answers is about (who played
// the minion, whose card went to the discard pile...).
func eventPlayer(f *F) Seat { return f.Ev.Player }

// chooseCardBy is chooseCard with another chooser than the ability's player:
// who(f) picks (eventPlayer, for a trigger's "that player chooses").
func chooseCardBy(who func(f *F) Seat, prompt engine.Prompt, may bool, cands func(g *G, f *F) []CardID, then func(g *G, f *F, c CardID)) engine.AbilityFn {
	const chosen engine.CardSlot = 0 // the card chosen
	pick := pickCard(chosen, prompt, cands).by(who)
	if may {
		pick = pick.may()
	}
	return flow(pick, act(func(g *G, f *F) { then(g, f, f.CardIn(chosen)) }))
}

// chooseBase builds an ability that picks a base slot and acts on it.
func chooseBase(prompt engine.Prompt, may bool, cands func(g *G, f *F) []BaseID, then func(g *G, f *F, s BaseID)) engine.AbilityFn {
	const chosen engine.BaseIDSlot = 0 // the base chosen
	pick := pickBase(chosen, prompt, cands)
	if may {
		pick = pick.may()
	}
	return flow(pick, act(func(g *G, f *F) { then(g, f, f.BaseIn(chosen)) }))
}

// allBases lists every base in play.
func allBases(g *G, f *F) []BaseID { return g.BaseSlots() }

// allMinions lists every minion in play.
func allMinions(g *G, f *F) []CardID { return g.Minions(none) }

// otherBases lists the bases in play other than slot s.
func otherBases(g *G, s BaseID) []BaseID {
	var out []BaseID
	for b := range g.NBases {
		if b != s && g.BaseCardAt(b) != none {
			if out == nil {
				out = make([]BaseID, 0, g.NBases)
			}
			out = append(out, b)
		}
	}
	return out
}

// destroyIt, returnIt are act functions.
func destroyIt(g *G, f *F, c CardID) { g.Destroy(f, c) }
func returnIt(g *G, f *F, c CardID)  { g.Return(f, c) }

// discardFromHand is an act function: card c (in a hand) is discarded.
func discardFromHand(g *G, f *F, c CardID) { g.DiscardCard(c) }

// eventPlayersHand lists the hand of the player the event is about.
func eventPlayersHand(g *G, f *F) []CardID { return g.Hand(eventPlayer(f)) }

// chooseYourMinion builds "choose one of your minions, then ...": then runs
// as an ability of its own (steps and slots its own) whose target, f.Target,
// is the chosen minion.
func chooseYourMinion(then engine.AbilityFn) engine.AbilityFn {
	thenFn := engine.Fn(then)
	return chooseCard("Choose one of your minions", false, mine, func(g *G, f *F, c CardID) {
		g.Schedule(thenFn, you(f), self(f), f.Base, c)
	})
}

// askMoveDest asks the ability's player to which other base minion c is to
// move (the caller remembers c, and moves it once answered).
func askMoveDest(g *G, f *F, c CardID, may bool) {
	g.AskBases(f, you(f), "Choose the base to move {} to", otherBases(g, g.BaseOf(c)), may, engine.CardArg(c))
}

// seq runs abilities one after another (each to completion, with its own steps).
func seq(parts ...engine.AbilityFn) engine.AbilityFn {
	ids := make([]int16, len(parts))
	for i, p := range parts {
		ids[i] = engine.Fn(p)
	}
	return func(g *G, f *F) {
		if int(f.Step) < len(ids) {
			sf := g.Schedule(ids[f.Step], you(f), self(f), f.Base, f.Target)
			sf.Ev = f.Ev
			f.Next()
		}
	}
}

// nextInTurn goes round the table in turn order, from the current player, to
// the next player for whom wanted is true, and returns them (none when no one
// is left). considered, one of the caller's slots (0 at first), counts the
// players already considered, so that the ability can ask that player and come
// back for the next.
func nextInTurn(g *G, f *F, considered engine.NumSlot, wanted func(p Seat) bool) Seat {
	for f.Get(considered) < int(g.NPlayers) {
		p := g.SeatAfter(g.Current, f.Get(considered))
		f.Add(considered, 1)
		if wanted(p) {
			return p
		}
	}
	return none
}

// extraMinion lets p play an extra minion: held for later in p's own Play
// Cards phase, played at once or not at all at any other time (GiveExtra).
func extraMinion(g *G, p Seat) { g.GiveExtra(p, engine.ExtraMinionGrant(), none) }

// extraAction is extraMinion for an extra action.
func extraAction(g *G, p Seat) { g.GiveExtra(p, engine.ExtraActionGrant(), none) }

// shuffleDecksOf shuffles the deck of each player whose bit is set in seats
// (bit p: player p), in seat order.
func shuffleDecksOf(g *G, seats int) {
	for q := range g.NPlayers {
		if seats&(1<<q) != 0 {
			g.Shuffle(q)
		}
	}
}

// lookAtAHand is a flow's step "look at another player's hand": f's player
// chooses whose (kept in slot s), and looks at it.
func lookAtAHand(s engine.SeatSlot) step {
	return pickPlayer(s, "Choose a player whose hand you look at", func(g *G, f *F) []Seat { return g.Others(you(f)) }).
		onAnswer(func(g *G, f *F) { g.LookAtHand(you(f), f.SeatIn(s)) })
}

// isCurrent reports whether it is p's turn.
func isCurrent(g *G, p Seat) bool { return g.Current == p }

// duringYourTurn is a Special used (not played) from zone from "during your
// turn": whenever its player has priority on their own turn, in their Play
// Cards phase and in the Me First windows before and after a base scores.
func duringYourTurn(from engine.Zone, do engine.AbilityFn) []engine.Special {
	ok := func(g *G, c CardID, p Seat, slot BaseID) bool { return isCurrent(g, p) }
	var out []engine.Special
	for _, w := range []engine.Window{engine.WinPlayPhase, engine.WinBeforeScore, engine.WinAfterScore} {
		out = append(out, engine.Special{Window: w, From: from, OK: ok, Do: do})
	}
	return out
}

// cardsNamed filters by printed name.
func named(g *G, name string) func(CardID) bool {
	return func(c CardID) bool { return g.NameIs(c, name) }
}

// oneAtATime builds "up to max cards (max < 0: any number), one at a time":
// the player chooses one of cands or stops, act happens to the card chosen,
// and the player chooses again. done runs once, when the player stops or max
// is reached, with the number of cards chosen. A loop, so named steps, not
// a flow.
func oneAtATime(max int, prompt engine.Prompt, cands func(g *G, f *F) []CardID, act func(g *G, f *F, c CardID), done func(g *G, f *F, n int)) engine.AbilityFn {
	const (
		chooseOne engine.Step = iota
		actOnIt
	)
	const chosen engine.NumSlot = 0 // cards chosen so far
	return func(g *G, f *F) {
		switch f.Step {
		case chooseOne:
			if max >= 0 && f.Get(chosen) >= max {
				done(g, f, f.Get(chosen))
				return
			}
			g.AskCards(f, you(f), prompt, cands(g, f), true)
		case actOnIt:
			c := f.Chosen()
			if c == none {
				done(g, f, f.Get(chosen))
				return
			}
			act(g, f, c)
			f.Add(chosen, 1)
			f.Goto(chooseOne)
		}
	}
}

// shuffleFromDiscard builds "shuffle up to upTo cards (upTo < 0: any number)
// from your discard pile (those keep accepts; nil: any) into your deck", one
// card at a time.
func shuffleFromDiscard(prompt engine.Prompt, upTo int, keep func(g *G, c CardID) bool) engine.AbilityFn {
	return oneAtATime(upTo, prompt,
		func(g *G, f *F) []CardID {
			if keep == nil {
				return g.Discard(you(f))
			}
			return where(g.Discard(you(f)), func(c CardID) bool { return keep(g, c) })
		},
		func(g *G, f *F, c CardID) { g.ToDeckBottom(c) },
		func(g *G, f *F, n int) {
			if n > 0 {
				g.Shuffle(you(f))
			}
		})
}

// moveToOtherBase schedules, as an ability of its own, "move minion c to
// another base": the ability's player chooses which (and, with may, may
// decline). The caller's next step, if it has one, comes after the move.
func moveToOtherBase(g *G, f *F, c CardID, may bool) {
	fn := moveToOtherBaseFn
	if may {
		fn = mayMoveToOtherBaseFn
	}
	g.Schedule(fn, you(f), self(f), none, c)
}

var (
	moveToOtherBaseFn    = engine.Fn(moveTarget(false))
	mayMoveToOtherBaseFn = engine.Fn(moveTarget(true))
)

// moveTarget asks where the frame's target minion goes, then moves it there.
func moveTarget(may bool) engine.AbilityFn {
	const dest engine.BaseIDSlot = 0 // where it goes
	target := func(g *G, f *F) CardID { return f.Target }
	pick := pickDestination(dest, target)
	if may {
		pick = pick.may()
	}
	return flow(pick, act(func(g *G, f *F) { g.Move(f, f.Target, f.BaseIn(dest)) }))
}

// askPlayOne offers p to play one of cards now (the answer is an OptPlay, or a pass).
func askPlayOne(g *G, f *F, p Seat, prompt engine.Prompt, cards []CardID) {
	g.BeginAsk()
	for _, c := range cards {
		g.Offer(engine.PlayOption(p, c))
	}
	g.Ask(f, p, prompt, engine.AskMay)
}

// revealSearched shows every player card c, which p chose searching a deck
// or discard pile (compendium: Decks, Discards, and Searches: the card
// chosen is revealed). What p is asked next about it then tells the others
// nothing they were not shown.
func revealSearched(g *G, p Seat, c CardID) {
	g.Emit(engine.Event{Kind: engine.EvReveal, Player: p, Card: c, Base: none, Other: none})
}

// playFoundOrKeep ends a search that offered "play it now, or put it into
// your hand": card c is played at once as an extra play (onto slot s, or
// anywhere when none) when play, else put into p's hand; then p shuffles.
func playFoundOrKeep(g *G, p Seat, c CardID, s BaseID, play bool) {
	if play {
		if g.Cards[c].Zone == engine.ZDeck {
			g.SetAside(c, false)
		}
		g.PlayExtraNow(p, c, s)
	} else {
		g.ToHand(c, p)
	}
	g.Shuffle(p)
}
