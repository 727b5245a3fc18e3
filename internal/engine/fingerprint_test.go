package engine

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// TestFingerprintCoversEveryField: changing what a definition says (its
// text, power, VP, the events it triggers on) or giving it a behaviour
// changes the fingerprint.
func TestFingerprintCoversEveryField(t *testing.T) {
	d := Register(&Def{Key: "test/fp", Name: "Test Fingerprint", Set: "Test", Type: Minion, Power: 2, Copies: 1, Text: "Plain.",
		Triggers: []Trigger{{On: EvPlay, Do: func(*Game, *Frame) {}}}})
	base := computeFingerprint()
	for name, change := range map[string]func(){
		"text":      func() { d.Text = "Plainer." },
		"name":      func() { d.Name = "Test Fingerprints" },
		"power":     func() { d.Power = 3 },
		"copies":    func() { d.Copies = 2 },
		"vp":        func() { d.VP[1] = 1 },
		"behaviour": func() { d.PowerMod = func(*Game, CardID, CardID) int { return 0 } },
		"hooks":     func() { defHooks[d.ID] ^= hTalent },
		"trigger":   func() { d.Triggers = []Trigger{{On: EvDestroy, Do: d.Triggers[0].Do}} },
		"zone":      func() { d.Triggers = []Trigger{{On: EvPlay, From: ZDiscard, Do: d.Triggers[0].Do}} },
	} {
		saved, savedHooks := *d, defHooks[d.ID]
		change()
		if computeFingerprint() == base {
			t.Errorf("changing the %s kept the fingerprint", name)
		}
		*d, defHooks[d.ID] = saved, savedHooks
		if computeFingerprint() != base {
			t.Fatalf("restoring the %s did not restore the fingerprint", name)
		}
	}
}

// TestFingerprintMovesWithRulesVersion: another RulesVersion is another
// fingerprint, and says so in its prefix.
func TestFingerprintMovesWithRulesVersion(t *testing.T) {
	now, next := fingerprintOf(RulesVersion), fingerprintOf(RulesVersion+1)
	if now != RulesFingerprint() || now == next || !strings.HasPrefix(next, fmt.Sprintf("r%d-", RulesVersion+1)) {
		t.Fatalf("version %d: %s, version %d: %s", RulesVersion, now, RulesVersion+1, next)
	}
}

// TestFingerprintIgnoresRegistration: what a refactor does to the
// registries without changing the rules leaves the fingerprint as it is:
// registering one more function (a helper a card now uses), or registering
// every ability at other positions (helpers registered before them, or in
// another order). A saved game, which holds those positions, is refused by
// the other build (Fingerprint, save.go).
func TestFingerprintIgnoresRegistration(t *testing.T) {
	before, save := RulesFingerprint(), Fingerprint()
	Fn(func(*Game, *Frame) {}) // an extra procedure nothing uses
	if RulesFingerprint() != before || computeFingerprint() != before {
		t.Fatal("registering an unused function changed the rules fingerprint")
	}
	if Fingerprint() == save {
		t.Fatal("registering a function kept the saved games' fingerprint")
	}
	// every ability's procedure id moved: shifted by one (a helper
	// registered first), then reversed (another order of registration)
	var ids []*int16
	for _, d := range defs {
		ids = append(ids, &d.onPlayFn, &d.talentFn, &d.insteadFn, &d.afterStdFn, &d.hostLeavesFn)
		for i := range d.Triggers {
			ids = append(ids, &d.Triggers[i].fn)
		}
		for i := range d.Specials {
			ids = append(ids, &d.Specials[i].fn)
		}
	}
	old := make([]int16, len(ids))
	for i, p := range ids {
		old[i] = *p
	}
	defer func() {
		for i, p := range ids {
			*p = old[i]
		}
	}()
	save = Fingerprint()
	for _, p := range ids {
		*p++
	}
	if computeFingerprint() != before {
		t.Fatal("shifting the procedure ids changed the rules fingerprint")
	}
	if Fingerprint() == save {
		t.Fatal("shifting the procedure ids kept the saved games' fingerprint")
	}
	for i, p := range ids {
		*p = old[len(old)-1-i]
	}
	if computeFingerprint() != before {
		t.Fatal("reordering the procedure ids changed the rules fingerprint")
	}
}

// TestOnlyIDsAreUnexported: the fingerprint leaves out the unexported
// fields of definitions, triggers and Specials because they are the ids of
// registered functions. A new unexported field must be one of those too, or
// the fingerprint must learn to hash it (hashValue).
func TestOnlyIDsAreUnexported(t *testing.T) {
	want := map[string][]string{
		"Def":     {"afterStdFn", "hostLeavesFn", "insteadFn", "onPlayFn", "talentFn"},
		"Trigger": {"fn"},
		"Special": {"fn"},
	}
	for _, v := range []any{Def{}, Trigger{}, Special{}} {
		ty := reflect.TypeOf(v)
		var got []string
		for i := 0; i < ty.NumField(); i++ {
			if f := ty.Field(i); !f.IsExported() {
				got = append(got, f.Name)
			}
		}
		sort.Strings(got)
		if !reflect.DeepEqual(got, want[ty.Name()]) {
			t.Errorf("the unexported fields of %s are %v, not the registration ids %v: does the fingerprint cover them?", ty.Name(), got, want[ty.Name()])
		}
	}
}
