package scenario

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/smashup/smashup/internal/engine"
)

// Result is the outcome of one scenario.
type Result struct {
	Name   string
	Pass   bool
	Reason string
	// Moves are the options chosen, by index, at each decision made before
	// the scenario ended (or failed): with the setup they rebuild the game
	// as the scenario left it (the sandbox's share links).
	Moves []int
}

type runner struct {
	s *Scenario
	g *engine.Game
	// labels: label -> card; a label moves to the card a step took in its
	// place (see decide)
	labels map[string]engine.CardID
	// standIn: cards that matched a step's label as stand-ins for the
	// labelled card (the engine merged the two, being alike): label -> card
	standIn map[engine.CardID]string
	moves   []int // every option applied, in order (Result.Moves)
}

// apply makes the decision at index k, remembering it.
func (r *runner) apply(k int) error {
	if err := r.g.Apply(k); err != nil {
		return err
	}
	r.moves = append(r.moves, k)
	return nil
}

type failure struct{ msg string }

func (r *runner) failf(step int, format string, a ...any) {
	panic(failure{fmt.Sprintf("step %d: ", step+1) + fmt.Sprintf(format, a...)})
}

// Run plays a scenario and reports whether every step matched and every check held.
func Run(s *Scenario) (res Result) {
	res.Name = s.Name
	var r *runner
	defer func() {
		if r != nil {
			res.Moves = r.moves
		}
		if e := recover(); e != nil {
			if f, ok := e.(failure); ok {
				res.Reason = f.msg
			} else {
				res.Reason = fmt.Sprintf("engine panic: %v", e)
			}
			res.Pass = false
		}
	}()
	g, err := engine.New(s.es)
	if err != nil {
		return Result{Name: s.Name, Reason: "setup: " + err.Error()}
	}
	r = &runner{s: s, g: g, labels: maps.Clone(s.labels)}
	for i, st := range s.steps {
		st.run(r, i)
	}
	res.Pass = true
	return res
}

func (p passStep) run(r *runner, i int) {
	r.checkPlayer(i, p.player)
	r.decide(i, func(o engine.Option) bool { return o.Kind == engine.OptPass }, "pass", true)
}

func (u useStep) run(r *runner, i int) {
	r.checkPlayer(i, u.player)
	// A Special that plays its own card (Tenacious Z from the discard pile) is "used" too.
	r.decide(i, func(o engine.Option) bool {
		return (o.Kind == engine.OptUse || o.Kind == engine.OptPlay && o.Special() >= 0) && r.matchCard(o.Card, u.card)
	}, "use "+u.card.String(), false)
}

func (e expectStep) run(r *runner, i int) {
	for _, c := range e.checks {
		c.run(r, i)
	}
}

func zoneName(z engine.Zone) string {
	switch z {
	case engine.ZInPlay, engine.ZBaseInPlay:
		return "play"
	}
	return z.String()
}

func sameZone(spec string, z engine.Zone) bool {
	s := strings.ToLower(strings.TrimSpace(spec))
	switch s {
	case "play", "in play", "in_play", "base", "bases":
		return z == engine.ZInPlay || z == engine.ZBaseInPlay
	case "base deck", "base_deck":
		return z == engine.ZBaseDeck
	case "base discard", "base_discard":
		return z == engine.ZBaseDiscard
	case "set aside", "set_aside", "revealed":
		return z == engine.ZSetAside
	}
	return s == z.String()
}

func (r *runner) labelOf(c engine.CardID) string {
	for l, i := range r.labels {
		if i == c {
			return l
		}
	}
	return ""
}

func (r *runner) matchCard(c engine.CardID, cs cardSpec) bool {
	g := r.g
	if c < 0 {
		return false
	}
	if l := r.labels[cs.label]; cs.label != "" && l != c {
		// a card alike the labelled one stands in for it: the engine offers
		// one of alike cards, and the label then follows the card chosen
		if l < 0 || !g.CardsAlike(l, c) {
			return false
		}
		if r.standIn == nil {
			r.standIn = map[engine.CardID]string{}
		}
		r.standIn[c] = cs.label
	}
	if cs.name != "" && engine.Normalize(g.Name(c)) != engine.Normalize(cs.name) {
		return false
	}
	cd := g.Cards[c]
	if cs.base != "" {
		s := g.BaseOf(c)
		if cd.Zone == engine.ZBaseInPlay {
			s = cd.Base
		}
		if s < 0 || engine.Normalize(g.Name(g.BaseCardAt(s))) != engine.Normalize(cs.base) {
			return false
		}
	}
	if cs.zone != "" && !sameZone(cs.zone, cd.Zone) {
		return false
	}
	if cs.owner >= 0 && int(cd.Owner) != cs.owner {
		return false
	}
	if cs.ctrl >= 0 && int(cd.Ctrl) != cs.ctrl {
		return false
	}
	return true
}

