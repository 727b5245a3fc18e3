package match

import (
	"math/rand/v2"
	"strings"
	"testing"

	_ "github.com/smashup/smashup/internal/cards"
	"github.com/smashup/smashup/internal/engine"
)

func TestChooseFactionsKeepsTheChosenAndDrawsTheRest(t *testing.T) {
	pf := engine.PlayableFactions()
	if len(pf) < 8 {
		t.Skip("too few playable factions")
	}
	chosen := [][]string{{strings.ToLower(pf[0]), pf[1]}, nil, {pf[2], pf[3]}}
	fs, err := ChooseFactions(4, chosen, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	if fs[0] != [2]string{pf[0], pf[1]} || fs[2] != [2]string{pf[2], pf[3]} {
		t.Errorf("the chosen factions are not kept: %v", fs)
	}
	used := map[string]bool{}
	for _, p := range fs {
		for _, f := range p {
			if f == "" || !engine.FactionPlayable(f) || used[f] {
				t.Errorf("faction %q drawn or used twice: %v", f, fs)
			}
			used[f] = true
		}
	}
	for _, bad := range [][][]string{{{pf[0]}}, {{pf[0], pf[0]}}, {{pf[0], "no such faction"}}} {
		if _, err := ChooseFactions(2, bad, rand.New(rand.NewPCG(1, 2))); err == nil {
			t.Errorf("%v: accepted", bad)
		}
	}
}
