package engine

import (
	"errors"
	"fmt"
	"unsafe"
)

// Next tells the engine this ability has more steps: it is called again with
// the next step once the work this step scheduled is done. A step that neither
// asks nor calls Next (or Goto) ends the ability; work it scheduled still happens.
func (f *Frame) Next() { f.Flags |= frContinue }

// Goto makes the ability continue at step s (instead of the following step).
func (f *Frame) Goto(s Step) { f.Flags |= frContinue; f.Jump = s }

// Chosen returns the card of the last answer, or None.
func (f *Frame) Chosen() CardID {
	if f.Ans.Kind == OptNone || f.Ans.Kind == OptPass || f.Ans.Kind == OptNo {
		return None
	}
	return f.Ans.Card
}

// ChosenBase returns the base slot of the last answer, or None.
func (f *Frame) ChosenBase() BaseID {
	if f.Ans.Kind != OptBase {
		return None
	}
	return f.Ans.Base
}

// ChosenPlayer returns the player of the last answer, or None.
func (f *Frame) ChosenPlayer() Seat {
	if f.Ans.Kind != OptPlayer {
		return None
	}
	return f.Ans.Player
}

// Yes reports whether the last answer was yes.
func (f *Frame) Yes() bool { return f.Ans.Kind == OptYes }

// Passed reports whether the last answer declined (or there was nothing to choose).
func (f *Frame) Passed() bool {
	return f.Ans.Kind == OptPass || f.Ans.Kind == OptNone || f.Ans.Kind == OptNo
}

// push schedules an ability frame; it runs after the current step, in call order.
// The frame's Cause, the card the events it emits name, follows the rule its
// procedure was registered with (causeRule): an ability's own card; the
// cause of the step scheduling it (an operation with no card, playing a
// card); or none (the rules' own procedures).
func (g *Game) push(fn int16, player Seat, src CardID, base BaseID, target CardID) *Frame {
	if int(g.NFrames) >= MaxFrames {
		panic("engine: work stack overflow")
	}
	cause, inherit := NoCard, false
	switch fnCause[fn] {
	case causeSrc:
		if cause = src; src < 0 || src >= g.NCards {
			cause, inherit = g.runningCause(), true
		}
	case causeInherit:
		cause, inherit = g.runningCause(), true
	}
	f := &g.Frames[g.NFrames]
	*f = Frame{Fn: fn, Player: player, Src: src, Base: base, Target: target, Jump: -1, Cause: cause}
	if !g.Quiet && cause >= 0 {
		if r := int(g.Running); inherit && r > 0 && r <= int(g.NFrames) {
			f.CauseVis, f.CauseInc = g.Frames[r-1].CauseVis, g.Frames[r-1].CauseInc
		} else {
			f.CauseVis, f.CauseInc = g.visMask(cause), g.incOf(cause)
		}
	}
	g.NFrames++
	return f
}

// runningCause returns the cause of the step running now (None between steps).
func (g *Game) runningCause() CardID {
	if r := int(g.Running); r > 0 && r <= int(g.NFrames) {
		return g.Frames[r-1].Cause
	}
	return None
}

// Schedule runs ability fn (registered with Fn) as part of the current step's work.
func (g *Game) Schedule(fn int16, player Seat, src CardID, base BaseID, target CardID) *Frame {
	return g.push(fn, player, src, base, target)
}

// run advances the game until a decision is pending or the game is over.
func (g *Game) run() {
	for !g.Over && !g.Pending.Active && !g.Paused && g.NFrames > 0 {
		g.exec(int(g.NFrames) - 1)
	}
}

// stepCheck, when set (by tests only), is called after every step exec runs.
var stepCheck func(g *Game)

