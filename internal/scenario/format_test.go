package scenario

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// These tests pin the parts of the public format (docs/scenarios.md, part 1)
// that a passing scenario file cannot show: load errors, failures and their
// messages, output lines and exit statuses.

const twoPlayers = `
setup:
  players:
    - { id: A, hand: [Augmentation, Invader], deck: [Howl, Howl] }
    - { id: B, hand: [Ninja Master], deck: [Scout, Scout] }
  bases:
    - base: The Homeworld
      cards:
        - { card: King Rex, owner: A, label: rexa }
        - { card: King Rex, owner: B }
    - base: Tar Pits
      cards:
        - { card: King Rex, owner: B, label: rexb }
`

func scenarioSrc(name, steps string) string {
	return "name: " + name + twoPlayers + "steps:\n" + steps
}

func TestLoadErrorsNameFileAndLine(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"unknown card in hand", "name: x\nsetup:\n  players:\n    - {id: A, hand: [Not A Card]}\n    - {id: B}\n  bases: [{base: Tar Pits}]\nsteps: []\n", "t.yaml:4: unknown card"},
		{"spaces are compared as written", "name: x\nsetup:\n  players:\n    - {id: A, hand: [KingRex]}\n    - {id: B}\n  bases: [{base: Tar Pits}]\nsteps: []\n", "t.yaml:4: unknown card"},
		{"YAML syntax", "name: x\nsetup:\n  players: [\n", "t.yaml:3: YAML syntax"},
		{"unknown card in a check", scenarioSrc("x", "  - expect: { hand: { A: [Invadr] } }\n"), "t.yaml:15: unknown card \"Invadr\""},
		{"unknown card in a play step", scenarioSrc("x", "  - play: Invadr\n"), "t.yaml:15: unknown card"},
		{"unknown card in a choose mapping", scenarioSrc("x", "  - choose: { card: Kng Rex }\n"), "t.yaml:15: unknown card"},
		{"unknown base in at", scenarioSrc("x", "  - expect: { at: { Atlantis: { total: 1 } } }\n"), "t.yaml:15: unknown card \"Atlantis\""},
		{"a minion is not a base", scenarioSrc("x", "  - play: Invader\n    base: King Rex\n"), "t.yaml:16: \"King Rex\" is not a base"},
		{"unknown expect key", scenarioSrc("x", "  - expect: { colour: red }\n"), "t.yaml:15: unknown expect key"},
		{"unknown at key", scenarioSrc("x", "  - expect: { at: { Tar Pits: { minions: [] } } }\n"), "unknown at key"},
		{"unknown prompt key", scenarioSrc("x", "  - expect: { prompt: { who: A } }\n"), "unknown prompt key"},
		{"unknown player in a check", scenarioSrc("x", "  - expect: { vp: { Z: 1 } }\n"), "t.yaml:15: unknown player \"Z\""},
		{"unknown player in a step", scenarioSrc("x", "  - pass:\n    player: Z\n"), "t.yaml:16: unknown player \"Z\""},
		{"unknown label", scenarioSrc("x", "  - choose: { label: nope }\n"), "unknown label"},
		{"unknown zone", scenarioSrc("x", "  - choose: { card: King Rex, zone: pocket }\n"), "unknown zone"},
		{"two kinds in one step", scenarioSrc("x", "  - { play: Invader, choose: Tar Pits }\n"), "exactly one of"},
		{"base on a choose step", scenarioSrc("x", "  - choose: King Rex\n    base: Tar Pits\n"), "only for play steps"},
		{"bad until", scenarioSrc("x", "  - until: lunch\n"), "t.yaml:15: until:"},
		{"until an unknown player", scenarioSrc("x", "  - until: turn Z\n"), "unknown player"},
		{"unknown step", scenarioSrc("x", "  - dance\n"), "unknown step"},
		{"unknown step key", scenarioSrc("x", "  - dance: now\n"), "unknown step key"},
		{"unknown top-level key", "name: x\ncolour: red\n" + twoPlayers + "steps: []\n", "t.yaml:2: unknown key"},
		{"unknown setup key", "name: x\nsetup:\n  players: [{id: A}, {id: B}]\n  bases: [{base: Tar Pits}]\n  colour: red\nsteps: []\n", "t.yaml:5: unknown setup key"},
		{"unknown player key", "name: x\nsetup:\n  players: [{id: A, score: 2}, {id: B}]\n  bases: [{base: Tar Pits}]\nsteps: []\n", "unknown player key"},
		{"a base in a hand", "name: x\nsetup:\n  players: [{id: A, hand: [Tar Pits]}, {id: B}]\n  bases: [{base: Tar Pits}]\nsteps: []\n", "is a base"},
		{"a card in the base deck", "name: x\nsetup:\n  players: [{id: A}, {id: B}]\n  bases: [{base: Tar Pits}]\n  base_deck: [King Rex]\nsteps: []\n", "t.yaml:5: \"King Rex\" is not a base"},
		{"a minion as a base", "name: x\nsetup:\n  players: [{id: A}, {id: B}]\n  bases: [{base: King Rex}]\nsteps: []\n", "is not a base"},
		{"on an action", "name: x\nsetup:\n  players: [{id: A}, {id: B}]\n  bases:\n    - base: Tar Pits\n      cards: [{card: Howl, owner: A}, {card: Upgrade, owner: A, on: Howl}]\nsteps: []\n", "is not a minion"},
		{"on a card not listed", "name: x\nsetup:\n  players: [{id: A}, {id: B}]\n  bases:\n    - base: Tar Pits\n      cards: [{card: Upgrade, owner: A, on: King Rex}]\nsteps: []\n", "names no card listed"},
		{"unknown phase", "name: x\nsetup:\n  players: [{id: A}, {id: B}]\n  bases: [{base: Tar Pits}]\n  phase: lunch\nsteps: []\n", "unknown phase"},
		{"five players", "name: x\nsetup:\n  players: [{id: A}, {id: B}, {id: C}, {id: D}, {id: E}]\n  bases: [{base: Tar Pits}]\nsteps: []\n", "2 to 4 players"},
		{"duplicate name", "name: x\n" + twoPlayers + "steps: []\n---\nname: x\n" + twoPlayers + "steps: []\n", "duplicate scenario name"},
		{"duplicate label", "name: x\nsetup:\n  players: [{id: A}, {id: B}]\n  bases:\n    - base: Tar Pits\n      cards: [{card: King Rex, owner: A, label: r}, {card: King Rex, owner: A, label: r}]\nsteps: []\n", "duplicate label"},
		// each error also names the scenario and the part of it
		{"context of a check", scenarioSrc("x", "  - pass\n  - expect: { vp: { A: three } }\n"), "t.yaml:16: expected a number, got \"three\" (scenario \"x\", step 2, expect vp)"},
		{"context of a setup", "name: x\nsetup:\n  players: [{id: A}, {id: B}]\n  bases: [{base: Tar Pits}]\n  seed: abc\nsteps: []\n", "t.yaml:5: expected a number, got \"abc\" (scenario \"x\", setup)"},
		{"an unknown key lists the keys", scenarioSrc("x", "  - expect: { colour: red }\n"), "unknown expect key \"colour\" (vp, hand, hand_has,"},
		{"an unknown card key lists the keys", scenarioSrc("x", "  - choose: { name: King Rex }\n"), "t.yaml:15: unknown card key \"name\" (card, base, on, owner, controller, player, label, zone)"},
		{"no setup", "name: x\nsteps: []\n", "t.yaml:1: a scenario needs a setup (scenario \"x\")"},
		// values of the wrong shape
		{"play: a list", scenarioSrc("x", "  - play: [Invader]\n"), "t.yaml:15: play: takes a card name, a label or a mapping, not a list"},
		{"card: a list", scenarioSrc("x", "  - choose: { card: [King Rex] }\n"), "t.yaml:15: choose: expected a card name or a label, got a list"},
		{"on: a list", scenarioSrc("x", "  - play: Augmentation\n    on: [King Rex]\n"), "t.yaml:16: on: takes a card name"},
		{"choose: nothing", scenarioSrc("x", "  - choose:\n"), "choose: needs a value"},
		{"a number that is a list", scenarioSrc("x", "  - expect: { hand_size: { A: [1] } }\n"), "expected a number, got a list"},
		{"a player that is a list", scenarioSrc("x", "  - expect: { turn: [A] }\n"), "expected a player id, got a list"},
		{"a phase that is a list", scenarioSrc("x", "  - expect: { phase: [draw] }\n"), "expected a phase, got a list"},
		{"until a list", scenarioSrc("x", "  - until: [draw]\n"), "until: expected a phase"},
		{"a game_over that is not true or false", scenarioSrc("x", "  - expect: { game_over: maybe }\n"), "game_over: takes true or false"},
		{"a check list that is a mapping", scenarioSrc("x", "  - expect: { hand: { A: { x: y } } }\n"), "expected a list"},
		{"a player map that is a list", scenarioSrc("x", "  - expect: { hand: [Invader] }\n"), "expected a mapping of player ids (scenario \"x\", step 1, expect hand)"},
		{"power of an unknown card", scenarioSrc("x", "  - expect: { power: { Kng Rex: 5 } }\n"), "unknown card \"Kng Rex\" (and no label \"Kng Rex\")"},
		{"an at base that is not in the table", scenarioSrc("x", "  - expect: { at: { Tar Pits: [King Rex] } }\n"), "at.Tar Pits: takes a mapping"},
		{"a card entry that is not a mapping", "name: x\nsetup:\n  players: [{id: A}, {id: B}]\n  bases: [{base: Tar Pits, cards: [King Rex]}]\nsteps: []\n", "expected a mapping of card keys, got \"King Rex\""},
		{"a card entry with no card", "name: x\nsetup:\n  players: [{id: A}, {id: B}]\n  bases: [{base: Tar Pits, cards: [{owner: A}]}]\nsteps: []\n", "a card entry needs card: NAME"},
		{"no players", "name: x\nsetup:\n  bases: [{base: Tar Pits}]\nsteps: []\n", "setup needs a list of players"},
		{"a name that is a list", "name: [x]\n" + twoPlayers + "steps: []\n", "name: takes a single value"},
	}
	for _, c := range cases {
		_, err := Parse("t.yaml", []byte(c.src))
		var le *LoadError
		if err == nil || !errors.As(err, &le) {
			t.Errorf("%s: expected a load error, got %v", c.name, err)
			continue
		}
		if !strings.Contains(le.Error(), c.want) {
			t.Errorf("%s: error %q does not contain %q", c.name, le.Error(), c.want)
		}
	}
}

