package scenario

import (
	"github.com/smashup/smashup/internal/engine"
	"go.yaml.in/yaml/v3"
)

// This file is the whole of the expect: key set. Each key is declared once,
// in expectKeys (or atKeys, promptKeys for the keys inside at: and
// prompt:), with how its value is read and checked at load time and the
// check that runs it: a new key is one entry here.

// keyed is one key a mapping accepts: load reads and checks its value at
// load time into a T, the check that runs it.
type keyed[T any] struct {
	key  string
	load func(s *Scenario, v *yaml.Node) (T, error)
}

// loadKeys reads mapping n (of what: "expect", "at", "prompt") key by key
// through table.
func loadKeys[T any](s *Scenario, n *yaml.Node, what string, table []keyed[T]) ([]T, error) {
	var out []T
	fs := make([]field, len(table))
	for j, e := range table {
		fs[j] = field{e.key, func(k, v *yaml.Node) error {
			t, err := e.load(s, v)
			out = append(out, t)
			return err
		}}
	}
	return out, s.fields(n, what, fs)
}

// check is one key of an expect step: run fails step i (r.failf) when the
// game disagrees.
type check struct {
	run func(r *runner, i int)
	// last: checked after every other key of the same expect. Checking the
	// pending decision may let a game that until stopped at the start of a
	// phase run on to that decision, so the other keys see the state the
	// step found.
	last bool
}

var expectKeys = []keyed[check]{
	playerNumbers("vp", func(g *engine.Game, p engine.Seat) int { return int(g.Players[p].VP) }),
	playerCards("hand", exactly, func(g *engine.Game, p engine.Seat) []string { return names(g, g.Hand(p)) }),
	playerCards("hand_has", among, func(g *engine.Game, p engine.Seat) []string { return names(g, g.Hand(p)) }),
	playerNumbers("hand_size", func(g *engine.Game, p engine.Seat) int { return len(g.Hand(p)) }),
	playerCards("deck_top", topOf, func(g *engine.Game, p engine.Seat) []string { return names(g, g.Deck(p)) }),
	playerNumbers("deck_size", func(g *engine.Game, p engine.Seat) int { return len(g.Deck(p)) }),
	playerCards("discard", exactly, func(g *engine.Game, p engine.Seat) []string { return names(g, g.Discard(p)) }),
	playerCards("discard_has", among, func(g *engine.Game, p engine.Seat) []string { return names(g, g.Discard(p)) }),
	playerCards("in_play", exactly, func(g *engine.Game, p engine.Seat) []string {
		var got []string
		for _, s := range g.BaseSlots() {
			for _, c := range g.OnBase(s) {
				if g.Ctrl(c) == p {
					got = append(got, g.Name(c))
				}
			}
		}
		return got
	}),
	cardList("bases", inOrder, func(g *engine.Game) []string {
		var got []string
		for _, s := range g.BaseSlots() {
			got = append(got, g.Name(g.BaseCardAt(s)))
		}
		return got
	}),
	cardList("base_deck_top", topOf, func(g *engine.Game) []string {
		return names(g, g.Collect(engine.ZBaseDeck, engine.None))
	}),
	{"at", loadAt},
	inPlayNumbers("power", func(g *engine.Game, c engine.CardID) int { return g.Power(c) }),
	inPlayNumbers("counters", func(g *engine.Game, c engine.CardID) int { return int(g.Cards[c].Counters) }),
	{"controller", func(s *Scenario, v *yaml.Node) (check, error) {
		ws, err := readInPlay(s, "controller", v, s.player)
		return check{run: func(r *runner, i int) {
			for _, w := range ws {
				if got := r.g.Ctrl(r.findInPlay(i, w.key)); got != w.want {
					r.failf(i, "expect controller.%s: expected %s, found %s", w.key, r.s.ids[w.want], r.s.ids[got])
				}
			}
		}}, err
	}},
	{"turn", func(s *Scenario, v *yaml.Node) (check, error) {
		want, err := s.player(v)
		return check{run: func(r *runner, i int) {
			if r.g.Current != want {
				r.failf(i, "expect turn: expected %s, found %s", r.s.ids[want], r.s.ids[r.g.Current])
			}
		}}, err
	}},
	{"phase", func(s *Scenario, v *yaml.Node) (check, error) {
		want, err := s.phase(v)
		written := v.Value
		return check{run: func(r *runner, i int) {
			if r.g.Phase != want {
				r.failf(i, "expect phase: expected %s, found %s", written, r.g.Phase)
			}
		}}, err
	}},
	{"prompt", loadPrompt},
	{"game_over", func(s *Scenario, v *yaml.Node) (check, error) {
		var want bool
		if v.Decode(&want) != nil {
			return check{}, lerr(s.File, v, "game_over: takes true or false")
		}
		return check{run: func(r *runner, i int) {
			if r.g.Over != want {
				r.failf(i, "expect game_over: expected %v, found %v", want, r.g.Over)
			}
		}}, nil
	}},
	{"winner", func(s *Scenario, v *yaml.Node) (check, error) {
		want, err := s.strList(v)
		for _, id := range want {
			if _, ok := s.seat[id]; !ok && err == nil {
				err = lerr(s.File, v, "unknown player %q", id)
			}
		}
		return check{run: func(r *runner, i int) {
			var got []string
			if r.g.Over {
				for p := 0; p < int(r.g.NPlayers); p++ {
					if r.g.Winners&(1<<p) != 0 {
						got = append(got, r.s.ids[p])
					}
				}
			}
			if !sameMultiset(want, got) {
				r.failf(i, "expect winner: expected %s, found %s", show(want), show(got))
			}
		}}, err
	}},
	// optional keys added by the project (docs/scenarios.md)
	playerCards("titans", exactly, func(g *engine.Game, p engine.Seat) []string { return names(g, g.TitanBeside(p)) }),
	playerNumbers("titan_counters", func(g *engine.Game, p engine.Seat) int {
		n := 0
		for _, c := range g.TitanBeside(p) {
			n += int(g.Cards[c].Counters)
		}
		return n
	}),
}

