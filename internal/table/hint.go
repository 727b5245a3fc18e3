package table

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"time"

	"github.com/smashup/smashup/internal/ai"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/present"
	"github.com/smashup/smashup/internal/wire"
)

// Hints: a seat asks what the strongest computer level would play at its
// own pending decision (POST /api/games/{id}/hint). The answer is the
// search player's ("max": ai.NewAdvisor) run exactly as a computer seat's
// is, on a copy of the game and from what the seat may know only (every
// world it searches is a Determinize of the game for the seat), without
// the game's lock, and with its time bounded (HintTime). It never changes
// the game. Hints are given in games where every other seat is a computer,
// and in games between people only when their creator allowed them for
// everyone (Config.Hints, shown to every seat: Update.Hints).

// HintTime bounds the search of one hint (it usually ends sooner: the hard
// level's iterations on each core take tens of milliseconds).
const HintTime = 2 * time.Second

// hintSlot lets one hint be searched at a time: the cores are shared with
// every game's computer players. A request waits for it at most hintWait.
var hintSlot = make(chan struct{}, 1)

const hintWait = 5 * time.Second

// Errors of hints.
var (
	ErrHintsOff   = errors.New("hints are off in this game: they are given against computers only, or when the game was created with hints allowed for everyone")
	ErrHintDraft  = errors.New("hints are given for the game's decisions, not for the faction draft")
	ErrHintBusy   = errors.New("the server is busy thinking of other hints; ask again in a moment")
	ErrHintFailed = errors.New("no hint could be worked out for this decision")
)

// hintCache is the last hint a game gave: the hint for its move at.
type hintCache struct {
	at   int
	hint *wire.Hint
}

// hintsAllowed reports whether seats may ask for hints: every seat but one
// is a computer, or the creator allowed hints for everyone.
func (l *Table) hintsAllowed() bool {
	people := 0
	for _, s := range l.cfg.Seats {
		if s.Kind == Human {
			people++
		}
	}
	return people <= 1 || l.cfg.Hints
}

// hintJob is what a hint is worked out from, taken under the game's lock.
type hintJob struct {
	g     *engine.Game // a copy
	seat  engine.Seat
	at    int
	seed  uint64
	names present.Names
	d     *wire.Decision // the decision as the seat is shown it
	limit time.Duration  // the search's time (HintTime)
}

// Hint works out the hint for seat's decision at move n (the game is not
// changed, and its lock is not held while the search runs).
func (l *Table) Hint(ctx context.Context, seat engine.Seat, n int) (*wire.Hint, error) {
	job, cached, err := l.hintJob(seat, n)
	if err != nil || cached != nil {
		return cached, err
	}
	wait, cancel := context.WithTimeout(ctx, hintWait)
	defer cancel()
	select {
	case hintSlot <- struct{}{}:
	case <-wait.Done():
		return nil, ErrHintBusy
	}
	h, err := func() (h *wire.Hint, err error) {
		defer func() { <-hintSlot }()
		if _, cached, err := l.hintJob(seat, n); err != nil || cached != nil {
			return cached, err // another request worked it out meanwhile
		}
		defer func() {
			if r := recover(); r != nil {
				l.log().Error("a hint failed", "move", n, "err", r)
				h, err = nil, ErrHintFailed
			}
		}()
		return job.work(), nil
	}()
	if err != nil {
		return nil, err
	}
	var moved bool
	l.locked(func() {
		if moved = len(l.moves) != n; !moved {
			l.hintMemo = hintCache{at: n, hint: h}
		}
	})
	if moved {
		return nil, ErrStale
	}
	return h, nil
}

