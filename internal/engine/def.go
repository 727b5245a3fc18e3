package engine

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// CardType is a card's kind.
type CardType uint8

const (
	Minion CardType = iota + 1
	Action
	BaseCard
	Titan
)

func (t CardType) String() string {
	switch t {
	case Minion:
		return "minion"
	case Action:
		return "action"
	case BaseCard:
		return "base"
	case Titan:
		return "titan"
	}
	return "?"
}

// PlayTarget is where an action goes when played.
type PlayTarget uint8

const (
	Standard PlayTarget = iota
	OnBase
	OnMinion
	OnOwnMinion
)

// AbilityFn is one resumable ability. It is called with f.Step = 0 first.
// During one call it may ask one question (g.Ask...) or schedule work
// (g.Destroy, g.Move...) or call f.Next(); then it is called again with the
// next step after the question is answered or the work is done. A call that
// does none of these ends the ability.
type AbilityFn func(g *Game, f *Frame)

// Trigger is an ability that fires after an event while its card is in play
// (or, for bases, while the base is in play and not ignored).
type Trigger struct {
	On   EventKind
	When func(g *Game, self CardID, ev Event) bool // nil: always
	Do   AbilityFn
	From Zone // zone the card must be in; default ZInPlay
	// EachTurn marks a trigger on EvTurnStart that only grants what its card
	// gives "on each of your turns" (Archmage's extra action): a game set up
	// directly at the Play Cards phase gets it as if the turn began (setup.go).
	EachTurn bool
	// EvKey, when set, is the only thing about the event the ability depends
	// on: two firings waiting together whose events have equal keys are one
	// option when the order is chosen (alike.go). nil: the events must be alike.
	EvKey func(g *Game, ev Event) int
	// Interrupts marks a "when X would happen" ability: it resolves as X
	// happens, even in the middle of another ability's resolution, where
	// other triggers wait for that ability to finish (resolve.go).
	Interrupts bool
	fn         int16
}

// Window is a moment when Specials may be used.
type Window uint8

const (
	WinNone        Window = iota
	WinPlayPhase          // the current player's Play Cards phase
	WinBeforeScore        // a base has been chosen to score
	WinAfterScore         // VP have been awarded
	WinAfterPlay          // a card was just played (before its ability resolves)
	WinGainVP             // a player gained VP
)

// Special is a card ability usable at a Window from a zone.
type Special struct {
	Window Window
	From   Zone                                                      // ZHand, ZInPlay or ZDiscard
	Play   bool                                                      // the card itself is played (OptPlay) rather than used (OptUse)
	OK     func(g *Game, self CardID, player Seat, slot BaseID) bool // slot: the base the window is about, or None
	Do     AbilityFn
	// On and Answers are for a Special answering an event (Window
	// WinAnswer: Mboro Hornet answers a card played or discarded by a
	// player who does not own it): the kinds of event it answers, and which
	// of those (nil: all), judged from the event alone, never from who
	// holds the card. After each such event a window opens in which the
	// players are asked in turn (reactions.go).
	On      []EventKind
	Answers func(g *Game, ev Event) bool
	fn      int16
}

// AffectKind says what an ability tries to do to a card.
type AffectKind uint8

const (
	AffDestroy AffectKind = iota + 1
	AffMove
	AffReturn
	AffPlace
	AffPower
	AffAttach
	AffControl
	AffCounter
	AffCancel
)

// Affect describes an attempt to affect a card, for protection checks.
type Affect struct {
	Kind AffectKind
	By   Seat   // player credited (controller of the source)
	Src  CardID // source card, or None
}

