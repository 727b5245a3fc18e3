package engine

import (
	"sync/atomic"
	"unsafe"
)

// A lock-free cache in front of Text: most texts are string constants of
// card code, asked for again and again with the same bytes in memory. A
// string's bytes never change, so the same data pointer and length mean the
// same text; an entry holds that pointer, which keeps those bytes from
// being freed and reused while it stays in the cache.

type textEntry struct {
	data *byte
	n    int
	id   int16
}

var textCache [1024]atomic.Pointer[textEntry]

func textSlot(p *byte, n int) *atomic.Pointer[textEntry] {
	h := uint64(uintptr(unsafe.Pointer(p)))*0x9e3779b97f4a7c15 ^ uint64(n)
	return &textCache[h>>54]
}

// cachedText returns Text(s) when s is in the cache.
func cachedText(s string) (int16, bool) {
	if len(s) == 0 {
		return 0, false
	}
	p := unsafe.StringData(s)
	if e := textSlot(p, len(s)).Load(); e != nil && e.data == p && e.n == len(s) {
		return e.id, true
	}
	return 0, false
}

// cacheText records that Text(s) is id, when its slot is free: an entry is
// never replaced, so texts built afresh on each call (new bytes every time)
// cost at most one entry per slot, once.
func cacheText(s string, id int16) {
	if len(s) == 0 {
		return
	}
	p := unsafe.StringData(s)
	slot := textSlot(p, len(s))
	if slot.Load() == nil {
		slot.CompareAndSwap(nil, &textEntry{data: p, n: len(s), id: id})
	}
}