// hintJob checks that seat may have a hint at move n and takes what it is
// worked out from (or the hint already given for that move).
func (l *Table) hintJob(seat engine.Seat, n int) (*hintJob, *wire.Hint, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.evicted:
		return nil, nil, ErrEvicted
	case l.broken != nil:
		return nil, nil, l.broken
	case !l.hintsAllowed():
		return nil, nil, ErrHintsOff
	case l.cfg.Waiting:
		return nil, nil, ErrNotYourTurn
	}
	gs, ok := l.src.(gameSource)
	if !ok {
		if l.src == nil {
			return nil, nil, ErrNotYourTurn
		}
		return nil, nil, ErrHintDraft
	}
	if n != len(l.moves) {
		return nil, nil, ErrStale
	}
	if who, _ := l.pending(); who == engine.NoSeat {
		return nil, nil, ErrGameOver
	} else if who != seat || l.autoMove(seat) {
		return nil, nil, ErrNotYourTurn
	}
	if l.hintMemo.hint != nil && l.hintMemo.at == n {
		return nil, l.hintMemo.hint, nil
	}
	var m Message
	gs.show(&m, seat, l.names(), false)
	if m.Decision == nil || !m.Decision.Mine {
		return nil, nil, ErrNotYourTurn
	}
	g := new(engine.Game)
	g.CopyFrom(gs.g)
	return &hintJob{g: g, seat: seat, at: n, seed: SubSeed(l.cfg.Setup.Seed, "hint", uint64(n)), names: l.names(), d: m.Decision, limit: HintTime}, nil, nil
}

// work searches the decision as the strongest computer level would, and
// says what it found in one line.
func (j *hintJob) work() *wire.Hint {
	adv := ai.NewAdvisor(j.seed, runtime.GOMAXPROCS(0), j.limit)
	v := j.g.View(j.seat)
	a := adv.Analyze(j.g, &v)
	h := &wire.Hint{Move: j.at, Option: a.Choice}
	o := OptionAt(j.d, a.Choice)
	if o == nil {
		return nil // the seat's options are the game's (wire.Build): cannot happen
	}
	what := HintWords(j.d, o, j.names, j.seat, false)
	if o.Then != nil && a.Searched {
		next := new(engine.Game)
		next.CopyFrom(j.g)
		if err := next.ApplySafe(a.Choice); err == nil && next.Pending.Active && next.Pending.Player == j.seat {
			if f := a.Follow(next); f >= 0 {
				for _, t := range o.Then.Options {
					if t.Index == f {
						h.Then = []int{f}
						what += " " + thenWords(&t)
					}
				}
			}
		}
	}
	if !a.Searched {
		if len(j.d.Options) == 1 {
			h.Line = what + ": it is your only choice."
		} else {
			h.Line = what + "."
		}
		return h
	}
	pct := func(x float64) *int { p := int(math.Round(100 * x)); return &p }
	h.Chance = pct(a.Value())
	h.Line = fmt.Sprintf("%s: your estimated chance to win is %d%% with it", what, *h.Chance)
	if r := a.RunnerUp(); r >= 0 {
		h.Next = pct(a.Mean[r])
		if ro := OptionAt(j.d, r); ro != nil {
			h.Line += fmt.Sprintf(", %d%% with the next best (%s)", *h.Next, HintWords(j.d, ro, j.names, j.seat, true))
		}
	}
	h.Line += fmt.Sprintf(" (the strongest computer level, over %d possible futures).", a.Iterations)
	h.Why = j.why(a.Choice, a.RunnerUp())
	if h.Why != "" {
		h.Line += " " + h.Why
	}
	return h
}

// whyPlayouts is how many playouts say what a hint's option leads to.
const whyPlayouts = 48

