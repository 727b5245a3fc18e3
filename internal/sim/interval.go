package sim

import "math"

// Wilson is the 95% Wilson score interval of k successes out of n trials
// (k may be fractional: a shared win counts as a fraction).
func Wilson(k, n float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	const z = 1.959964
	p := k / n
	den := 1 + z*z/n
	mid := (p + z*z/(2*n)) / den
	half := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / den
	lo, hi = math.Max(0, mid-half), math.Min(1, mid+half)
	if k >= n {
		hi = 1 // exact at the edges (rounding would leave the rate outside)
	}
	if k <= 0 {
		lo = 0
	}
	return lo, hi
}