func (g *Game) exec(fi int) {
	f := &g.Frames[fi]
	f.Flags &^= frAsked | frContinue
	f.Jump = -1
	h := g.NFrames
	if g.Lent != 0 || g.PlayHookMask&hLends != 0 { // (else nothing is lent, nor can be: no lender is in play)
		g.refreshLent()
	}
	g.Running = int8(fi + 1)
	fns[f.Fn](g, f)
	g.Running = 0
	if stepCheck != nil {
		stepCheck(g) // (tests: derived state after every step)
	}
	if g.NFrames > h { // scheduled work runs in the order it was scheduled
		for i, j := int(h), int(g.NFrames)-1; i < j; i, j = i+1, j-1 {
			g.Frames[i], g.Frames[j] = g.Frames[j], g.Frames[i]
		}
	}
	if f.Flags&(frAsked|frContinue) == 0 {
		// finished; the work it scheduled (above it) still happens
		if fi+1 < int(g.NFrames) {
			copy(g.Frames[fi:g.NFrames-1], g.Frames[fi+1:g.NFrames])
		}
		g.NFrames--
		return
	}
	if f.Jump >= 0 {
		f.Step = f.Jump
	} else {
		f.Step++
	}
}

// Resume continues a game paused at a breakpoint. The breakpoint that paused
// it is already spent; breakpoints set since (SetBreak) stay, so a game paused
// at one point can be run on to the next (ClearBreak first to run freely).
func (g *Game) Resume() {
	g.Paused = false
	g.run()
}

// SetBreak sets a breakpoint: running pauses (Paused) as phase (None: any)
// begins, or, with turnOf (None: any player), as that player's turn begins.
// A decision or the end of the game stops it earlier; Resume runs on.
func (g *Game) SetBreak(phase Phase, turnOf Seat) {
	g.BreakPhase = int8(phase)
	g.BreakTurn = turnOf
}

// ClearBreak removes breakpoints.
func (g *Game) ClearBreak() { g.BreakPhase, g.BreakTurn = None, None }

// pauseAt reports (and arranges) a pause as phase ph of p's turn begins.
func (g *Game) pauseAt(f *Frame, ph Phase, p Seat) bool {
	if g.BreakPhase == None && g.BreakTurn == None {
		return false
	}
	here := int32(g.Turn)*8 + int32(ph) + 1
	if here == g.LastPause {
		return false // resuming from this very pause
	}
	if (g.BreakPhase == None || int(g.BreakPhase) == int(ph)) && (g.BreakTurn == None || (g.BreakTurn == p && ph == PhaseStart)) {
		g.BreakPhase, g.BreakTurn = None, None
		g.LastPause = here
		g.Paused = true
		f.Goto(f.Step)
		return true
	}
	return false
}

// Asking ------------------------------------------------------------------

// Offer adds an option to the question being built (call Ask after).
func (g *Game) Offer(o Option) {
	if int(g.Pending.N) >= MaxOpts {
		return
	}
	g.Pending.Opts[g.Pending.N] = o
	g.Pending.N++
}

// OfferCard adds "choose card c".
func (g *Game) OfferCard(c CardID) {
	g.Offer(Option{Kind: OptCard, Card: c, Base: g.Cards[c].Base, Player: g.Cards[c].Ctrl})
}

// OfferBase adds "choose base slot s".
func (g *Game) OfferBase(s BaseID) {
	g.Offer(Option{Kind: OptBase, Base: s, Card: g.Bases[s].Card, Player: None})
}

// Ask flags.
const (
	AskMay    = 1 << iota // the player may decline: a pass option is added
	AskAlways             // ask even when there is a single option
)

// BeginAsk starts building a question.
func (g *Game) BeginAsk() { g.Pending.N = 0 }

