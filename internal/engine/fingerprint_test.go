package engine

import "testing"

// TestFingerprintCoversEveryField: changing what a definition says (its
// text, power, VP) or giving it a behaviour changes the fingerprint.
func TestFingerprintCoversEveryField(t *testing.T) {
	d := Register(&Def{Key: "test/fp", Name: "Test Fingerprint", Set: "Test", Type: Minion, Power: 2, Copies: 1, Text: "Plain."})
	base := computeFingerprint()
	for name, change := range map[string]func(){
		"text":      func() { d.Text = "Plainer." },
		"power":     func() { d.Power = 3 },
		"vp":        func() { d.VP[1] = 1 },
		"behaviour": func() { d.PowerMod = func(*Game, CardID, CardID) int { return 0 } },
		"hooks":     func() { defHooks[d.ID] ^= hTalent },
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
