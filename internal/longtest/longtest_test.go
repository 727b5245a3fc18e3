package longtest

import "testing"

func TestPick(t *testing.T) {
	for v, long := range map[string]bool{"": false, "0": false, "1": true, "yes": true} {
		t.Setenv(Var, v)
		if Enabled() != long || Pick(1, 2) != map[bool]int{false: 1, true: 2}[long] {
			t.Errorf("%s=%q: Enabled %v, Pick(1, 2) %d", Var, v, Enabled(), Pick(1, 2))
		}
	}
}
