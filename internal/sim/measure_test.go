package sim

import (
	"os"
	"syscall"
	"testing"
	"time"
)

func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestMeasureCPU(t *testing.T) {
	if os.Getenv("MEASURE") == "" {
		t.Skip()
	}
	for _, n := range []int{2, 4} {
		games := 3000
		t0 := cpuNow()
		for i := 0; i < games; i++ {
			Play(RandomSetup(uint64(i), n), NewRandom(uint64(i)))
		}
		d := cpuNow() - t0
		t.Logf("%dP: %.0f games per CPU-second", n, float64(games)/d.Seconds())
	}
}