// why says what option leads to by the end of the round, beside the
// runner-up (-1: none), in the table's terms: the base where it changes
// most how often the seat leads, and the VP it gains when that differs.
// "Why: at the end of the round you lead at Tar Pits in 70% of the
// futures with it (30% with the next best), and gain 1.5 VP on average
// (0.2)."
func (j *hintJob) why(option, runnerUp int) string {
	o := ai.LookAhead(j.g, j.seat, option, whyPlayouts, j.seed^0x3779)
	var r ai.Outlook
	if runnerUp >= 0 {
		r = ai.LookAhead(j.g, j.seat, runnerUp, whyPlayouts, j.seed^0x3779)
	}
	// the base where the option changes the seat's lead most (in play
	// now: a base that came out during the playouts is not one to name)
	best, diff := engine.CardID(0), -1.0
	for _, s := range j.g.BaseSlots() {
		c := j.g.BaseCardAt(s)
		d := o.Leads[c] - r.Leads[c]
		if runnerUp < 0 {
			d = o.Leads[c]
		}
		if d > diff {
			best, diff = c, d
		}
	}
	var parts []string
	if diff >= 0.1 {
		p := fmt.Sprintf("at the end of the round you lead at %s in %d%% of the futures with it", j.g.Name(best), int(math.Round(100*o.Leads[best])))
		if runnerUp >= 0 {
			p += fmt.Sprintf(" (%d%% with the next best)", int(math.Round(100*r.Leads[best])))
		}
		parts = append(parts, p)
	}
	if o.Mine >= 0.05 && (runnerUp < 0 || math.Abs(o.Mine-r.Mine) >= 0.2) {
		p := fmt.Sprintf("you gain %s on average by then", vp(o.Mine))
		if runnerUp >= 0 {
			p += fmt.Sprintf(" (%s with the next best)", vp(r.Mine))
		}
		parts = append(parts, p)
	}
	if runnerUp >= 0 && r.Theirs-o.Theirs >= 0.2 {
		parts = append(parts, fmt.Sprintf("the others gain at most %s on average by then, against %s with the next best", vp(o.Theirs), vp(r.Theirs)))
	}
	if len(parts) == 0 {
		return ""
	}
	return "Why: " + strings.Join(parts, "; ") + "."
}

// vp says an average of VP with one decimal ("1 VP", "0.4 VP").
func vp(x float64) string {
	v := math.Round(10*x) / 10
	if v == math.Trunc(v) {
		return fmt.Sprintf("%.0f VP", v)
	}
	return fmt.Sprintf("%.1f VP", v)
}

// OptionAt is the option of d a move sends as index i (nil: none).
func OptionAt(d *wire.Decision, i int) *wire.Option {
	for k := range d.Options {
		if d.Options[k].Index == i {
			return &d.Options[k]
		}
	}
	return nil
}

// HintWords says what option o of decision d does, as an instruction
// (short: without the question it answers); the review says so too.
func HintWords(d *wire.Decision, o *wire.Option, names present.Names, seat engine.Seat, short bool) string {
	name := "a hidden card"
	if o.Card != nil && !o.Card.Hidden {
		name = o.Card.Name
	}
	switch o.Kind {
	case "play":
		if o.Special {
			return "Play " + name + " (its Special)"
		}
		return "Play " + name
	case "use":
		return "Use " + name
	case "card", "base":
		return "Choose " + name
	case "pass":
		switch d.Kind {
		case "main":
			return "End the Play Cards phase"
		case "window":
			return "Pass"
		}
	case "player":
		if o.Player != nil {
			if engine.Seat(*o.Player) == seat {
				return "Choose yourself"
			}
			if *o.Player >= 0 && *o.Player < len(names) {
				return "Choose " + names[*o.Player]
			}
		}
	case "number":
		if o.Number != nil {
			return fmt.Sprintf("Choose %d", *o.Number)
		}
	case "text":
		if o.Text != "" {
			return "Choose " + o.Text
		}
	}
	if (o.Kind == "yes" || o.Kind == "no") && d.Prompt != "" && !short {
		return fmt.Sprintf("Answer %q to %q", capital(o.Label), d.Prompt)
	}
	return capital(o.Label)
}

// thenWords says where the follow-up answer t puts the card ("on Tar Pits").
func thenWords(t *wire.Option) string {
	if t.Card != nil && !t.Card.Hidden && t.Card.Name != "" {
		return "on " + t.Card.Name
	}
	return "then " + t.Label
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