// TestRunLeavesTheScenarioAsLoaded runs scenarios in which a label moves to
// the card a step took in its place: Run must not change the scenario, so
// that running it again plays the same game.
func TestRunLeavesTheScenarioAsLoaded(t *testing.T) {
	ss, err := ParseFile("../../scenarios/format/labels_alike.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range ss {
		before := maps.Clone(s.labels)
		if res := Run(s); !res.Pass {
			t.Errorf("%s: %s", res.Name, res.Reason)
		}
		if !maps.Equal(before, s.labels) {
			t.Errorf("%s: Run changed the labels from %v to %v", s.Name, before, s.labels)
		}
	}
}

// TestEmptyValuesLoad: a key given with no value is an empty zone or list.
func TestEmptyValuesLoad(t *testing.T) {
	src := "name: x\nsetup:\n  players:\n    - id: A\n      hand:\n      deck: []\n    - {id: B}\n  bases:\n    - base: Tar Pits\n      cards:\n  base_deck:\nsteps:\n  - expect: { hand: { A: }, bases: [Tar Pits] }\n  - pass:\n    player: A\n"
	if res := runOne(t, src); !res.Pass {
		t.Errorf("got %+v", res)
	}
}

// runOne parses a one-scenario source and runs it.
func runOne(t *testing.T, src string) Result {
	t.Helper()
	ss, err := Parse("t.yaml", []byte(src))
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	if len(ss) != 1 {
		t.Fatalf("expected one scenario, got %d", len(ss))
	}
	return Run(ss[0])
}