// checkPlayer fails step i unless the player it names ("" for any) is asked.
func (r *runner) checkPlayer(i int, id string) {
	if id == "" {
		return
	}
	r.resume()
	d, ok := r.g.Decision()
	if !ok {
		r.failf(i, "expected a decision for %s, but the game is over", id)
	}
	if r.s.ids[d.Player] != id {
		r.failf(i, "expected %s to be asked, but %s is asked: %s", id, r.s.ids[d.Player], r.describeDecision())
	}
}

func (r *runner) resume() {
	if r.g.Paused {
		r.g.ClearBreak()
		r.g.Resume()
	}
}

// decide applies the single (after merging alike options) option matching pred.
func (r *runner) decide(i int, pred func(engine.Option) bool, what string, passLike bool) {
	r.resume()
	d, ok := r.g.Decision()
	if !ok {
		r.failf(i, "%s: no decision is pending (game over)", what)
	}
	var idx []int
	for k, o := range d.Options {
		if pred(o) {
			idx = append(idx, k)
		}
	}
	if len(idx) == 0 && passLike { // pass and no both decline
		for k, o := range d.Options {
			if o.Kind == engine.OptNo || o.Kind == engine.OptPass {
				idx = append(idx, k)
			}
		}
	}
	groups := map[string]bool{}
	for _, k := range idx {
		groups[r.signature(d.Options[k])] = true
	}
	if len(groups) == 0 {
		r.failf(i, "%s matches no option of the pending decision: %s", what, r.describeDecision())
	}
	if len(groups) > 1 {
		r.failf(i, "%s matches %d different options of the pending decision: %s", what, len(groups), r.describeDecision())
	}
	chosen := d.Options[idx[0]].Card
	label, swap := r.standIn[chosen]
	clear(r.standIn)
	if err := r.apply(idx[0]); err != nil {
		r.failf(i, "%s: %v", what, err)
	}
	if swap { // the label names the card chosen; a label it had names the other
		l := r.labels[label]
		if other := r.labelOf(chosen); other != "" {
			r.labels[other] = l
		}
		r.labels[label] = chosen
	}
}

// signature is everything a step can name about an option; alike options share it.
// For an option about a card that is the kind of step (play, use, choose), the
// card's name, zone, base, owner, controller and label: never which of the card's
// abilities or which kind of play it is (a step cannot name those), so two
// options that differ only there count as one and the step takes the first.
func (r *runner) signature(o engine.Option) string {
	g := r.g
	if o.Card >= 0 && (o.Kind == engine.OptCard || o.Kind == engine.OptPlay || o.Kind == engine.OptUse) {
		cd := g.Cards[o.Card]
		return fmt.Sprintf("%d/%s/%d/%d/%d/%d/%s", o.Kind, engine.Normalize(g.Name(o.Card)), cd.Zone, cd.Owner, cd.Ctrl, cd.Base, r.labelOf(o.Card))
	}
	s := fmt.Sprintf("%d/%d/%d/%d", o.Kind, o.Num, o.Player, o.Base)
	if o.Card >= 0 {
		s += "/" + engine.Normalize(g.Name(o.Card))
	}
	return s
}

