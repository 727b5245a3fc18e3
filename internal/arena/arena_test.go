package arena

import (
	"math"
	"testing"

	_ "github.com/smashup/smashup/internal/cards"
)

func TestWilsonAndElo(t *testing.T) {
	lo, hi := wilson(50, 100)
	if math.Abs(lo-0.404) > 0.002 || math.Abs(hi-0.596) > 0.002 {
		t.Errorf("wilson(50,100) = %.3f..%.3f, want about 0.404..0.596", lo, hi)
	}
	if e := EloFor(0.5, 2); math.Abs(e) > 1e-9 {
		t.Errorf("an even rate is %f Elo", e)
	}
	if e := EloFor(0.25, 4); math.Abs(e) > 1e-6 {
		t.Errorf("a fair 4-player rate is %f Elo", e)
	}
	if e := EloFor(0.76, 2); math.Abs(e-200) > 2 {
		t.Errorf("76%% is %f Elo, want about 200", e)
	}
}

// A short arena (the smoke test CI runs): seats rotate, the figures add up.
func TestArenaSmoke(t *testing.T) {
	r, err := Run(Config{A: "normal", B: "random", Games: 4, Players: 2, Seed: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Games != 4 || r.DecisionsA == 0 || r.DecisionsB == 0 || r.Low > r.Rate || r.High < r.Rate {
		t.Fatalf("odd result %+v", r)
	}
	if r.Rate < 0.5 {
		t.Errorf("normal won %.0f%% against random", 100*r.Rate)
	}
	// games played at once give the same figures
	p, err := Run(Config{A: "normal", B: "random", Games: 4, Players: 2, Seed: 3, Parallel: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.WinsA != r.WinsA || p.VPA != r.VPA || p.VPB != r.VPB || p.DecisionsA != r.DecisionsA || p.DecisionsB != r.DecisionsB {
		t.Errorf("in parallel %+v, one at a time %+v", p, r)
	}
	if _, err := Run(Config{A: "wizard", B: "random", Games: 2, Players: 2}, nil); err == nil {
		t.Error("an unknown level should be refused")
	}
}