// Def is a card definition: facts and behaviour.
type Def struct {
	ID         DefID
	Key        string // e.g. "aliens/collector"
	Name       string
	Set        string
	Faction    string // faction name, "" for bases of no faction
	Type       CardType
	Power      int
	Copies     int
	Target     PlayTarget
	Text       string
	Breakpoint int
	VP         [3]int

	// Behaviour; nil when the card has no such ability.
	OnPlay     AbilityFn
	Talent     AbilityFn
	TalentOK   func(g *Game, self CardID) bool
	PowerMod   func(g *Game, self, target CardID) int      // ongoing: power this card gives a minion in play
	BreakMod   func(g *Game, self CardID, slot BaseID) int // ongoing: breakpoint change of a base
	Triggers   []Trigger
	Specials   []Special
	Protect    func(g *Game, self, target CardID, a Affect) bool // true: target is not affected
	Instead    func(g *Game, self, target CardID, a Affect) bool // true: replace the effect with InsteadDo
	InsteadDo  AbilityFn
	Redirect   func(g *Game, self, target CardID, a Affect) bool                      // offer to take attempt a on target instead (redirect.go)
	CanPlay    func(g *Game, self CardID, player Seat, card CardID, slot BaseID) bool // restriction imposed while self is in play
	PlayOK     func(g *Game, player Seat, card, on CardID) bool                       // may this card be played (on minion on, or None for any other play)
	IgnoreBase func(g *Game, self CardID, player Seat) bool                           // player ignores the ability of self's base
	MayIgnore  bool                                                                   // IgnoreBase is a choice ("may ignore"): the base's own choices are still offered; its lasting abilities follow a standing choice (FollowBaseLasting)
	BaseFrom   func(g *Game, self CardID, player Seat) bool                           // minions may be played onto self's base from the discard
	Playable   bool                                                                   // the behaviour is implemented

	// HostLeaves: when the minion this action is attached to leaves play, the
	// action is set aside and this runs (f.Src = the action); unless it puts the
	// action somewhere (AttachTo), it then goes to its owner's discard pile.
	HostLeaves AbilityFn

	// MoveOK: while this card is in play, may player by's ability move minion card to base slot to?
	MoveOK func(g *Game, self CardID, by Seat, card CardID, to BaseID) bool

	// AlsoNamed: this card (in play) also counts as bearing name for name checks (HasName).
	AlsoNamed func(g *Game, self CardID, name string) bool

	// LendsTopBase: while this card is in play and this returns true, the base it
	// is on also has the abilities of the top card of the base deck (see lent.go).
	LendsTopBase func(g *Game, self CardID) bool

	// LoosePower: power this card (in play) gives player at base slot, not on any minion.
	LoosePower func(g *Game, self CardID, slot BaseID, player Seat) int

	// AfterStandard runs (f.Target = the action) when a standard action that
	// AfterStandardOK accepts has resolved and is about to be discarded; if it
	// moves the action elsewhere, the action is not discarded (see giving.go).
	AfterStandard   AbilityFn
	AfterStandardOK func(g *Game, self CardID, player Seat, card CardID) bool

	// TalentAgain: while self is in play, card may use its Talent a second time
	// this turn (once per turn per self; see talents.go).
	TalentAgain func(g *Game, self, card CardID) bool
	// TalentAgainAll: TalentAgain grants every card it accepts a second use,
	// not one card per turn (Great Wolf Spirit).
	TalentAgainAll bool
	// TotalPower: power a non-minion card in play adds to its controller's
	// total at its base (e.g. counters on an action that say so).
	TotalPower func(g *Game, self CardID) int

	onPlayFn, talentFn, insteadFn, afterStdFn, hostLeavesFn int16
}

var (
	defs    []*Def
	fns     []AbilityFn
	byName  = map[string]DefID{} // normalized name -> def id (lookup only, never iterated)
	byKey   = map[string]DefID{}
	textTab = func() *atomic.Pointer[textTable] {
		var p atomic.Pointer[textTable]
		p.Store(&textTable{index: map[string]TextID{}})
		return &p
	}()
	textMu sync.Mutex
)

