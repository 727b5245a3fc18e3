package scenario

import (
	"github.com/smashup/smashup/internal/engine"
	"gopkg.in/yaml.v3"
)

// This file is the whole of the expect: key set. Each key is declared once,
// in expectKeys (or atKeys, promptKeys for the keys inside at: and
// prompt:), with how its value is read and checked at load time and the
// check that runs it: a new key is one entry here.

// check is one key of an expect step, as read at load time.
type check struct {
	last bool // see expectKey.last
	run  func(r *runner, i int)
}

// expectKey is one key an expect mapping accepts.
type expectKey struct {
	key string
	// load reads the key's value, checking names and players, into the
	// check that runs it.
	load func(s *Scenario, v *yaml.Node) (func(r *runner, i int), error)
	// last: checked after every other key of the same expect. Checking the
	// pending decision may let a game that until stopped at the start of a
	// phase run on to that decision, so the other keys see the state the
	// step found.
	last bool
}

var expectKeys = []expectKey{
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
	{key: "at", load: loadAt},
	inPlayNumbers("power", func(g *engine.Game, c engine.CardID) int { return g.Power(c) }),
	inPlayNumbers("counters", func(g *engine.Game, c engine.CardID) int { return int(g.Cards[c].Counters) }),
	{key: "controller", load: func(s *Scenario, v *yaml.Node) (func(*runner, int), error) {
		ws, err := readInPlay(s, "controller", v, s.player)
		return func(r *runner, i int) {
			for _, w := range ws {
				c := r.findInPlay(i, w.key)
				if got := r.g.Ctrl(c); got != w.want {
					r.failf(i, "expect controller.%s: expected %s, found %s", w.key, r.s.ids[w.want], r.s.ids[got])
				}
			}
		}, err
	}},
	{key: "turn", load: func(s *Scenario, v *yaml.Node) (func(*runner, int), error) {
		want, err := s.player(v)
		return func(r *runner, i int) {
			if r.g.Current != want {
				r.failf(i, "expect turn: expected %s, found %s", r.s.ids[want], r.s.ids[r.g.Current])
			}
		}, err
	}},
	{key: "phase", load: func(s *Scenario, v *yaml.Node) (func(*runner, int), error) {
		want, err := s.phase(v)
		written := v.Value
		return func(r *runner, i int) {
			if r.g.Phase != want {
				r.failf(i, "expect phase: expected %s, found %s", written, r.g.Phase)
			}
		}, err
	}},
	{key: "prompt", load: loadPrompt, last: true},
	{key: "game_over", load: func(s *Scenario, v *yaml.Node) (func(*runner, int), error) {
		var want bool
		if v.Decode(&want) != nil {
			return nil, lerr(s.File, v, "game_over: takes true or false")
		}
		return func(r *runner, i int) {
			if r.g.Over != want {
				r.failf(i, "expect game_over: expected %v, found %v", want, r.g.Over)
			}
		}, nil
	}},
	{key: "winner", load: func(s *Scenario, v *yaml.Node) (func(*runner, int), error) {
		want, err := s.strList(v)
		for _, id := range want {
			if _, ok := s.seat[id]; !ok && err == nil {
				err = lerr(s.File, v, "unknown player %q", id)
			}
		}
		return func(r *runner, i int) {
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
		}, err
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

// decodeExpect reads an expect mapping into its checks, prompt last.
func (s *Scenario) decodeExpect(n *yaml.Node) (step, error) {
	if n.Kind != yaml.MappingNode {
		return nil, lerr(s.File, n, "expect: takes a mapping of checks")
	}
	var now, last []check
	fs := make([]field, len(expectKeys))
	for j, ek := range expectKeys {
		fs[j] = field{ek.key, func(k, v *yaml.Node) error {
			run, err := ek.load(s, v)
			if err != nil {
				return within(err, "expect "+ek.key)
			}
			if ek.last {
				last = append(last, check{last: true, run: run})
			} else {
				now = append(now, check{run: run})
			}
			return nil
		}}
	}
	if err := s.fields(n, "expect", fs); err != nil {
		return nil, err
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
func playerNumbers(key string, got func(*engine.Game, engine.Seat) int) expectKey {
	return expectKey{key: key, load: func(s *Scenario, v *yaml.Node) (func(*runner, int), error) {
		ws, err := readPlayers(s, v, s.intVal)
		return func(r *runner, i int) {
			for _, w := range ws {
				if n := got(r.g, w.p); n != w.want {
					r.failf(i, "expect %s.%s: expected %d, found %d", key, w.id, w.want, n)
				}
			}
		}, err
	}}
}

// playerCards is a key giving cards for each player, compared by match with
// the cards got finds.
func playerCards(key string, match listMatch, got func(*engine.Game, engine.Seat) []string) expectKey {
	return expectKey{key: key, load: func(s *Scenario, v *yaml.Node) (func(*runner, int), error) {
		ws, err := readPlayers(s, v, s.cardNames)
		return func(r *runner, i int) {
			for _, w := range ws {
				if ok, found := match(w.want, got(r.g, w.p)); !ok {
					r.failf(i, "expect %s.%s: expected %s, found %s", key, w.id, show(w.want), show(found))
				}
			}
		}, err
	}}
}

// cardList is a key giving a list of cards, compared by match with the
// cards got finds.
func cardList(key string, match listMatch, got func(*engine.Game) []string) expectKey {
	return expectKey{key: key, load: func(s *Scenario, v *yaml.Node) (func(*runner, int), error) {
		want, err := s.cardNames(v)
		return func(r *runner, i int) {
			if ok, found := match(want, got(r.g)); !ok {
				r.failf(i, "expect %s: expected %s, found %s", key, show(want), show(found))
			}
		}, err
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
func inPlayNumbers(key string, got func(*engine.Game, engine.CardID) int) expectKey {
	return expectKey{key: key, load: func(s *Scenario, v *yaml.Node) (func(*runner, int), error) {
		ws, err := readInPlay(s, key, v, s.intVal)
		return func(r *runner, i int) {
			for _, w := range ws {
				c := r.findInPlay(i, w.key)
				if n := got(r.g, c); n != w.want {
					r.failf(i, "expect %s.%s: expected %d, found %d", key, w.key, w.want, n)
				}
			}
		}, err
	}}
}

// at: checks per base --------------------------------------------------------

// atKey is one key an at.BASE mapping accepts; its check gets the base's
// slot and its name as written.
type atKey struct {
	key  string
	load func(s *Scenario, v *yaml.Node) (func(r *runner, i int, b engine.BaseID, name string), error)
}

var atKeys = []atKey{
	{"cards", func(s *Scenario, v *yaml.Node) (func(*runner, int, engine.BaseID, string), error) {
		want, err := s.cardNames(v)
		return func(r *runner, i int, b engine.BaseID, name string) {
			if got := names(r.g, r.g.OnBase(b)); !sameMultiset(want, got) {
				r.failf(i, "expect at.%s.cards: expected %s, found %s", name, show(want), show(got))
			}
		}, err
	}},
	{"power", func(s *Scenario, v *yaml.Node) (func(*runner, int, engine.BaseID, string), error) {
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

func atNumber(key string, got func(*engine.Game, engine.BaseID) int) atKey {
	return atKey{key, func(s *Scenario, v *yaml.Node) (func(*runner, int, engine.BaseID, string), error) {
		want, err := s.intVal(v)
		return func(r *runner, i int, b engine.BaseID, name string) {
			if n := got(r.g, b); n != want {
				r.failf(i, "expect at.%s.%s: expected %d, found %d", name, key, want, n)
			}
		}, err
	}}
}

func loadAt(s *Scenario, v *yaml.Node) (func(*runner, int), error) {
	if v.Kind != yaml.MappingNode {
		return nil, lerr(s.File, v, "at: takes a mapping of base names")
	}
	type atBase struct {
		name   string
		checks []func(*runner, int, engine.BaseID, string)
	}
	var bases []atBase
	for _, bv := range pairs(v) {
		name, err := s.baseName(bv[0])
		if err != nil {
			return nil, err
		}
		if bv[1].Kind != yaml.MappingNode {
			return nil, lerr(s.File, bv[1], "at.%s: takes a mapping", name)
		}
		ab := atBase{name: name}
		fs := make([]field, len(atKeys))
		for j, ak := range atKeys {
			fs[j] = field{ak.key, func(k, v *yaml.Node) error {
				run, err := ak.load(s, v)
				ab.checks = append(ab.checks, run)
				return err
			}}
		}
		if err := s.fields(bv[1], "at", fs); err != nil {
			return nil, err
		}
		bases = append(bases, ab)
	}
	return func(r *runner, i int) {
		for _, ab := range bases {
			b := r.slotByName(i, ab.name)
			for _, run := range ab.checks {
				run(r, i, b, ab.name)
			}
		}
	}, nil
}

// prompt: the pending decision -------------------------------------------------

// promptKey is one key a prompt mapping accepts; its check gets the pending
// decision and the names of its options.
type promptKey struct {
	key  string
	load func(s *Scenario, v *yaml.Node) (func(r *runner, i int, d engine.Decision, got []string), error)
}

var promptKeys = []promptKey{
	{"player", func(s *Scenario, v *yaml.Node) (func(*runner, int, engine.Decision, []string), error) {
		want, err := s.player(v)
		return func(r *runner, i int, d engine.Decision, _ []string) {
			if d.Player != want {
				r.failf(i, "expect prompt.player: expected %s, found %s", r.s.ids[want], r.s.ids[d.Player])
			}
		}, err
	}},
	{"options", func(s *Scenario, v *yaml.Node) (func(*runner, int, engine.Decision, []string), error) {
		want, err := s.strList(v)
		return func(r *runner, i int, _ engine.Decision, got []string) {
			if !sameMultiset(dedupe(want), dedupe(got)) {
				r.failf(i, "expect prompt.options: expected %s, found %s", show(want), show(got))
			}
		}, err
	}},
	{"options_include", func(s *Scenario, v *yaml.Node) (func(*runner, int, engine.Decision, []string), error) {
		want, err := s.strList(v)
		return func(r *runner, i int, _ engine.Decision, got []string) {
			if !subMultiset(dedupe(want), got) {
				r.failf(i, "expect prompt.options_include: expected %s among %s", show(want), show(got))
			}
		}, err
	}},
}

func loadPrompt(s *Scenario, v *yaml.Node) (func(*runner, int), error) {
	if v.Kind != yaml.MappingNode {
		return nil, lerr(s.File, v, "prompt: takes a mapping")
	}
	var checks []func(*runner, int, engine.Decision, []string)
	fs := make([]field, len(promptKeys))
	for j, pk := range promptKeys {
		fs[j] = field{pk.key, func(k, v *yaml.Node) error {
			run, err := pk.load(s, v)
			checks = append(checks, run)
			return err
		}}
	}
	if err := s.fields(v, "prompt", fs); err != nil {
		return nil, err
	}
	return func(r *runner, i int) {
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
	}, nil
}