// Ask poses the question built with Opt to player on behalf of frame f.
// A mandatory question with one option (or none) is answered at once, and
// so is an optional one with no option but declining.
//
// Every question is recorded as asked (EvAsked, public: who is asked and the
// card whose ability asks), before anything depends on its options: the
// other seats see a question answered at once exactly as one the player
// decides, so that whether and when a player is asked tells them nothing
// about the cards they cannot see (the options of a question often come
// from a hand or a deck). Card code that has nothing to offer asks all the
// same, rather than skipping the question.
//
// The prompt is a template: each {} in it is filled, in order, from args
// (cards, bases, players, numbers: see Arg), rendered for the deciding seat
// only. Prompts are literals, so the process-wide table of texts stays small;
// a prompt built by concatenation does not compile.
func (g *Game) Ask(f *Frame, player Seat, prompt Prompt, flags int, args ...Arg) {
	g.emit(Event{Kind: EvAsked, Player: player, Card: None, Other: None, Base: None})
	if flags&AskMay != 0 {
		g.Offer(Option{Kind: OptPass, Player: None, Base: None, Card: None})
	}
	n := int(g.Pending.N)
	if flags&(AskMay|AskAlways) == 0 && n <= 1 {
		ans := Option{Kind: OptNone, Player: None, Base: None, Card: None}
		if n == 1 {
			ans = g.Pending.Opts[0]
		}
		g.answerAtOnce(f, player, prompt, args, ans)
		return
	}
	if flags&AskMay != 0 && n == 1 && flags&AskAlways == 0 {
		// a "may" with nothing to choose but declining is no decision: it is declined
		g.answerAtOnce(f, player, prompt, args, g.Pending.Opts[0])
		return
	}
	g.hideOrder(f, player)  // hidden.go: options from a deck or another's hand say nothing of its order
	if g.collapseAlike(f) { // alike.go: alike options are one; one left is no question
		g.answerAtOnce(f, player, prompt, args, g.Pending.Opts[0])
		return
	}
	g.pose(f, player, prompt, args, false)
}

// answerAtOnce answers a question that offers no real choice with ans. In a
// game that stops at such questions (RuleStopNoChoice), it is put all the
// same, with ans its only option and NoChoice set, for the server to answer
// after the pause it takes for every answer it makes: how soon play goes on
// then tells nobody whether the player had a choice (their hand held one
// minion, two, or none).
func (g *Game) answerAtOnce(f *Frame, player Seat, prompt Prompt, args []Arg, ans Option) {
	if g.Options&RuleStopNoChoice == 0 || player < 0 || player >= g.NPlayers {
		f.Ans, g.Pending.N = ans, 0
		f.Flags |= frContinue
		return
	}
	g.Pending.Opts[0], g.Pending.N = ans, 1
	g.pose(f, player, prompt, args, true)
}

// pose makes the question built with Opt the pending decision.
func (g *Game) pose(f *Frame, player Seat, prompt Prompt, args []Arg, noChoice bool) {
	g.Pending.Active = true
	g.Pending.NoChoice = noChoice
	g.Pending.Player = player
	g.Pending.Prompt = Text(string(prompt))
	g.Pending.Args = packArgs(args)
	g.Pending.Src = f.Src
	g.Pending.Frame = int8(g.frameIndex(f))
	f.Flags |= frAsked
}

func (g *Game) frameIndex(f *Frame) int {
	// (f points into g.Frames: its index is its distance from the first)
	d := uintptr(unsafe.Pointer(f)) - uintptr(unsafe.Pointer(&g.Frames[0]))
	if i := int(d / unsafe.Sizeof(Frame{})); d%unsafe.Sizeof(Frame{}) == 0 && i < int(g.NFrames) {
		return i
	}
	panic("engine: frame not on stack")
}

// mayFlag is AskMay when the player may decline, else no flag.
func mayFlag(may bool) int {
	if may {
		return AskMay
	}
	return 0
}

// AskCards asks player to choose one of cards.
func (g *Game) AskCards(f *Frame, player Seat, prompt Prompt, cards []CardID, may bool, args ...Arg) {
	g.BeginAsk()
	for _, c := range cards {
		g.OfferCard(c)
	}
	g.Ask(f, player, prompt, mayFlag(may), args...)
}

// AskBases asks player to choose one of the base slots.
func (g *Game) AskBases(f *Frame, player Seat, prompt Prompt, slots []BaseID, may bool, args ...Arg) {
	g.BeginAsk()
	for _, s := range slots {
		g.OfferBase(s)
	}
	g.Ask(f, player, prompt, mayFlag(may), args...)
}

