package engine

import "unsafe"

// A copy to play on: the searches copy the game thousands of times per
// decision and play each copy to a horizon, then throw it away. Most of the
// state is fixed tables (MaxCards cards, MaxFrames frames ...) of which a
// game uses a part, and the log, which no one reads in a search's world.

// CopyToPlay overwrites g with a copy of src to be played on by the rules
// alone (a search's world): the same game for the rules and quiet
// (SetQuiet). Only what is in use is copied: the cards of the game, the
// frames, effects, waiting abilities and options there are, and every other
// field but the log (Events, EvInc), which a quiet game does not keep.
// The unused rest of g's tables is left as it was, so g is equal to src
// (==) only where it counts; use CopyFrom for an exact copy.
func (g *Game) CopyToPlay(src *Game) {
	dst := (*[unsafe.Sizeof(Game{})]byte)(unsafe.Pointer(g))
	from := (*[unsafe.Sizeof(Game{})]byte)(unsafe.Pointer(src))
	// the used parts, between the unused tails of the tables (Game holds no
	// pointers: it is plain bytes, as Marshal writes it)
	cut := func(lo, hi uintptr) { copy(dst[lo:hi], from[lo:hi]) }
	cut(0, offCards+uintptr(src.NCards)*unsafe.Sizeof(Card{}))
	cut(offNFrames, offFrames+uintptr(src.NFrames)*unsafe.Sizeof(Frame{}))
	cut(offNEff, offEffects+uintptr(src.NEff)*unsafe.Sizeof(Effect{}))
	cut(offNTrig, offTrigs+uintptr(src.NTrig)*unsafe.Sizeof(Trig{}))
	cut(offPending, offOpts+uintptr(src.Pending.N)*unsafe.Sizeof(Option{}))
	cut(offOpts+unsafe.Sizeof(src.Pending.Opts), offEvents)
	cut(offEvents+unsafe.Sizeof(src.Events), offEvInc)
	cut(offEvInc+unsafe.Sizeof(src.EvInc), unsafe.Sizeof(Game{}))
	g.Quiet = true
}

// The offsets of the tables CopyToPlay copies in part (CopyLayout, which
// copy_test.go checks, lists them in the order they must come).
const (
	offCards   = unsafe.Offsetof(Game{}.Cards)
	offNFrames = unsafe.Offsetof(Game{}.NFrames)
	offFrames  = unsafe.Offsetof(Game{}.Frames)
	offNEff    = unsafe.Offsetof(Game{}.NEff)
	offEffects = unsafe.Offsetof(Game{}.Effects)
	offNTrig   = unsafe.Offsetof(Game{}.NTrig)
	offTrigs   = unsafe.Offsetof(Game{}.Trigs)
	offPending = unsafe.Offsetof(Game{}.Pending)
	offOpts    = offPending + unsafe.Offsetof(Pending{}.Opts)
	offEvents  = unsafe.Offsetof(Game{}.Events)
	offEvInc   = unsafe.Offsetof(Game{}.EvInc)
)

// copyLayoutOK reports whether Game's fields lie as CopyToPlay expects: each
// count before its table, in this order (for the tests).
func copyLayoutOK() bool {
	return offCards < offNFrames && offNFrames < offFrames && offFrames < offNEff &&
		offNEff < offEffects && offEffects < offNTrig && offNTrig < offTrigs && offTrigs < offPending &&
		offOpts+unsafe.Sizeof(Pending{}.Opts) <= unsafe.Offsetof(Game{}.EvSeq) &&
		unsafe.Offsetof(Game{}.EvSeq) < offEvents && offEvents < offEvInc
}

// CopiedBytes returns how many bytes CopyToPlay copies of g (CopyFrom copies
// all of a Game's).
func (g *Game) CopiedBytes() int {
	n := offCards + uintptr(g.NCards)*unsafe.Sizeof(Card{})
	n += offFrames - offNFrames + uintptr(g.NFrames)*unsafe.Sizeof(Frame{})
	n += offEffects - offNEff + uintptr(g.NEff)*unsafe.Sizeof(Effect{})
	n += offTrigs - offNTrig + uintptr(g.NTrig)*unsafe.Sizeof(Trig{})
	n += offOpts - offPending + uintptr(g.Pending.N)*unsafe.Sizeof(Option{})
	n += offEvents - (offOpts + unsafe.Sizeof(g.Pending.Opts))
	n += offEvInc - (offEvents + unsafe.Sizeof(g.Events))
	n += unsafe.Sizeof(Game{}) - (offEvInc + unsafe.Sizeof(g.EvInc))
	return int(n)
}