// decodeExpect reads an expect mapping into its checks, those marked last
// after the others.
func (s *Scenario) decodeExpect(n *yaml.Node) (step, error) {
	if n.Kind != yaml.MappingNode {
		return nil, lerr(s.File, n, "expect: takes a mapping of checks")
	}
	table := make([]keyed[check], len(expectKeys))
	for j, e := range expectKeys { // errors name the key
		table[j] = keyed[check]{e.key, func(s *Scenario, v *yaml.Node) (check, error) {
			c, err := e.load(s, v)
			return c, within(err, "expect "+e.key)
		}}
	}
	checks, err := loadKeys(s, n, "expect", table)
	if err != nil {
		return nil, err
	}
	var now, last []check
	for _, c := range checks {
		if c.last {
			last = append(last, c)
		} else {
			now = append(now, c)
		}
	}
	return expectStep{checks: append(now, last...)}, nil
}

// keys whose value maps player ids to what each player should have -----------

type forPlayer[T any] struct {
	id   string
	p    engine.Seat
	want T
}

func readPlayers[T any](s *Scenario, n *yaml.Node, read func(*yaml.Node) (T, error)) ([]forPlayer[T], error) {
	if n.Kind != yaml.MappingNode {
		return nil, lerr(s.File, n, "expected a mapping of player ids")
	}
	var out []forPlayer[T]
	for _, kv := range pairs(n) {
		p, err := s.player(kv[0])
		if err != nil {
			return nil, err
		}
		w, err := read(kv[1])
		if err != nil {
			return nil, err
		}
		out = append(out, forPlayer[T]{kv[0].Value, p, w})
	}
	return out, nil
}

// playerNumbers is a key giving a number for each player.
func playerNumbers(key string, got func(*engine.Game, engine.Seat) int) keyed[check] {
	return keyed[check]{key, func(s *Scenario, v *yaml.Node) (check, error) {
		ws, err := readPlayers(s, v, s.intVal)
		return check{run: func(r *runner, i int) {
			for _, w := range ws {
				if n := got(r.g, w.p); n != w.want {
					r.failf(i, "expect %s.%s: expected %d, found %d", key, w.id, w.want, n)
				}
			}
		}}, err
	}}
}