func (p playStep) run(r *runner, i int) {
	r.checkPlayer(i, p.player)
	spec := p.card
	r.resume()
	d, _ := r.g.Decision()
	player := d.Player
	played := engine.NoCard
	r.decide(i, func(o engine.Option) bool {
		if o.Kind == engine.OptPlay && r.matchCard(o.Card, spec) {
			if played < 0 {
				played = o.Card
			}
			return true
		}
		return false
	}, "play "+spec.String(), false)
	if p.base != "" {
		nd, ok := r.g.Decision()
		if ok && nd.Player == player && allKind(nd.Options, engine.OptBase) {
			r.decide(i, func(o engine.Option) bool {
				return o.Kind == engine.OptBase && engine.Normalize(r.g.Name(o.Card)) == engine.Normalize(p.base)
			}, "base "+p.base, false)
		} else if at := r.baseNameOf(played); at != "" && engine.Normalize(at) != engine.Normalize(p.base) {
			// no base was asked (one choice only): the step must still have named it
			r.failf(i, "play %s: base %s: it went to %s, the only base it could go to", spec.String(), p.base, at)
		}
	}
	if p.on != nil {
		on := *p.on
		nd, ok := r.g.Decision()
		if ok && nd.Player == player && allKind(nd.Options, engine.OptCard) {
			r.decide(i, func(o engine.Option) bool { return o.Kind == engine.OptCard && r.matchCard(o.Card, on) }, "on "+on.String(), false)
		} else if played >= 0 && r.g.InPlay(played) {
			// no minion was asked (one choice only): the step must still have named it
			if m := r.g.Cards[played].On; m < 0 || !r.matchCard(m, on) {
				where := "on no minion"
				if m >= 0 {
					where = "on " + r.g.Name(m)
				}
				r.failf(i, "play %s: on %s: it was played %s, the only place it could go", spec.String(), on.String(), where)
			}
		}
	}
}

// baseNameOf names the base card c is on, or "" when it is not in play.
func (r *runner) baseNameOf(c engine.CardID) string {
	if c < 0 || !r.g.InPlay(c) {
		return ""
	}
	return r.g.Name(r.g.BaseCardAt(r.g.Cards[c].Base))
}

func allKind(os []engine.Option, k engine.OptKind) bool {
	if len(os) == 0 {
		return false
	}
	for _, o := range os {
		if o.Kind != k {
			return false
		}
	}
	return true
}

func (c chooseStep) run(r *runner, i int) {
	r.checkPlayer(i, c.player)
	g := r.g
	if c.option >= 0 {
		r.resume()
		d, ok := g.Decision()
		if !ok || c.option >= len(d.Options) {
			r.failf(i, "choose option %d: the pending decision has no such option: %s", c.option, r.describeDecision())
		}
		if err := r.apply(c.option); err != nil {
			r.failf(i, "choose option %d: %v", c.option, err)
		}
		return
	}
	if c.mapped {
		spec := c.card
		if spec.name == "" && spec.label == "" && spec.base == "" && c.whom >= 0 {
			r.decide(i, func(o engine.Option) bool { return o.Kind == engine.OptPlayer && int(o.Player) == c.whom }, "choose player "+r.s.ids[c.whom], false)
			return
		}
		if spec.name == "" && spec.label == "" && spec.base != "" {
			norm := engine.Normalize(spec.base)
			r.decide(i, func(o engine.Option) bool {
				return o.Kind == engine.OptBase && o.Card >= 0 && engine.Normalize(g.Name(o.Card)) == norm
			}, "choose base "+spec.base, false)
			return
		}
		r.decide(i, func(o engine.Option) bool {
			switch o.Kind {
			case engine.OptCard, engine.OptPlay, engine.OptUse:
				return r.matchCard(o.Card, spec)
			}
			return false
		}, "choose "+spec.String(), false)
		return
	}
	what := "choose " + c.text
	if c.yesNo {
		// "no" to a may offered as options plus pass declines it (like pass)
		r.decide(i, func(o engine.Option) bool { return o.Kind == c.want }, what, c.want == engine.OptNo)
		return
	}
	if c.isNum {
		r.resume()
		if d, ok := g.Decision(); ok {
			for _, o := range d.Options {
				if o.Kind == engine.OptNum && o.Number() == c.num {
					r.decide(i, func(o engine.Option) bool { return o.Kind == engine.OptNum && o.Number() == c.num }, what, false)
					return
				}
			}
		}
	}
	if c.isSeat {
		r.resume()
		if d, ok := g.Decision(); ok && anyKind(d.Options, engine.OptPlayer) {
			r.decide(i, func(o engine.Option) bool { return o.Kind == engine.OptPlayer && o.Player == c.seat }, what, false)
			return
		}
	}
	norm := engine.Normalize(c.text)
	r.decide(i, func(o engine.Option) bool {
		switch o.Kind {
		case engine.OptCard, engine.OptPlay, engine.OptUse:
			return r.matchCard(o.Card, c.card)
		case engine.OptBase:
			return o.Card >= 0 && engine.Normalize(g.Name(o.Card)) == norm
		case engine.OptText:
			return engine.Normalize(engine.TextOf(o.Text())) == norm
		}
		return false
	}, what, false)
}