// Register adds a definition. Call it from init functions only.
func Register(d *Def) *Def {
	d.ID = DefID(len(defs))
	defs = append(defs, d)
	if d.Type == Titan {
		d.Triggers = append(d.Triggers, titanRules()...) // Clash of the Titans (titans.go)
	}
	if d.OnPlay != nil {
		d.onPlayFn = regFn(d.OnPlay)
	}
	if d.Talent != nil {
		d.talentFn = regFn(d.Talent)
	}
	if d.InsteadDo != nil {
		d.insteadFn = regFn(d.InsteadDo)
	}
	if d.AfterStandard != nil {
		d.afterStdFn = regFn(d.AfterStandard)
	}
	if d.HostLeaves != nil {
		d.hostLeavesFn = regFn(d.HostLeaves)
	}
	for i := range d.Triggers {
		d.Triggers[i].fn = regFn(d.Triggers[i].Do)
		if d.Triggers[i].From == 0 {
			d.Triggers[i].From = ZInPlay
		}
	}
	for i := range d.Specials {
		d.Specials[i].fn = regFn(d.Specials[i].Do)
	}
	n := Normalize(d.Name)
	if _, dup := byName[n]; !dup {
		byName[n] = d.ID
	}
	byKey[d.Key] = d.ID
	registerHooks(d)
	return d
}

// Fn registers a free-standing ability (used by scheduled sub-abilities) and returns its id.
func Fn(f AbilityFn) int16 { return regFn(f) }

func regFn(f AbilityFn) int16 { return regProc(f, causeSrc) }

// regProc registers procedure f, whose frames find their cause by rule r.
func regProc(f AbilityFn, r causeRule) int16 {
	fns = append(fns, f)
	fnCause = append(fnCause, r)
	return int16(len(fns) - 1)
}

// causeRule says how the frame of a registered procedure finds its cause
// (Frame.Cause, named by the events emitted while it runs).
type causeRule uint8

const (
	// causeSrc: an ability, or an operation scheduled by one (destroy,
	// move ...): its card (Src), or, without one, the cause of the step
	// that scheduled it. Every card's ability is one.
	causeSrc causeRule = iota
	// causeInherit: work done for whatever scheduled it (playing a card):
	// the cause of the step that scheduled it, whatever its Src.
	causeInherit
	// causeNone: the rules themselves (the turn and its phases, scoring,
	// the hand limit, the windows and the resolution of triggers): no cause.
	causeNone
)

// fnCause is the cause rule of each registered procedure (beside fns).
var fnCause []causeRule

// textTable is a snapshot of the interned texts: every text by id, and an
// index of the first of them (the others are in textRecent).
type textTable struct {
	texts []string
	index map[string]TextID
}

// textRecent holds, under textMu, the texts interned since the snapshot's
// index was made: the index is made again when they grow to a part of it,
// so that interning costs a constant on average (and not a copy of the
// table each time: a game naming cards interns many).
var textRecent = map[string]TextID{}

// textCache remembers the id of recently interned strings by where their
// bytes lie (a prompt is a literal: the same bytes each time), so most
// calls need no map look-up; an entry is used only when its string is the
// same (the bytes of a string no longer used may be reused by another).
var textCache [4096]atomic.Pointer[textCached]

type textCached struct {
	s  string
	id TextID
}

// Text interns a string and returns its id (for prompts and text options).
// Texts are interned while games run (prompts are literals, so the table is
// as small as the source), possibly by games on several goroutines at once.
// Readers take no lock for a text in the snapshot: they read an immutable
// snapshot of the table, which a writer replaces under textMu.
func Text(s string) TextID {
	h := (uintptr(unsafe.Pointer(unsafe.StringData(s)))>>3 ^ uintptr(len(s))*0x9e37) % uintptr(len(textCache))
	if e := textCache[h].Load(); e != nil && e.s == s {
		return e.id
	}
	id := textLookup(s)
	textCache[h].Store(&textCached{s: s, id: id})
	return id
}

// textLookup is Text without the cache.
func textLookup(s string) TextID {
	if id, ok := textTab.Load().index[s]; ok {
		return id
	}
	textMu.Lock()
	defer textMu.Unlock()
	old := textTab.Load()
	if id, ok := old.index[s]; ok {
		return id
	}
	if id, ok := textRecent[s]; ok {
		return id
	}
	// texts only grows: a snapshot reads only its own length of it
	next := &textTable{texts: append(old.texts, s), index: old.index}
	id := TextID(len(next.texts) - 1)
	textRecent[s] = id
	if len(textRecent) >= 8+len(old.index)/16 {
		next.index = make(map[string]TextID, len(old.index)+len(textRecent))
		for k, v := range old.index {
			next.index[k] = v
		}
		for k, v := range textRecent {
			next.index[k] = v
		}
		textRecent = map[string]TextID{}
	}
	textTab.Store(next)
	return id
}

