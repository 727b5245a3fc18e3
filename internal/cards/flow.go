package cards

import "github.com/smashup/smashup/internal/engine"

// Abilities as a flow of steps.
//
// An ability that asks and then acts is written as the card reads:
//
//	const (
//		theBase   engine.BaseIDSlot = iota // the base chosen
//		thePlayer engine.SeatSlot   = iota // whose minions there are destroyed
//	)
//	d.OnPlay = flow(
//		pickBase(theBase, "Choose a base where you have a minion", basesWithYourMinion),
//		pickPlayer(thePlayer, "Choose a player", playersThere),
//		act(func(g *G, f *F) { ... f.BaseIn(theBase) ... f.SeatIn(thePlayer) ... }),
//	)
//
// flow compiles its steps, once, when the card is registered, into one
// ordinary ability (engine.AbilityFn): the frame's Step is the index of the
// step to run, and everything the flow remembers is in the frame's slots
// (Frame.V), each answer in the slot its question names, of the type that
// holds it (pickBase keeps a base in an engine.BaseIDSlot ...). Nothing of a flow
// lives in the game state but the frame, so a game still copies by value and
// saves as before.
//
// The rules of a flow:
//
//   - A question (pickCard, pickBase, pickPlayer, pickText, pickNumber,
//     pickPlay, askYes, chooseOne) is asked
//     by its step; its answer is kept in its slot when the ability is called
//     again, before the next step runs. When nothing was chosen (the player
//     passed a "may", or there was nothing to choose) the flow ends there,
//     unless the question says orNone (then the slot holds none and the flow
//     goes on).
//   - An act step does its work and, if a step follows, the flow continues
//     with it once the work the act scheduled (destroy, move ...) is done, so
//     that the next step sees its results (actIf: only when its work says so).
//   - A question may be guarded (when: asked only if a condition holds, after
//     what the guard does first) and may do something as soon as it is
//     answered (onAnswer), as a hand-written step does at its top.
//   - A step made with do is the escape hatch: it runs as a step of a
//     hand-written ability would (it asks, calls f.Next, or ends the flow).
//
// Loops ("any number, one at a time": Foolish Magician, Griefer, Temple of
// Goju) are not flows: they keep their named steps and f.Goto.

// A step is one step of a flow.
type step struct {
	run  func(g *G, f *F)      // the step's work: it may ask one question
	keep func(g *G, f *F) bool // reads the answer at the next call; false ends the flow
	work func(g *G, f *F) bool // an act's work: true goes on to the next step, if any
	then *step                 // a step compiled right after this one (chooseOne's branch)

	// a question's parts, set by the constructors and the modifiers below
	prompt  engine.Prompt
	who     func(f *F) Seat
	mayPass bool
	none    bool                        // the flow goes on when nothing was chosen
	seen    func(g *G, f *F)            // runs once the answer is kept (onAnswer)
	pre     func(g *G, f *F) bool       // runs before the question; false: not asked, the flow ends (when)
	args    func(g *G, f *F) engine.Arg // the value the prompt's {} names, or nil
	movee   func(g *G, f *F) CardID     // a base question's answer is where this card moves (destinationOf)
	ask     func(g *G, f *F, st *step)  // poses the question (st: this step)
	answer  func(g *G, f *F, st *step) bool
}

// flow compiles steps into one ability: f.Step is the index of the step to run.
func flow(steps ...step) engine.AbilityFn {
	var s []step
	for _, st := range steps {
		for p := &st; p != nil; p = p.then {
			c := *p
			c.then = nil
			s = append(s, c.compile())
		}
	}
	return func(g *G, f *F) {
		i := int(f.Step)
		if i > 0 && s[i-1].keep != nil && !s[i-1].keep(g, f) {
			return
		}
		if i >= len(s) {
			return
		}
		if st := &s[i]; st.work != nil {
			if st.work(g, f) && i+1 < len(s) {
				f.Next()
			}
			return
		}
		s[i].run(g, f)
	}
}

