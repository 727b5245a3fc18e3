package engine

import "testing"

// normEqual agrees with comparing Normalize results.
func FuzzNormEqual(f *testing.F) {
	for _, s := range []string{"Prince Charming", "  the  King's  Men! ", "A-B", "x\ty", "Ça va", "", " ", "ab", "a b"} {
		f.Add(s, "prince charming")
		f.Add(s, Normalize(s))
	}
	f.Fuzz(func(t *testing.T, raw, other string) {
		for _, norm := range []string{Normalize(raw), Normalize(other), other} {
			if got, want := normEqual(norm, raw), normalizeRunes(raw) == norm; got != want {
				t.Fatalf("normEqual(%q, %q) = %v, want %v", norm, raw, got, want)
			}
		}
	})
}

// Normalize (with its ASCII shortcut) agrees with folding rune by rune.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"Prince Charming", "  the  King's  Men! ", "A-B", "x\ty", "Ça va", "", " ", "ab", "a b", "aliens", "a\vb\fc\r"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Normalize(s), normalizeRunes(s); got != want {
			t.Fatalf("Normalize(%q) = %q, want %q", s, got, want)
		}
	})
}