func TestFailuresSayStepExpectedAndFound(t *testing.T) {
	cases := []struct {
		name, steps string
		want        []string
	}{
		{"vp", "  - expect: { vp: { A: 3 } }\n", []string{"step 1: expect vp.A: expected 3, found 0"}},
		{"hand", "  - expect: { hand: { A: [Invader] } }\n", []string{"expect hand.A: expected [Invader], found [Augmentation, Invader]"}},
		{"hand_has", "  - expect: { hand_has: { B: [Invader] } }\n", []string{"expect hand_has.B: expected [Invader], found [Ninja Master]"}},
		{"hand_size", "  - expect: { hand_size: { B: 2 } }\n", []string{"expect hand_size.B: expected 2, found 1"}},
		{"deck_top", "  - expect: { deck_top: { B: [Howl] } }\n", []string{"expect deck_top.B: expected [Howl], found [Scout]"}},
		{"deck_size", "  - expect: { deck_size: { A: 5 } }\n", []string{"expect deck_size.A: expected 5, found 2"}},
		{"discard", "  - expect: { discard: { A: [Howl] } }\n", []string{"expect discard.A: expected [Howl], found []"}},
		{"discard_has", "  - expect: { discard_has: { A: [Howl] } }\n", []string{"expect discard_has.A"}},
		{"in_play", "  - expect: { in_play: { B: [King Rex] } }\n", []string{"expect in_play.B: expected [King Rex], found [King Rex, King Rex]"}},
		{"bases", "  - expect: { bases: [Tar Pits, The Homeworld] }\n", []string{"expect bases: expected [Tar Pits, The Homeworld], found [The Homeworld, Tar Pits]"}},
		{"base_deck_top", "  - expect: { base_deck_top: [Tortuga] }\n", []string{"expect base_deck_top: expected [Tortuga], found []"}},
		{"at.cards", "  - expect: { at: { Tar Pits: { cards: [] } } }\n", []string{"expect at.Tar Pits.cards: expected [], found [King Rex]"}},
		{"at.power", "  - expect: { at: { The Homeworld: { power: { A: 6 } } } }\n", []string{"expect at.The Homeworld.power.A: expected 6, found 7"}},
		{"at.total", "  - expect: { at: { The Homeworld: { total: 7 } } }\n", []string{"expect at.The Homeworld.total: expected 7, found 14"}},
		{"at.breakpoint", "  - expect: { at: { Tar Pits: { breakpoint: 15 } } }\n", []string{"expect at.Tar Pits.breakpoint: expected 15, found 16"}},
		{"power", "  - expect: { power: { rexb: 8 } }\n", []string{"expect power.rexb: expected 8, found 7"}},
		{"power of a name that is not unique", "  - expect: { power: { King Rex: 7 } }\n", []string{"more than one card in play"}},
		{"counters", "  - expect: { counters: { rexa: 1 } }\n", []string{"expect counters.rexa: expected 1, found 0"}},
		{"controller", "  - expect: { controller: { rexb: A } }\n", []string{"expect controller.rexb: expected A, found B"}},
		{"turn", "  - expect: { turn: B }\n", []string{"expect turn: expected B, found A"}},
		{"phase", "  - expect: { phase: draw }\n", []string{"expect phase: expected draw, found play"}},
		{"prompt.player", "  - expect: { prompt: { player: B } }\n", []string{"expect prompt.player: expected B, found A"}},
		{"prompt.options", "  - expect: { prompt: { options: [Invader, pass] } }\n", []string{"expect prompt.options: expected [Invader, pass], found [Augmentation, Invader, pass]"}},
		{"prompt.options_include", "  - expect: { prompt: { options_include: [Howl] } }\n", []string{"expect prompt.options_include: expected [Howl]"}},
		{"game_over", "  - expect: { game_over: true }\n", []string{"expect game_over: expected true, found false"}},
		{"winner", "  - expect: { winner: A }\n", []string{"expect winner: expected [A], found []"}},
		{"second step named", "  - expect: { turn: A }\n  - expect: { turn: B }\n", []string{"step 2: "}},
		{"player must be the player asked", "  - play: Invader\n    player: B\n", []string{"step 1: ", "expected B to be asked, but A is asked", "Augmentation", "Invader", "pass"}},
		{"no option matches: all options shown", "  - play: Howl\n", []string{"play Howl matches no option", "play Augmentation (hand owner A)", "play Invader (hand owner A)", "pass"}},
		{"more than one option matches: all options shown", "  - play: Augmentation\n  - choose: King Rex\n", []string{"step 2: choose King Rex matches 3 different options", "King Rex (at The Homeworld owner A label rexa)", "King Rex (at The Homeworld owner B)", "King Rex (at Tar Pits owner B label rexb)"}},
		{"play base: must be where it goes", "  - play: Invader\n    base: Jungle Oasis\n", []string{"base Jungle Oasis matches no option", "base The Homeworld", "base Tar Pits"}},
		{"yes where no yes/no is asked", "  - expect: { turn: A }\n  - choose: yes\n", []string{"step 2: choose yes matches no option"}},
		{"until fails on a mandatory choice among several", "  - play: Augmentation\n  - until: draw\n", []string{"step 2: until draw: a decision with no pass option came first", "A is asked", "King Rex (at The Homeworld owner A label rexa)", "King Rex (at Tar Pits owner B label rexb)"}},
	}
	for _, c := range cases {
		res := runOne(t, scenarioSrc("x", c.steps))
		if res.Pass {
			t.Errorf("%s: the scenario passed", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(res.Reason, w) {
				t.Errorf("%s: reason %q does not contain %q", c.name, res.Reason, w)
			}
		}
	}
}

func TestAutoChosenTargetMustStillMatch(t *testing.T) {
	src := `name: x
setup:
  players:
    - { id: A, hand: [Invader, Upgrade] }
    - { id: B }
  bases:
    - base: Tar Pits
      cards: [{ card: King Rex, owner: A }]
steps:
  - play: Invader
    base: Jungle Oasis
`
	if res := runOne(t, src); res.Pass || !strings.Contains(res.Reason, "it went to Tar Pits") {
		t.Errorf("base: got %+v", res)
	}
	src = strings.Replace(src, "  - play: Invader\n    base: Jungle Oasis\n", "  - play: Upgrade\n    on: Invader\n", 1)
	if res := runOne(t, src); res.Pass || !strings.Contains(res.Reason, "it was played on King Rex") {
		t.Errorf("on: got %+v", res)
	}
}

func TestLabelNoLongerInPlayFails(t *testing.T) {
	src := `name: x
setup:
  players:
    - { id: A, hand: [Seeing Stars] }
    - { id: B }
  bases:
    - base: The Homeworld
      cards: [{ card: Tenacious Z, owner: B, label: z }]
steps:
  - play: Seeing Stars
  - expect: { power: { z: 2 } }
`
	if res := runOne(t, src); res.Pass || !strings.Contains(res.Reason, "z (label) is no longer in play") {
		t.Errorf("got %+v", res)
	}
}

func TestMainOutputAndExitStatus(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	multi := write("sub/multi.yaml", scenarioSrc("first", "  - expect: { turn: A }\n")+"---\n"+scenarioSrc("second", "  - expect: { turn: B }\n")+"---\n"+scenarioSrc("third", "  - pass\n  - expect: { turn: B }\n"))
	write("sub/other.yml", scenarioSrc("yml files run too", "  - expect: { turn: A }\n"))
	write("sub/notes.txt", "not a scenario")

	var b strings.Builder
	code := Main([]string{dir}, &b)
	want := "PASS first\nFAIL second: step 1: expect turn: expected B, found A\nPASS third\nPASS yml files run too\n3 passed, 1 failed\n"
	// a failure's line ends with a link that opens it in the sandbox
	got, link, _ := strings.Cut(b.String(), " (open in the sandbox: ")
	link, rest, _ := strings.Cut(link, ")\n")
	if got += "\n" + rest; code != 1 || got != want || !strings.HasPrefix(link, SandboxBase+"/sandbox#p=") {
		t.Errorf("code %d, output:\n%s\nwant:\n%s", code, b.String(), want)
	}

	b.Reset()
	bad := write("bad.yaml", "name: x\nsetup:\n  players:\n    - {id: A, hand: [Nope]}\n    - {id: B}\n  bases: [{base: Tar Pits}]\nsteps: []\n")
	code = Main([]string{multi, bad}, &b)
	out := b.String()
	if code != 2 || !strings.Contains(out, bad+":4: unknown card \"Nope\"") || !strings.HasSuffix(out, "\n2 passed, 1 failed\n") {
		t.Errorf("load error: code %d output %q", code, out)
	}

	b.Reset()
	ok := write("ok.yaml", scenarioSrc("fine", "  - expect: { turn: A }\n"))
	if code := Main([]string{ok}, &b); code != 0 || b.String() != "PASS fine\n1 passed, 0 failed\n" {
		t.Errorf("ok: code %d output %q", code, b.String())
	}

	b.Reset()
	if code := Main([]string{filepath.Join(dir, "missing.yaml")}, &b); code != 2 || !strings.HasSuffix(b.String(), "0 passed, 0 failed\n") {
		t.Errorf("missing: code %d output %q", code, b.String())
	}
}

func TestShareLinkRoundTrip(t *testing.T) {
	src := scenarioSrc("linked", "  - pass\n  - expect: { turn: A }\n")
	ss, err := Parse("x.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	res := Run(ss[0])
	if res.Pass || len(res.Moves) != 1 {
		t.Fatalf("want a failure after one move, got %+v", res)
	}
	text, err := ss[0].Source()
	if err != nil {
		t.Fatal(err)
	}
	link := SandboxLink("http://h:1/", text, 1, res.Moves)
	back, pick, moves, err := ParseShare(link)
	if err != nil || pick != 1 || len(moves) != 1 || moves[0] != res.Moves[0] {
		t.Fatalf("ParseShare(%q) = pick %d moves %v err %v", link, pick, moves, err)
	}
	pos, err := ParsePosition("link", back, pick)
	if err != nil || pos.Name != "linked" || len(pos.IDs) != 2 {
		t.Fatalf("position %+v err %v", pos, err)
	}
	for _, bad := range []string{"", "#p=", "#p=!!!", "#p=AAAA", "#p=" + strings.Repeat("A", 30) + "&m=x", "#s=0&p=AA"} {
		if _, _, _, err := ParseShare(bad); err == nil {
			t.Errorf("ParseShare(%q) took it", bad)
		}
	}
}

func TestParsePositionErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"name: x\nsetup:\n  players:\n    - {id: A, hand: [Nope]}\n    - {id: B}\n  bases: [{base: Tar Pits}]\n", ":4: unknown card"},
		{"name: [x\n", "YAML syntax"},
		{"", "no scenario here"},
		{"name: x\n", "needs a setup"},
		{strings.Repeat("#", MaxPosition+1), "at most"},
	} {
		_, err := ParsePosition("pasted", []byte(c.src), 0)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.src, err, c.want)
		}
	}
	two := scenarioSrc("one", "  - pass\n") + "---\n" + scenarioSrc("two", "  - pass\n")
	if p, err := ParsePosition("t", []byte(two), 2); err != nil || p.Name != "two" || len(p.Scenarios) != 2 {
		t.Errorf("pick 2: %+v %v", p, err)
	}
	if _, err := ParsePosition("t", []byte(two), 3); err == nil {
		t.Error("pick 3 of 2 taken")
	}
}