// compile builds the run and keep functions of a question step.
func (st step) compile() step {
	if st.ask == nil {
		return st
	}
	q := st
	st.run = func(g *G, f *F) {
		if q.pre == nil || q.pre(g, f) {
			q.ask(g, f, &q)
		}
	}
	st.keep = func(g *G, f *F) bool {
		ok := q.answer(g, f, &q)
		if ok && q.seen != nil {
			q.seen(g, f)
		}
		return ok || q.none
	}
	return st
}

// asker is the player a question is put to: the ability's player unless by says otherwise.
func (st *step) asker(f *F) Seat {
	if st.who != nil {
		return st.who(f)
	}
	return you(f)
}

// argsOf are the values a question's prompt names, in buf (the caller's, so
// that asking allocates nothing).
func (st *step) argsOf(g *G, f *F, buf *[1]engine.Arg) []engine.Arg {
	if st.args == nil {
		return nil
	}
	buf[0] = st.args(g, f)
	return buf[:]
}

// act is a step that does fn's work; the flow goes on after it (once that
// work is done) when a step follows.
func act(fn func(g *G, f *F)) step {
	return step{work: func(g *G, f *F) bool { fn(g, f); return true }}
}

// actIf is an act whose work may end the flow: it goes on (once that work is
// done) only when fn returns true.
func actIf(fn func(g *G, f *F) bool) step { return step{work: fn} }

// do is a step written by hand: it asks a question (the flow goes on at the
// next step when answered, the answer in f.Ans), calls f.Next, or ends the flow.
func do(fn func(g *G, f *F)) step { return step{run: fn} }

// keeping gives a step written with do the reading of its answer: keep runs
// at the next call, before the next step, and false ends the flow.
func (st step) keeping(keep func(g *G, f *F) bool) step { st.keep = keep; return st }

// pickCard asks to choose one of cands; the card chosen is kept in slot s.
func pickCard(s engine.CardSlot, prompt engine.Prompt, cands func(g *G, f *F) []CardID) step {
	return step{prompt: prompt,
		ask: func(g *G, f *F, st *step) {
			var buf [1]engine.Arg
			g.AskCards(f, st.asker(f), st.prompt, cands(g, f), st.mayPass, st.argsOf(g, f, &buf)...)
		},
		answer: func(g *G, f *F, st *step) bool {
			c := f.Chosen()
			f.SetCard(s, c)
			return c != none
		}}
}

// pickPlay offers the ability's player to play one of cands now (askPlayOne:
// they may decline); the card chosen is kept in slot s.
func pickPlay(s engine.CardSlot, prompt engine.Prompt, cands func(g *G, f *F) []CardID) step {
	return step{prompt: prompt,
		ask: func(g *G, f *F, st *step) { askPlayOne(g, f, you(f), st.prompt, cands(g, f)) },
		answer: func(g *G, f *F, st *step) bool {
			if f.Ans.Kind != engine.OptPlay {
				f.SetCard(s, none)
				return false
			}
			f.SetCard(s, f.Ans.Card)
			return true
		}}
}

// pickBase asks to choose one of the base slots cands; the base chosen is kept in slot s.
func pickBase(s engine.BaseIDSlot, prompt engine.Prompt, cands func(g *G, f *F) []BaseID) step {
	return step{prompt: prompt,
		ask: func(g *G, f *F, st *step) {
			var buf [1]engine.Arg
			bases := cands(g, f)
			if st.movee != nil {
				bases = movesAllowed(g, you(f), st.movee(g, f), bases)
			}
			g.AskBases(f, st.asker(f), st.prompt, bases, st.mayPass, st.argsOf(g, f, &buf)...)
		},
		answer: func(g *G, f *F, st *step) bool {
			b := f.ChosenBase()
			f.SetBase(s, b)
			return b != none
		}}
}

// pickPlayer asks to choose one of the players cands; the player chosen is kept in slot s.
func pickPlayer(s engine.SeatSlot, prompt engine.Prompt, cands func(g *G, f *F) []Seat) step {
	return step{prompt: prompt,
		ask: func(g *G, f *F, st *step) {
			var buf [1]engine.Arg
			g.AskPlayers(f, st.asker(f), st.prompt, cands(g, f), st.mayPass, st.argsOf(g, f, &buf)...)
		},
		answer: func(g *G, f *F, st *step) bool {
			p := f.ChosenPlayer()
			f.SetSeat(s, p)
			return p != none
		}}
}