// TextOf returns the string of a text id.
func TextOf(id TextID) string {
	t := textTab.Load().texts
	if id < 0 || int(id) >= len(t) {
		return ""
	}
	return t[id]
}

// allTexts returns the interned texts, in id order (not to be changed).
func allTexts() []string { t := textTab.Load().texts; return t[:len(t):len(t)] }

// Normalize folds a card name for matching: case and ' ’ . , ! ? - are ignored.
func Normalize(s string) string {
	if n, ok := normalizeASCII(s); ok {
		return n // the same, with fewer allocations (normname.go)
	}
	return normalizeRunes(s)
}

// normalizeRunes is Normalize for any text.
func normalizeRunes(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch r {
		case '\'', '’', '.', ',', '!', '?', '-', '"', '“', '”':
			continue
		}
		b.WriteRune(r)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// Lookup finds a definition by printed name (or alias key).
func Lookup(name string) (*Def, error) {
	if id, ok := byName[Normalize(name)]; ok {
		return defs[id], nil
	}
	if id, ok := byKey[name]; ok {
		return defs[id], nil
	}
	return nil, fmt.Errorf("unknown card %q", name)
}

// Alias makes another name find d.
func Alias(d *Def, name string) { byName[Normalize(name)] = d.ID }

// Defs lists every registered definition in registration order.
func Defs() []*Def { return defs }

// Factions lists the faction names with at least one card, sorted.
func Factions() []string { return append([]string(nil), registry().factions...) }

func listFactions() []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range defs {
		if d.Faction != "" && d.Type != BaseCard && !seen[d.Faction] {
			seen[d.Faction] = true
			out = append(out, d.Faction)
		}
	}
	sort.Strings(out)
	return out
}

// FactionCards lists the definitions of a faction's deck cards.
func FactionCards(faction string) []*Def {
	return append([]*Def(nil), registry().cards[faction]...)
}

func listFactionCards(faction string) []*Def {
	var out []*Def
	for _, d := range defs {
		if d.Faction == faction && (d.Type == Minion || d.Type == Action) {
			out = append(out, d)
		}
	}
	return out
}

// FactionPlayable reports whether every card of the faction is implemented.
func FactionPlayable(faction string) bool {
	cs := registry().cards[faction] // (read only: no copy)
	if len(cs) == 0 {
		return false
	}
	for _, d := range cs {
		if !d.Playable {
			return false
		}
	}
	return true
}

// PlayableFactions lists factions whose every card is implemented.
func PlayableFactions() []string { return append([]string(nil), registry().playable...) }

// Bases lists base definitions, optionally only playable ones.
func Bases(playableOnly bool) []*Def {
	var out []*Def
	for _, d := range defs {
		if d.Type == BaseCard && (!playableOnly || d.Playable) {
			out = append(out, d)
		}
	}
	return out
}

// SpecialOnly reports whether an action can be played only through its
// Special (it has no ordinary ability): such a card is not a normal play.
// An action played on a base or a minion stays in play with its ongoing
// abilities, so it is a normal play too (Sun Tattoo).
func (d *Def) SpecialOnly() bool {
	if d.Type != Action || d.OnPlay != nil || d.Target != Standard {
		return false
	}
	for _, sp := range d.Specials {
		if sp.Play {
			return true
		}
	}
	return false
}

func (g *Game) def(c CardID) *Def { return defs[g.Cards[c].Def] }

// DefOf returns the definition of card instance c.
func (g *Game) DefOf(c CardID) *Def { return defs[g.Cards[c].Def] }

// ReplaceOnPlay swaps the ability a registered card uses when played (it
// must have one) and returns a function that puts the old one back. It is
// for tests that need a card to misbehave, e.g. to panic on purpose, and
// must not be called while games run.
func ReplaceOnPlay(d *Def, f AbilityFn) (restore func()) {
	if d.OnPlay == nil || f == nil {
		panic("engine: ReplaceOnPlay needs a card with an on-play ability and a new one")
	}
	old := fns[d.onPlayFn]
	fns[d.onPlayFn] = f
	return func() { fns[d.onPlayFn] = old }
}