// playerCards is a key giving cards for each player, compared by match with
// the cards got finds.
func playerCards(key string, match listMatch, got func(*engine.Game, engine.Seat) []string) keyed[check] {
	return keyed[check]{key, func(s *Scenario, v *yaml.Node) (check, error) {
		ws, err := readPlayers(s, v, s.cardNames)
		return check{run: func(r *runner, i int) {
			for _, w := range ws {
				if ok, found := match(w.want, got(r.g, w.p)); !ok {
					r.failf(i, "expect %s.%s: expected %s, found %s", key, w.id, show(w.want), show(found))
				}
			}
		}}, err
	}}
}

// cardList is a key giving a list of cards, compared by match with the
// cards got finds.
func cardList(key string, match listMatch, got func(*engine.Game) []string) keyed[check] {
	return keyed[check]{key, func(s *Scenario, v *yaml.Node) (check, error) {
		want, err := s.cardNames(v)
		return check{run: func(r *runner, i int) {
			if ok, found := match(want, got(r.g)); !ok {
				r.failf(i, "expect %s: expected %s, found %s", key, show(want), show(found))
			}
		}}, err
	}}
}

// listMatch compares the names a check expects with the names found, and
// gives the names to show as found.
type listMatch func(want, got []string) (bool, []string)

// exactly: the same cards, in any order.
func exactly(want, got []string) (bool, []string) { return sameMultiset(want, got), got }

// among: every card expected is found (as many times as expected).
func among(want, got []string) (bool, []string) { return subMultiset(want, got), got }

// inOrder: the same cards in the same order.
func inOrder(want, got []string) (bool, []string) { return sameSeq(want, got), got }

// topOf: the first cards found are the ones expected, in order.
func topOf(want, got []string) (bool, []string) {
	if len(got) > len(want) {
		got = got[:len(want)]
	}
	return sameSeq(want, got), got
}

// keys whose value maps cards in play (a label or a unique name) to a value ---

type forCard[T any] struct {
	key  string
	want T
}

func readInPlay[T any](s *Scenario, key string, n *yaml.Node, read func(*yaml.Node) (T, error)) ([]forCard[T], error) {
	if n.Kind != yaml.MappingNode {
		return nil, lerr(s.File, n, "%s: takes a mapping of card names or labels", key)
	}
	var out []forCard[T]
	for _, kv := range pairs(n) {
		k := kv[0]
		if _, ok := s.labels[k.Value]; !ok {
			if _, err := engine.Lookup(k.Value); err != nil {
				return nil, lerr(s.File, k, "%v (and no label %q)", err, k.Value)
			}
		}
		w, err := read(kv[1])
		if err != nil {
			return nil, err
		}
		out = append(out, forCard[T]{k.Value, w})
	}
	return out, nil
}

// inPlayNumbers is a key giving a number for cards in play.
func inPlayNumbers(key string, got func(*engine.Game, engine.CardID) int) keyed[check] {
	return keyed[check]{key, func(s *Scenario, v *yaml.Node) (check, error) {
		ws, err := readInPlay(s, key, v, s.intVal)
		return check{run: func(r *runner, i int) {
			for _, w := range ws {
				if n := got(r.g, r.findInPlay(i, w.key)); n != w.want {
					r.failf(i, "expect %s.%s: expected %d, found %d", key, w.key, w.want, n)
				}
			}
		}}, err
	}}
}

// at: checks per base --------------------------------------------------------

// atCheck is one key of an at.BASE mapping; it gets the base's slot and its
// name as written.
type atCheck func(r *runner, i int, b engine.BaseID, name string)