// pickText asks to choose one of the texts (a name, a faction ...); the text
// chosen is kept in slot s (read it with textIn).
func pickText(s engine.TextSlot, prompt engine.Prompt, texts func(g *G, f *F) []string) step {
	return step{prompt: prompt,
		ask: func(g *G, f *F, st *step) {
			var buf [1]engine.Arg
			g.AskTexts(f, st.asker(f), st.prompt, texts(g, f), st.argsOf(g, f, &buf)...)
		},
		answer: func(g *G, f *F, st *step) bool {
			if f.Ans.Kind != engine.OptText {
				f.SetText(s, none)
				return false
			}
			f.SetText(s, f.Ans.Text())
			return true
		}}
}

// textIn is the text kept in slot s by pickText ("" when none).
func textIn(f *F, s engine.TextSlot) string { return engine.TextOf(f.TextIn(s)) }

// pickNumber asks for a number from lo to hi (span gives both); the number
// chosen is kept in slot s.
func pickNumber(s engine.NumSlot, prompt engine.Prompt, span func(g *G, f *F) (lo, hi int)) step {
	return step{prompt: prompt,
		ask: func(g *G, f *F, st *step) {
			var buf [1]engine.Arg
			lo, hi := span(g, f)
			g.AskNumber(f, st.asker(f), st.prompt, lo, hi, st.argsOf(g, f, &buf)...)
		},
		answer: func(g *G, f *F, st *step) bool {
			if f.Ans.Kind != engine.OptNum {
				return false
			}
			f.Set(s, f.Ans.Number())
			return true
		}}
}

// pickDestination asks to which other base the minion which(g, f) moves
// (only those it may go to: destinationOf); the base chosen is kept in slot s.
func pickDestination(s engine.BaseIDSlot, which func(g *G, f *F) CardID) step {
	return pickBase(s, "Choose the base to move {} to", func(g *G, f *F) []BaseID {
		return otherBases(g, g.BaseOf(which(g, f)))
	}).with(func(g *G, f *F) engine.Arg { return engine.CardArg(which(g, f)) }).destinationOf(which)
}

// destinationOf says that a base question (pickBase) chooses where the card
// which(g, f) moves by the ability's player: it offers only the bases the
// rules let it move to (movesAllowed), so that no base is offered where the
// move would not happen (another player's Mo'ai guards it).
func (st step) destinationOf(which func(g *G, f *F) CardID) step { st.movee = which; return st }

// movesAllowed keeps the bases of cands that player by's ability may move
// card c to (engine.Game.CanMoveTo).
func movesAllowed(g *G, by Seat, c CardID, cands []BaseID) []BaseID {
	return where(cands, func(b BaseID) bool { return g.CanMoveTo(by, c, b) })
}

// canMoveSomewhere reports whether player by's ability may move card c to
// one of cands (a Talent that moves it is offered only then).
func canMoveSomewhere(g *G, by Seat, c CardID, cands []BaseID) bool {
	for _, b := range cands {
		if g.CanMoveTo(by, c, b) {
			return true
		}
	}
	return false
}

// askYes asks a yes-or-no question; the flow goes on only after a yes (with
// orNone, after a no too: the next step reads f.Yes()).
func askYes(prompt engine.Prompt) step {
	return step{prompt: prompt,
		ask: func(g *G, f *F, st *step) {
			var buf [1]engine.Arg
			g.AskYesNo(f, st.asker(f), st.prompt, st.argsOf(g, f, &buf)...)
		},
		answer: func(g *G, f *F, st *step) bool { return f.Yes() }}
}

// may lets the player decline the question (a pass ends the flow unless orNone).
func (st step) may() step { st.mayPass = true; return st }