func anyKind(os []engine.Option, k engine.OptKind) bool {
	for _, o := range os {
		if o.Kind == k {
			return true
		}
	}
	return false
}

// until ---------------------------------------------------------------------

func (u untilStep) run(r *runner, i int) {
	g := r.g
	target := u.target
	g.ClearBreak()
	if u.turn {
		g.BreakAtTurn(u.seat)
	} else {
		g.BreakAtPhase(u.phase)
	}
	if g.Paused {
		g.Resume()
	}
	for n := 0; n < 100000; n++ {
		if g.Over || g.Paused {
			g.ClearBreak()
			return
		}
		d, ok := g.Decision()
		if !ok {
			g.ClearBreak()
			return
		}
		pick := -1
		for k, o := range d.Options {
			if o.Kind == engine.OptPass {
				pick = k
				break
			}
		}
		if pick < 0 {
			for k, o := range d.Options {
				if o.Kind == engine.OptNo {
					pick = k
					break
				}
			}
		}
		if pick < 0 {
			g.ClearBreak()
			r.failf(i, "until %s: a decision with no pass option came first: %s", target, r.describeDecision())
		}
		if err := r.apply(pick); err != nil {
			r.failf(i, "until %s: %v", target, err)
		}
	}
	r.failf(i, "until %s: the game did not get there", target)
}

// checks ------------------------------------------------------------------------

func names(g *engine.Game, cs []engine.CardID) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = g.Name(c)
	}
	return out
}

func normSorted(l []string) []string {
	out := make([]string, len(l))
	for i, s := range l {
		out[i] = engine.Normalize(s)
	}
	sort.Strings(out)
	return out
}

// sameMultiset reports whether a and b name the same cards, in any order.
func sameMultiset(a, b []string) bool { return slices.Equal(normSorted(a), normSorted(b)) }

func subMultiset(sub, all []string) bool {
	count := map[string]int{}
	for _, s := range all {
		count[engine.Normalize(s)]++
	}
	for _, s := range sub {
		n := engine.Normalize(s)
		if count[n] == 0 {
			return false
		}
		count[n]--
	}
	return true
}

func show(l []string) string { return "[" + strings.Join(l, ", ") + "]" }

// sameSeq reports whether a and b name the same cards in the same order.
func sameSeq(a, b []string) bool {
	return slices.EqualFunc(a, b, func(x, y string) bool { return engine.Normalize(x) == engine.Normalize(y) })
}

// findInPlay finds a card in play by label or unique name.
func (r *runner) findInPlay(i int, key string) engine.CardID {
	g := r.g
	if c, ok := r.labels[key]; ok {
		if !g.InPlay(c) {
			r.failf(i, "%s (label) is no longer in play: it is in %s", key, g.Cards[c].Zone)
		}
		return c
	}
	found := engine.NoCard
	for _, s := range g.BaseSlots() {
		for _, c := range g.OnBase(s) {
			if engine.Normalize(g.Name(c)) == engine.Normalize(key) {
				if found >= 0 {
					r.failf(i, "%q names more than one card in play; give it a label", key)
				}
				found = c
			}
		}
	}
	if found < 0 {
		r.failf(i, "no card %q is in play", key)
	}
	return found
}

func (r *runner) slotByName(i int, name string) engine.BaseID {
	g := r.g
	for _, s := range g.BaseSlots() {
		if engine.Normalize(g.Name(g.BaseCardAt(s))) == engine.Normalize(name) {
			return s
		}
	}
	r.failf(i, "base %q is not in play", name)
	return -1
}

func dedupe(l []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range l {
		n := engine.Normalize(s)
		if !seen[n] {
			seen[n] = true
			out = append(out, s)
		}
	}
	return out
}
