package scenario

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/smashup/smashup/internal/engine"
	"gopkg.in/yaml.v3"
)

// Result is the outcome of one scenario.
type Result struct {
	Name   string
	Pass   bool
	Reason string
}

type runner struct {
	s *Scenario
	g *engine.Game
	// standIn: cards that matched a step's label as stand-ins for the
	// labelled card (the engine merged the two, being alike): label -> card
	standIn map[engine.CardID]string
}

type failure struct{ msg string }

func (r *runner) failf(step int, format string, a ...any) {
	panic(failure{fmt.Sprintf("step %d: ", step+1) + fmt.Sprintf(format, a...)})
}

// Run plays a scenario and reports whether every step matched and every check held.
func Run(s *Scenario) (res Result) {
	res.Name = s.Name
	defer func() {
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
	r := &runner{s: s, g: g}
	for i, st := range s.steps {
		r.step(i, st)
	}
	return Result{Name: s.Name, Pass: true}
}

func (r *runner) step(i int, st *yaml.Node) {
	if st.Kind == yaml.ScalarNode { // pass
		r.decide(i, st, func(o engine.Option) bool { return o.Kind == engine.OptPass }, "pass", true)
		return
	}
	m := map[string]*yaml.Node{}
	for _, kv := range pairs(st) {
		m[kv[0].Value] = kv[1]
	}
	switch {
	case m["expect"] != nil:
		r.expect(i, m["expect"])
	case m["until"] != nil:
		r.until(i, m["until"])
	case m["play"] != nil:
		r.play(i, st, m)
	case m["use"] != nil:
		spec := r.cardSpec(m["use"])
		r.checkPlayer(i, m)
		// A Special that plays its own card (Tenacious Z from the discard pile) is "used" too.
		r.decide(i, st, func(o engine.Option) bool {
			return (o.Kind == engine.OptUse || o.Kind == engine.OptPlay && o.Num >= 0) && r.matchCard(o.Card, spec)
		}, "use "+spec.String(), false)
	case m["choose"] != nil:
		r.checkPlayer(i, m)
		r.choose(i, st, m["choose"])
	case m["pass"] != nil:
		r.checkPlayer(i, m)
		r.decide(i, st, func(o engine.Option) bool { return o.Kind == engine.OptPass }, "pass", true)
	default:
		r.failf(i, "unknown step")
	}
}

// cardSpec is what a step can name about a card.
type cardSpec struct {
	name, base, label, zone string
	owner, ctrl             int
}

func (c cardSpec) String() string {
	parts := []string{}
	if c.name != "" {
		parts = append(parts, c.name)
	}
	if c.label != "" {
		parts = append(parts, "label "+c.label)
	}
	if c.base != "" {
		parts = append(parts, "at "+c.base)
	}
	if c.zone != "" {
		parts = append(parts, "in "+c.zone)
	}
	return strings.Join(parts, " ")
}

func (r *runner) cardSpec(n *yaml.Node) cardSpec {
	cs := cardSpec{owner: -1, ctrl: -1}
	if n.Kind == yaml.ScalarNode {
		if _, ok := r.s.labels[n.Value]; ok {
			cs.label = n.Value
		} else {
			cs.name = n.Value
		}
		return cs
	}
	for _, kv := range pairs(n) {
		v := kv[1].Value
		switch kv[0].Value {
		case "card":
			if _, ok := r.s.labels[v]; ok {
				cs.label = v
			} else {
				cs.name = v
			}
		case "base":
			cs.base = v
		case "label":
			cs.label = v
		case "zone":
			cs.zone = v
		case "owner":
			cs.owner = int(r.s.seat[v])
		case "controller", "player":
			cs.ctrl = int(r.s.seat[v])
		}
	}
	return cs
}

func zoneName(z engine.Zone) string {
	switch z {
	case engine.ZInPlay, engine.ZBaseInPlay:
		return "play"
	}
	return z.String()
}

// knownZone reports whether a zone: value names a zone sameZone understands.
func knownZone(spec string) bool {
	for z := engine.Zone(0); z <= engine.ZTitan; z++ {
		if sameZone(spec, z) {
			return true
		}
	}
	return false
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
	for l, i := range r.s.labels {
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
	if l := r.s.labels[cs.label]; cs.label != "" && l != c {
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

func (r *runner) checkPlayer(i int, m map[string]*yaml.Node) {
	if pn := m["player"]; pn != nil {
		r.resume()
		d, ok := r.g.Decision()
		if !ok {
			r.failf(i, "expected a decision for %s, but the game is over", pn.Value)
		}
		if r.s.ids[d.Player] != pn.Value {
			r.failf(i, "expected %s to be asked, but %s is asked: %s", pn.Value, r.s.ids[d.Player], r.describeDecision())
		}
	}
}

func (r *runner) resume() {
	if r.g.Paused {
		r.g.ClearBreak()
		r.g.Resume()
	}
}

// decide applies the single (after merging alike options) option matching pred.
func (r *runner) decide(i int, st *yaml.Node, pred func(engine.Option) bool, what string, passLike bool) {
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
	if err := r.g.Apply(idx[0]); err != nil {
		r.failf(i, "%s: %v", what, err)
	}
	if swap { // the label names the card chosen; a label it had names the other
		l := r.s.labels[label]
		if other := r.labelOf(chosen); other != "" {
			r.s.labels[other] = l
		}
		r.s.labels[label] = chosen
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

func (r *runner) play(i int, st *yaml.Node, m map[string]*yaml.Node) {
	r.checkPlayer(i, m)
	spec := r.cardSpec(m["play"])
	var onNode *yaml.Node
	if m["play"].Kind == yaml.MappingNode {
		for _, kv := range pairs(m["play"]) {
			if kv[0].Value == "on" {
				onNode = kv[1]
			}
		}
	}
	if m["on"] != nil {
		onNode = m["on"]
	}
	// the base in a play step (beside play:, or inside its mapping) is where
	// the card goes, not where it is
	baseName := spec.base
	if m["base"] != nil {
		baseName = m["base"].Value
	}
	spec.base = ""
	r.resume()
	d, _ := r.g.Decision()
	player := d.Player
	played := engine.NoCard
	r.decide(i, st, func(o engine.Option) bool {
		if o.Kind == engine.OptPlay && r.matchCard(o.Card, spec) {
			if played < 0 {
				played = o.Card
			}
			return true
		}
		return false
	}, "play "+spec.String(), false)
	if baseName != "" {
		nd, ok := r.g.Decision()
		if ok && nd.Player == player && allKind(nd.Options, engine.OptBase) {
			r.decide(i, st, func(o engine.Option) bool {
				return o.Kind == engine.OptBase && engine.Normalize(r.g.Name(o.Card)) == engine.Normalize(baseName)
			}, "base "+baseName, false)
		} else if at := r.baseNameOf(played); at != "" && engine.Normalize(at) != engine.Normalize(baseName) {
			// no base was asked (one choice only): the step must still have named it
			r.failf(i, "play %s: base %s: it went to %s, the only base it could go to", spec.String(), baseName, at)
		}
	}
	if onNode != nil {
		on := r.cardSpec(onNode)
		nd, ok := r.g.Decision()
		if ok && nd.Player == player && allKind(nd.Options, engine.OptCard) {
			r.decide(i, st, func(o engine.Option) bool { return o.Kind == engine.OptCard && r.matchCard(o.Card, on) }, "on "+on.String(), false)
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

func (r *runner) choose(i int, st *yaml.Node, v *yaml.Node) {
	g := r.g
	if v.Kind == yaml.ScalarNode {
		val := v.Value
		low := strings.ToLower(val)
		if v.Tag == "!!bool" || low == "yes" || low == "no" || low == "true" || low == "false" {
			want := engine.OptYes
			if low == "no" || low == "false" {
				want = engine.OptNo
			}
			// "no" to a may offered as options plus pass declines it (like pass)
			r.decide(i, st, func(o engine.Option) bool { return o.Kind == want }, "choose "+val, want == engine.OptNo)
			return
		}
		if n, err := strconv.Atoi(val); err == nil {
			r.resume()
			if d, ok := g.Decision(); ok {
				for _, o := range d.Options {
					if o.Kind == engine.OptNum && int(o.Num) == n {
						r.decide(i, st, func(o engine.Option) bool { return o.Kind == engine.OptNum && int(o.Num) == n }, "choose "+val, false)
						return
					}
				}
			}
		}
		if p, ok := r.s.seat[val]; ok {
			r.resume()
			if d, ok2 := g.Decision(); ok2 && anyKind(d.Options, engine.OptPlayer) {
				r.decide(i, st, func(o engine.Option) bool { return o.Kind == engine.OptPlayer && o.Player == p }, "choose "+val, false)
				return
			}
		}
		spec := r.cardSpec(v)
		norm := engine.Normalize(val)
		r.decide(i, st, func(o engine.Option) bool {
			switch o.Kind {
			case engine.OptCard, engine.OptPlay, engine.OptUse:
				return r.matchCard(o.Card, spec)
			case engine.OptBase:
				return o.Card >= 0 && engine.Normalize(g.Name(o.Card)) == norm
			case engine.OptText:
				return engine.Normalize(engine.TextOf(o.Num)) == norm
			}
			return false
		}, "choose "+val, false)
		return
	}
	// mapping
	spec := r.cardSpec(v)
	playerOnly := -1
	for _, kv := range pairs(v) {
		if kv[0].Value == "player" {
			playerOnly = int(r.s.seat[kv[1].Value])
		}
	}
	if spec.name == "" && spec.label == "" && spec.base == "" && playerOnly >= 0 {
		r.decide(i, st, func(o engine.Option) bool { return o.Kind == engine.OptPlayer && int(o.Player) == playerOnly }, "choose player "+r.s.ids[playerOnly], false)
		return
	}
	if spec.name == "" && spec.label == "" && spec.base != "" {
		norm := engine.Normalize(spec.base)
		r.decide(i, st, func(o engine.Option) bool {
			return o.Kind == engine.OptBase && o.Card >= 0 && engine.Normalize(g.Name(o.Card)) == norm
		}, "choose base "+spec.base, false)
		return
	}
	r.decide(i, st, func(o engine.Option) bool {
		switch o.Kind {
		case engine.OptCard, engine.OptPlay, engine.OptUse:
			return r.matchCard(o.Card, spec)
		}
		return false
	}, "choose "+spec.String(), false)
}

func anyKind(os []engine.Option, k engine.OptKind) bool {
	for _, o := range os {
		if o.Kind == k {
			return true
		}
	}
	return false
}

// Describing ------------------------------------------------------------------

func (r *runner) optionName(o engine.Option) string {
	return OptionName(r.g, o, r.s.ids)
}

// OptionName names an option the way scenario steps and checks name it.
func OptionName(g *engine.Game, o engine.Option, ids []string) string {
	switch o.Kind {
	case engine.OptPass:
		return "pass"
	case engine.OptYes:
		return "yes"
	case engine.OptNo:
		return "no"
	case engine.OptNum:
		return strconv.Itoa(int(o.Num))
	case engine.OptText:
		return engine.TextOf(o.Num)
	case engine.OptPlayer:
		if int(o.Player) < len(ids) {
			return ids[o.Player]
		}
		return fmt.Sprint(o.Player)
	}
	if o.Card >= 0 {
		return g.Name(o.Card)
	}
	return "?"
}

func (r *runner) describeOption(o engine.Option) string {
	g := r.g
	name := r.optionName(o)
	switch o.Kind {
	case engine.OptPlay, engine.OptUse, engine.OptCard:
		cd := g.Cards[o.Card]
		where := zoneName(cd.Zone)
		if cd.Zone == engine.ZInPlay {
			where = "at " + g.Name(g.BaseCardAt(cd.Base))
		}
		verb := map[engine.OptKind]string{engine.OptPlay: "play ", engine.OptUse: "use ", engine.OptCard: ""}[o.Kind]
		who := ""
		if cd.Owner >= 0 {
			who = fmt.Sprintf(" owner %s", r.s.ids[cd.Owner])
		}
		if cd.Ctrl >= 0 && cd.Ctrl != cd.Owner {
			who += fmt.Sprintf(" controller %s", r.s.ids[cd.Ctrl])
		}
		if l := r.labelOf(o.Card); l != "" {
			who += " label " + l
		}
		return fmt.Sprintf("%s%s (%s%s)", verb, name, where, who)
	case engine.OptBase:
		return "base " + name
	}
	return name
}

func (r *runner) describeDecision() string {
	d, ok := r.g.Decision()
	if !ok {
		if r.g.Over {
			return "(game over)"
		}
		return "(no decision)"
	}
	var opts []string
	for _, o := range d.Options {
		opts = append(opts, r.describeOption(o))
	}
	return fmt.Sprintf("%s is asked %q; options: [%s]", r.s.ids[d.Player], d.Prompt, strings.Join(opts, "; "))
}

// until ---------------------------------------------------------------------

func (r *runner) until(i int, v *yaml.Node) {
	g := r.g
	target := strings.TrimSpace(v.Value)
	g.ClearBreak()
	if strings.HasPrefix(target, "turn ") {
		id := strings.TrimSpace(strings.TrimPrefix(target, "turn "))
		p, ok := r.s.seat[id]
		if !ok {
			r.failf(i, "until: unknown player %q", id)
		}
		g.BreakAtTurn(p)
	} else {
		ph, ok := parsePhase(target)
		if !ok || ph == engine.PhaseSetup {
			r.failf(i, "until: unknown phase %q", target)
		}
		g.BreakAtPhase(ph)
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
		if err := g.Apply(pick); err != nil {
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

// expectOrder puts prompt last: checking the pending decision may let a game
// stopped by until at the start of a phase run on to that decision, so every
// other key of the same expect is checked on the state the step found.
func expectOrder(n *yaml.Node) [][2]*yaml.Node {
	var out, last [][2]*yaml.Node
	for _, kv := range pairs(n) {
		if kv[0].Value == "prompt" {
			last = append(last, kv)
		} else {
			out = append(out, kv)
		}
	}
	return append(out, last...)
}

func (r *runner) expect(i int, n *yaml.Node) {
	g := r.g
	for _, kv := range expectOrder(n) {
		key, v := kv[0].Value, kv[1]
		switch key {
		case "vp":
			for _, pv := range pairs(v) {
				p := r.seatOf(i, pv[0])
				want := r.num(i, pv[1])
				if got := int(g.Players[p].VP); got != want {
					r.failf(i, "expect vp.%s: expected %d, found %d", pv[0].Value, want, got)
				}
			}
		case "hand", "hand_has", "discard", "discard_has":
			for _, pv := range pairs(v) {
				p := r.seatOf(i, pv[0])
				want := r.list(i, pv[1])
				var got []string
				if strings.HasPrefix(key, "hand") {
					got = names(g, g.Hand(p))
				} else {
					got = names(g, g.Discard(p))
				}
				ok := sameMultiset(want, got)
				if strings.HasSuffix(key, "_has") {
					ok = subMultiset(want, got)
				}
				if !ok {
					r.failf(i, "expect %s.%s: expected %s, found %s", key, pv[0].Value, show(want), show(got))
				}
			}
		case "titans": // optional key: the titans waiting beside each player (exact multiset)
			for _, pv := range pairs(v) {
				p := r.seatOf(i, pv[0])
				want := r.list(i, pv[1])
				got := names(g, g.TitanBeside(p))
				if !sameMultiset(want, got) {
					r.failf(i, "expect titans.%s: expected %s, found %s", pv[0].Value, show(want), show(got))
				}
			}
		case "titan_counters": // optional key: +1 power counters on the titans waiting beside each player
			for _, pv := range pairs(v) {
				p := r.seatOf(i, pv[0])
				want := r.num(i, pv[1])
				got := 0
				for _, c := range g.TitanBeside(p) {
					got += int(g.Cards[c].Counters)
				}
				if got != want {
					r.failf(i, "expect titan_counters.%s: expected %d, found %d", pv[0].Value, want, got)
				}
			}
		case "hand_size", "deck_size":
			for _, pv := range pairs(v) {
				p := r.seatOf(i, pv[0])
				want := r.num(i, pv[1])
				got := len(g.Hand(p))
				if key == "deck_size" {
					got = len(g.Deck(p))
				}
				if got != want {
					r.failf(i, "expect %s.%s: expected %d, found %d", key, pv[0].Value, want, got)
				}
			}
		case "deck_top":
			for _, pv := range pairs(v) {
				p := r.seatOf(i, pv[0])
				want := r.list(i, pv[1])
				got := names(g, g.Deck(p))
				if len(got) > len(want) {
					got = got[:len(want)]
				}
				if !sameSeq(want, got) {
					r.failf(i, "expect deck_top.%s: expected %s, found %s", pv[0].Value, show(want), show(got))
				}
			}
		case "in_play":
			for _, pv := range pairs(v) {
				p := r.seatOf(i, pv[0])
				want := r.list(i, pv[1])
				var got []string
				for _, s := range g.BaseSlots() {
					for _, c := range g.OnBase(s) {
						if g.Ctrl(c) == p {
							got = append(got, g.Name(c))
						}
					}
				}
				if !sameMultiset(want, got) {
					r.failf(i, "expect in_play.%s: expected %s, found %s", pv[0].Value, show(want), show(got))
				}
			}
		case "bases":
			want := r.list(i, v)
			var got []string
			for _, s := range g.BaseSlots() {
				got = append(got, g.Name(g.BaseCardAt(s)))
			}
			if !sameSeq(want, got) {
				r.failf(i, "expect bases: expected %s, found %s", show(want), show(got))
			}
		case "base_deck_top":
			want := r.list(i, v)
			got := names(g, g.Collect(engine.ZBaseDeck, engine.None))
			if len(got) > len(want) {
				got = got[:len(want)]
			}
			if !sameSeq(want, got) {
				r.failf(i, "expect base_deck_top: expected %s, found %s", show(want), show(got))
			}
		case "at":
			for _, bv := range pairs(v) {
				r.expectAt(i, bv[0], bv[1])
			}
		case "power", "counters":
			for _, cv := range pairs(v) {
				c := r.findInPlay(i, cv[0].Value)
				want := r.num(i, cv[1])
				got := g.Power(c)
				if key == "counters" {
					got = int(g.Cards[c].Counters)
				}
				if got != want {
					r.failf(i, "expect %s.%s: expected %d, found %d", key, cv[0].Value, want, got)
				}
			}
		case "controller":
			for _, cv := range pairs(v) {
				c := r.findInPlay(i, cv[0].Value)
				want := r.seatOf(i, cv[1])
				if got := g.Ctrl(c); got != want {
					r.failf(i, "expect controller.%s: expected %s, found %s", cv[0].Value, cv[1].Value, r.s.ids[got])
				}
			}
		case "turn":
			want := r.seatOf(i, v)
			if g.Current != want {
				r.failf(i, "expect turn: expected %s, found %s", v.Value, r.s.ids[g.Current])
			}
		case "phase":
			if ph, _ := parsePhase(v.Value); g.Phase != ph {
				r.failf(i, "expect phase: expected %s, found %s", v.Value, g.Phase)
			}
		case "prompt":
			r.expectPrompt(i, v)
		case "game_over":
			var want bool
			if err := v.Decode(&want); err != nil {
				r.failf(i, "expect game_over: not a boolean")
			}
			if g.Over != want {
				r.failf(i, "expect game_over: expected %v, found %v", want, g.Over)
			}
		case "winner":
			want := r.list(i, v)
			var got []string
			if g.Over {
				for p := 0; p < int(g.NPlayers); p++ {
					if g.Winners&(1<<p) != 0 {
						got = append(got, r.s.ids[p])
					}
				}
			}
			if !sameMultiset(want, got) {
				r.failf(i, "expect winner: expected %s, found %s", show(want), show(got))
			}
		default:
			r.failf(i, "expect: unknown key %q", key)
		}
	}
}

// sameSeq reports whether a and b name the same cards in the same order.
func sameSeq(a, b []string) bool {
	return slices.EqualFunc(a, b, func(x, y string) bool { return engine.Normalize(x) == engine.Normalize(y) })
}

func (r *runner) seatOf(i int, n *yaml.Node) engine.Seat {
	p, ok := r.s.seat[n.Value]
	if !ok {
		r.failf(i, "unknown player %q", n.Value)
	}
	return p
}

func (r *runner) num(i int, n *yaml.Node) int {
	v, err := strconv.Atoi(n.Value)
	if err != nil {
		r.failf(i, "expected a number, got %q", n.Value)
	}
	return v
}

func (r *runner) list(i int, n *yaml.Node) []string {
	l, err := r.s.strList(n)
	if err != nil {
		r.failf(i, "%v", err)
	}
	return l
}

// findInPlay finds a card in play by label or unique name.
func (r *runner) findInPlay(i int, key string) engine.CardID {
	g := r.g
	if c, ok := r.s.labels[key]; ok {
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

func (r *runner) expectAt(i int, bn, v *yaml.Node) {
	g := r.g
	s := r.slotByName(i, bn.Value)
	for _, kv := range pairs(v) {
		switch kv[0].Value {
		case "cards":
			want := r.list(i, kv[1])
			got := names(g, g.OnBase(s))
			if !sameMultiset(want, got) {
				r.failf(i, "expect at.%s.cards: expected %s, found %s", bn.Value, show(want), show(got))
			}
		case "power":
			for _, pv := range pairs(kv[1]) {
				p := r.seatOf(i, pv[0])
				want := r.num(i, pv[1])
				if got := g.PowerAt(s, p); got != want {
					r.failf(i, "expect at.%s.power.%s: expected %d, found %d", bn.Value, pv[0].Value, want, got)
				}
			}
		case "total":
			want := r.num(i, kv[1])
			if got := g.TotalAt(s); got != want {
				r.failf(i, "expect at.%s.total: expected %d, found %d", bn.Value, want, got)
			}
		case "breakpoint":
			want := r.num(i, kv[1])
			if got := g.Breakpoint(s); got != want {
				r.failf(i, "expect at.%s.breakpoint: expected %d, found %d", bn.Value, want, got)
			}
		default:
			r.failf(i, "expect at: unknown key %q", kv[0].Value)
		}
	}
}

func (r *runner) expectPrompt(i int, v *yaml.Node) {
	g := r.g
	if g.Paused {
		r.resume()
	}
	d, ok := g.Decision()
	if !ok {
		r.failf(i, "expect prompt: no decision is pending (game over: %v)", g.Over)
	}
	var got []string
	for _, o := range d.Options {
		got = append(got, r.optionName(o))
	}
	for _, kv := range pairs(v) {
		switch kv[0].Value {
		case "player":
			if r.s.ids[d.Player] != kv[1].Value {
				r.failf(i, "expect prompt.player: expected %s, found %s", kv[1].Value, r.s.ids[d.Player])
			}
		case "options_include":
			want := r.list(i, kv[1])
			if !subMultiset(dedupe(want), got) {
				r.failf(i, "expect prompt.options_include: expected %s among %s", show(want), show(got))
			}
		case "options":
			want := r.list(i, kv[1])
			if !sameMultiset(dedupe(want), dedupe(got)) {
				r.failf(i, "expect prompt.options: expected %s, found %s", show(want), show(got))
			}
		default:
			r.failf(i, "expect prompt: unknown key %q", kv[0].Value)
		}
	}
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