var atKeys = []keyed[atCheck]{
	{"cards", func(s *Scenario, v *yaml.Node) (atCheck, error) {
		want, err := s.cardNames(v)
		return func(r *runner, i int, b engine.BaseID, name string) {
			if got := names(r.g, r.g.OnBase(b)); !sameMultiset(want, got) {
				r.failf(i, "expect at.%s.cards: expected %s, found %s", name, show(want), show(got))
			}
		}, err
	}},
	{"power", func(s *Scenario, v *yaml.Node) (atCheck, error) {
		ws, err := readPlayers(s, v, s.intVal)
		return func(r *runner, i int, b engine.BaseID, name string) {
			for _, w := range ws {
				if got := r.g.PowerAt(b, w.p); got != w.want {
					r.failf(i, "expect at.%s.power.%s: expected %d, found %d", name, w.id, w.want, got)
				}
			}
		}, err
	}},
	atNumber("total", func(g *engine.Game, b engine.BaseID) int { return g.TotalAt(b) }),
	atNumber("breakpoint", func(g *engine.Game, b engine.BaseID) int { return g.Breakpoint(b) }),
}

func atNumber(key string, got func(*engine.Game, engine.BaseID) int) keyed[atCheck] {
	return keyed[atCheck]{key, func(s *Scenario, v *yaml.Node) (atCheck, error) {
		want, err := s.intVal(v)
		return func(r *runner, i int, b engine.BaseID, name string) {
			if n := got(r.g, b); n != want {
				r.failf(i, "expect at.%s.%s: expected %d, found %d", name, key, want, n)
			}
		}, err
	}}
}

func loadAt(s *Scenario, v *yaml.Node) (check, error) {
	if v.Kind != yaml.MappingNode {
		return check{}, lerr(s.File, v, "at: takes a mapping of base names")
	}
	type atBase struct {
		name   string
		checks []atCheck
	}
	var bases []atBase
	for _, bv := range pairs(v) {
		name, err := s.baseName(bv[0])
		if err != nil {
			return check{}, err
		}
		if bv[1].Kind != yaml.MappingNode {
			return check{}, lerr(s.File, bv[1], "at.%s: takes a mapping", name)
		}
		checks, err := loadKeys(s, bv[1], "at", atKeys)
		if err != nil {
			return check{}, err
		}
		bases = append(bases, atBase{name, checks})
	}
	return check{run: func(r *runner, i int) {
		for _, ab := range bases {
			b := r.slotByName(i, ab.name)
			for _, run := range ab.checks {
				run(r, i, b, ab.name)
			}
		}
	}}, nil
}

// prompt: the pending decision -------------------------------------------------

// promptCheck is one key of a prompt mapping; it gets the pending decision
// and the names of its options.
type promptCheck func(r *runner, i int, d engine.Decision, got []string)

var promptKeys = []keyed[promptCheck]{
	{"player", func(s *Scenario, v *yaml.Node) (promptCheck, error) {
		want, err := s.player(v)
		return func(r *runner, i int, d engine.Decision, _ []string) {
			if d.Player != want {
				r.failf(i, "expect prompt.player: expected %s, found %s", r.s.ids[want], r.s.ids[d.Player])
			}
		}, err
	}},
	{"options", func(s *Scenario, v *yaml.Node) (promptCheck, error) {
		want, err := s.strList(v)
		return func(r *runner, i int, _ engine.Decision, got []string) {
			if !sameMultiset(dedupe(want), dedupe(got)) {
				r.failf(i, "expect prompt.options: expected %s, found %s", show(want), show(got))
			}
		}, err
	}},
	{"options_include", func(s *Scenario, v *yaml.Node) (promptCheck, error) {
		want, err := s.strList(v)
		return func(r *runner, i int, _ engine.Decision, got []string) {
			if !subMultiset(dedupe(want), got) {
				r.failf(i, "expect prompt.options_include: expected %s among %s", show(want), show(got))
			}
		}, err
	}},
}

// loadPrompt reads prompt:, a check made last (see check.last).
func loadPrompt(s *Scenario, v *yaml.Node) (check, error) {
	if v.Kind != yaml.MappingNode {
		return check{}, lerr(s.File, v, "prompt: takes a mapping")
	}
	checks, err := loadKeys(s, v, "prompt", promptKeys)
	return check{last: true, run: func(r *runner, i int) {
		r.resume()
		d, ok := r.g.Decision()
		if !ok {
			r.failf(i, "expect prompt: no decision is pending (game over: %v)", r.g.Over)
		}
		var got []string
		for _, o := range d.Options {
			got = append(got, r.optionName(o))
		}
		for _, run := range checks {
			run(r, i, d, got)
		}
	}}, err
}