// orNone lets the flow go on when nothing was chosen (the slot holds none).
func (st step) orNone() step { st.none = true; return st }

// by puts the question to who(f) rather than to the ability's player.
func (st step) by(who func(f *F) Seat) step { st.who = who; return st }

// with gives the value the prompt's {} names.
func (st step) with(arg func(g *G, f *F) engine.Arg) step { st.args = arg; return st }

// when runs pre before the question is asked (it may do immediate things:
// reveal the card the question is about); when it returns false, the question
// is not asked and the flow ends.
func (st step) when(pre func(g *G, f *F) bool) step { st.pre = pre; return st }

// onAnswer runs fn as soon as a (real) answer is kept, in the same call as
// the next step and before it, as a hand-written ability does at the top of
// the step after a question (look at the hand chosen, boost the minion
// chosen). Work fn schedules (a move) happens once that call returns, before
// the next step's own work: the next step does not see its results.
func (st step) onAnswer(fn func(g *G, f *F)) step { st.seen = fn; return st }

// cardNamed is a with argument: the prompt's {} is the card in slot s.
func cardNamed(s engine.CardSlot) func(g *G, f *F) engine.Arg {
	return func(g *G, f *F) engine.Arg { return engine.CardArg(f.CardIn(s)) }
}

// A choice is one option of chooseOne: its text, whether it is offered
// (ok nil: always), and what it does when chosen.
type choice struct {
	text string
	ok   func(g *G, f *F) bool
	act  func(g *G, f *F)
}

// option is one choice of chooseOne: act is done at once, as a step of the
// flow (nil: choosing it does nothing).
func option(text string, ok func(g *G, f *F) bool, act func(g *G, f *F)) choice {
	return choice{text: text, ok: ok, act: act}
}

// branch is a choice of chooseOne that runs ability (a flow of its own, with
// its own steps) when chosen. It starts with the flow's slots, f.Base,
// f.Target and f.Ev, so it reads the answers kept so far by their names.
func branch(text string, ok func(g *G, f *F) bool, ability engine.AbilityFn) choice {
	fn := engine.Fn(ability)
	return choice{text: text, ok: ok, act: func(g *G, f *F) {
		sf := g.Schedule(fn, you(f), self(f), f.Base, f.Target)
		sf.Ev, sf.V = f.Ev, f.V
	}}
}

// chooseOne asks to choose one of the options offered (by their texts, in
// order) and does what the option chosen does, as an act step of its own
// (the next step of the flow, if any, comes after that work). Its prompt is
// "Choose one"; chooseOneAsking gives another.
func chooseOne(opts ...choice) step { return chooseOneAsking("Choose one", opts...) }

// chooseOneAsking is chooseOne with its own prompt.
func chooseOneAsking(prompt engine.Prompt, opts ...choice) step {
	texts := make([]engine.TextID, len(opts))
	for i, o := range opts {
		texts[i] = engine.Text(o.text)
	}
	branch := act(func(g *G, f *F) {
		if f.Ans.Kind != engine.OptText {
			return
		}
		for i, o := range opts {
			if f.Ans.Text() == texts[i] {
				if o.act != nil {
					o.act(g, f)
				}
				return
			}
		}
	})
	return step{prompt: prompt, then: &branch,
		ask: func(g *G, f *F, st *step) {
			var buf [1]engine.Arg
			var texts [8]string
			offered := texts[:0]
			for _, o := range opts {
				if o.ok == nil || o.ok(g, f) {
					offered = append(offered, o.text)
				}
			}
			g.AskTexts(f, st.asker(f), st.prompt, offered, st.argsOf(g, f, &buf)...)
		},
		answer: func(g *G, f *F, st *step) bool { return f.Ans.Kind == engine.OptText }}
}

// answeredText reports whether text is the answer to the text question just
// asked (for steps written with do).
func answeredText(f *F, text string) bool {
	return f.Ans.Text() == engine.Text(text)
}

// textAnswer is the text of the answer to the text question just asked ("":
// none), for steps written by hand.
func textAnswer(f *F) string {
	return engine.TextOf(f.Ans.Text())
}