// AskPlayers asks player to choose one of players.
func (g *Game) AskPlayers(f *Frame, player Seat, prompt Prompt, players []Seat, may bool, args ...Arg) {
	g.BeginAsk()
	for _, p := range players {
		g.Offer(Option{Kind: OptPlayer, Player: p, Base: None, Card: None})
	}
	g.Ask(f, player, prompt, mayFlag(may), args...)
}

// AskYesNo asks a "may" question.
func (g *Game) AskYesNo(f *Frame, player Seat, prompt Prompt, args ...Arg) {
	g.BeginAsk()
	g.Offer(Option{Kind: OptYes, Player: None, Base: None, Card: None})
	g.Offer(Option{Kind: OptNo, Player: None, Base: None, Card: None})
	g.Ask(f, player, prompt, AskAlways, args...)
}

// AskTexts asks player to choose one of several texts (OR choices, named factions).
func (g *Game) AskTexts(f *Frame, player Seat, prompt Prompt, choices []string, args ...Arg) {
	g.BeginAsk()
	for _, s := range choices {
		g.Offer(Option{Kind: OptText, Num: int16(Text(s)), Player: None, Base: None, Card: None})
	}
	g.Ask(f, player, prompt, 0, args...)
}

// AskNumber asks player for a number between lo and hi.
func (g *Game) AskNumber(f *Frame, player Seat, prompt Prompt, lo, hi int, args ...Arg) {
	g.BeginAsk()
	for n := lo; n <= hi; n++ {
		g.Offer(Option{Kind: OptNum, Num: int16(n), Player: None, Base: None, Card: None})
	}
	g.Ask(f, player, prompt, 0, args...)
}

// Public decision API ------------------------------------------------------

// Decision is a read-only description of what the game waits for.
type Decision struct {
	Player  Seat
	Prompt  string
	Src     CardID
	Options []Option
}

// Decision returns the pending decision; ok is false when the game is over.
func (g *Game) Decision() (Decision, bool) {
	if !g.Pending.Active {
		return Decision{}, false
	}
	d := Decision{Player: g.Pending.Player, Prompt: g.PromptText(DefaultName), Src: g.Pending.Src}
	d.Options = append([]Option(nil), g.Pending.Opts[:g.Pending.N]...)
	return d, true
}

// NumOptions returns the number of options of the pending decision.
func (g *Game) NumOptions() int {
	if !g.Pending.Active {
		return 0
	}
	return int(g.Pending.N)
}

// ErrNoDecision is returned when a decision is applied to a finished game.
var ErrNoDecision = errors.New("no decision is pending")

// Apply answers the pending decision with option i. An invalid answer
// returns an error and leaves the game unchanged.
func (g *Game) Apply(i int) error {
	if g.Over || !g.Pending.Active {
		return ErrNoDecision
	}
	if i < 0 || i >= int(g.Pending.N) {
		return fmt.Errorf("option %d is out of range (0..%d)", i, g.Pending.N-1)
	}
	fi := int(g.Pending.Frame)
	if fi < 0 || fi >= int(g.NFrames) {
		return fmt.Errorf("corrupt game: decision frame %d", fi)
	}
	g.Frames[fi].Ans = g.Pending.Opts[i]
	if !g.Quiet {
		g.shownByDecision()
	}
	g.Pending.Active, g.Pending.NoChoice = false, false
	g.Pending.N = 0
	g.Moves++
	g.run()
	return nil
}

// ApplySafe is Apply with a failure in card code (a panic) turned into an
// error and the game left as it was, so a bad state never crashes an interface.
func (g *Game) ApplySafe(i int) (err error) {
	saved := *g
	defer func() {
		if r := recover(); r != nil {
			*g = saved
			err = fmt.Errorf("engine failure: %v", r)
		}
	}()
	return g.Apply(i)
}
