package engine

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"io"
)

// Saving and restoring games.
//
// A saved game is the Game struct written field by field (little endian), so a
// game waiting in the middle of any card's ability round-trips exactly. Around
// it the file holds:
//
//	magic "SMASHUP\x00", format version (uint16),
//	build fingerprint (uint64, Fingerprint): card definitions and registered procedures,
//	the interned texts the state may refer to (count, then length + bytes each),
//	the payload length (uint32) and the payload,
//	a CRC-32 of everything before it.
//
// Definition and procedure ids are positions in this build's registries, so a
// game saved by a build with other cards is refused with a clear error rather
// than loaded into nonsense. Text ids are interned at run time in whatever
// order prompts were first used; loading maps the saved texts onto this
// process's ids.

const saveMagic = "SMASHUP\x00"

// SaveVersion is the current save format version. A saved game holds the
// steps and remembered values of the abilities in progress, so a change in
// what an ability's steps or slots mean changes the version: 3 came with
// named steps and slots (engine.Step, engine.Slot), which renumbered some;
// 4 with the causes of events (Event.Cause, CVis; Frame.Cause replacing the
// unused Kind; Game.Running): a game saved before is refused; 5 with public
// ids (Card.Inc, Game.IncCard, IncWas, EvInc, IDKey: ids.go); 6 without
// the unused Frame.Parent and frame flag frPushed (frResolving renumbered);
// 7 with who saw a work's cause when it began (Frame.CauseVis, CauseInc).
// (No game is kept as a save: the server and replays keep the moves.)
const SaveVersion = 7

// ErrBadSave is wrapped by every error Unmarshal returns.
var ErrBadSave = errors.New("bad saved game")

var gameSize = binary.Size(&Game{})

// Fingerprint identifies the registries a saved game's ids refer to: the
// definitions (by key, in order), the number of registered procedures, and
// the procedure id of every ability of every definition. A saved game holds
// those ids (Frame.Fn, Trig.Fn), so unlike RulesFingerprint, which ignores
// them, this moves with the code's layout: a build that registers one more
// helper, or registers in another order, refuses the save rather than
// resuming another function.
func Fingerprint() uint64 {
	h := fnv.New64a()
	var b [8]byte
	put := func(x int16) {
		binary.LittleEndian.PutUint16(b[:], uint16(x))
		h.Write(b[:2])
	}
	for _, d := range defs {
		io.WriteString(h, d.Key)
		h.Write([]byte{0})
		put(d.onPlayFn)
		put(d.talentFn)
		put(d.insteadFn)
		put(d.afterStdFn)
		put(d.hostLeavesFn)
		for _, t := range d.Triggers {
			put(t.fn)
		}
		for _, sp := range d.Specials {
			put(sp.fn)
		}
	}
	binary.LittleEndian.PutUint64(b[:], uint64(len(fns)))
	h.Write(b[:])
	return h.Sum64()
}

// Marshal encodes the game, at any point (even mid-ability), as bytes.
func (g *Game) Marshal() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString(saveMagic)
	le := binary.LittleEndian
	binary.Write(&buf, le, uint16(SaveVersion))
	binary.Write(&buf, le, Fingerprint())
	texts := allTexts()
	binary.Write(&buf, le, uint32(len(texts)))
	for _, s := range texts {
		if len(s) > 0xffff {
			return nil, fmt.Errorf("text too long to save (%d bytes)", len(s))
		}
		binary.Write(&buf, le, uint16(len(s)))
		buf.WriteString(s)
	}
	binary.Write(&buf, le, uint32(gameSize))
	if err := binary.Write(&buf, le, g); err != nil {
		return nil, err
	}
	binary.Write(&buf, le, crc32.ChecksumIEEE(buf.Bytes()))
	return buf.Bytes(), nil
}

func badSave(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrBadSave, fmt.Sprintf(format, args...))
}

// Unmarshal decodes a game written by Marshal. Malformed, truncated or
// foreign input returns an error wrapping ErrBadSave, never a broken game.
func Unmarshal(data []byte) (*Game, error) {
	if len(data) < len(saveMagic)+2+8+4+4 {
		return nil, badSave("truncated (%d bytes)", len(data))
	}
	if string(data[:len(saveMagic)]) != saveMagic {
		return nil, badSave("not a saved game")
	}
	le := binary.LittleEndian
	body, sum := data[:len(data)-4], le.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return nil, badSave("checksum mismatch (damaged or truncated)")
	}
	r := bytes.NewReader(body[len(saveMagic):])
	var ver uint16
	var fp uint64
	var nt uint32
	binary.Read(r, le, &ver)
	if ver != SaveVersion {
		return nil, badSave("format version %d, this build reads version %d", ver, SaveVersion)
	}
	binary.Read(r, le, &fp)
	if fp != Fingerprint() {
		return nil, badSave("saved by a build with different cards")
	}
	if err := binary.Read(r, le, &nt); err != nil {
		return nil, badSave("truncated text table")
	}
	if int(nt) > r.Len()/2 || nt > 0x7fff {
		return nil, badSave("text table of %d entries is too large", nt)
	}
	saved := make([]string, nt)
	for i := range saved {
		var n uint16
		if err := binary.Read(r, le, &n); err != nil || int(n) > r.Len() {
			return nil, badSave("truncated text table")
		}
		b := make([]byte, n)
		io.ReadFull(r, b)
		saved[i] = string(b)
	}
	var size uint32
	if err := binary.Read(r, le, &size); err != nil {
		return nil, badSave("truncated")
	}
	if int(size) != gameSize || r.Len() != gameSize {
		return nil, badSave("game payload of %d bytes (%d present), expected %d", size, r.Len(), gameSize)
	}
	g := new(Game)
	if err := binary.Read(r, le, g); err != nil {
		return nil, badSave("%v", err)
	}
	if err := g.remapTexts(saved); err != nil {
		return nil, err
	}
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadSave, err)
	}
	return g, nil
}

// remapTexts translates the text ids of a loaded game from the saved table
// to this process's table (interning saved texts as needed).
func (g *Game) remapTexts(saved []string) error {
	ids := make([]int16, len(saved))
	same := true
	for i, s := range saved {
		ids[i] = int16(Text(s))
		same = same && int(ids[i]) == i
	}
	m := func(id *int16) error {
		if *id < 0 || int(*id) >= len(saved) {
			return badSave("text id %d out of range", *id)
		}
		*id = ids[*id]
		return nil
	}
	opt := func(o *Option) error {
		if o.Kind == OptText {
			return m(&o.Num)
		}
		return nil
	}
	ev := func(e *Event) error {
		if e.Kind == EvText {
			return m(&e.Num)
		}
		return nil
	}
	if same {
		// still check the ids are in range
		m = func(id *int16) error {
			if *id < 0 || int(*id) >= len(saved) {
				return badSave("text id %d out of range", *id)
			}
			return nil
		}
	}
	if g.Pending.Active {
		if err := m((*int16)(&g.Pending.Prompt)); err != nil {
			return err
		}
	}
	for i := range g.Pending.Opts {
		if err := opt(&g.Pending.Opts[i]); err != nil && i < int(g.Pending.N) {
			return err
		}
	}
	for i := 0; i < int(g.NFrames) && i < MaxFrames && i >= 0; i++ {
		if err := opt(&g.Frames[i].Ans); err != nil {
			return err
		}
		if err := ev(&g.Frames[i].Ev); err != nil {
			return err
		}
	}
	for i := 0; i < int(g.NTrig) && i < MaxTrig && i >= 0; i++ {
		if err := ev(&g.Trigs[i].Ev); err != nil {
			return err
		}
	}
	for i := range g.Events {
		ev(&g.Events[i]) // old log lines: an unknown id just shows as empty text
	}
	return nil
}

// Validate checks the structural consistency of a game: counts within
// limits, every card in a valid zone with valid links, every frame naming a
// registered procedure. It reports the first problem found.
func (g *Game) Validate() error {
	np := g.NPlayers
	if np < 2 || np > MaxPlayers {
		return fmt.Errorf("%d players", np)
	}
	if g.Current < 0 || g.Current >= np {
		return fmt.Errorf("current player %d", g.Current)
	}
	if g.Phase > PhaseSetup {
		return fmt.Errorf("phase %d", g.Phase)
	}
	if g.Winner != None && (g.Winner < 0 || g.Winner >= np) {
		return fmt.Errorf("winner %d", g.Winner)
	}
	if g.NBases < 0 || g.NBases > MaxBases || g.NCards < 0 || g.NCards > MaxCards ||
		g.NFrames < 0 || g.NFrames > MaxFrames || g.NEff < 0 || g.NEff > MaxEffects ||
		g.NTrig < 0 || g.NTrig > MaxTrig || g.Pending.N < 0 || g.Pending.N > MaxOpts {
		return errors.New("a count is out of its limit")
	}
	nc := g.NCards
	card := func(c CardID) bool { return c >= 0 && c < g.NCards }
	player := func(p Seat) bool { return p >= 0 && p < np }
	for p := Seat(0); p < np; p++ {
		pl := &g.Players[p]
		if pl.VP < 0 {
			return fmt.Errorf("player %d has %d VP", p, pl.VP)
		}
		if pl.NExtra < 0 || pl.NExtra > MaxExtras {
			return fmt.Errorf("player %d has %d extra grants", p, pl.NExtra)
		}
	}
	for s := range g.NBases {
		b := g.Bases[s].Card
		if b == None {
			continue
		}
		if !card(b) {
			return fmt.Errorf("base slot %d holds card %d", s, b)
		}
		if g.Cards[b].Zone != ZBaseInPlay || g.Cards[b].Base != s {
			return fmt.Errorf("base slot %d: card %d is not the base there", s, b)
		}
	}
	for i := CardID(0); i < nc; i++ {
		c := &g.Cards[i]
		if c.Def < 0 || int(c.Def) >= len(defs) {
			return fmt.Errorf("card %d: definition %d", i, c.Def)
		}
		if c.Zone > ZTitan {
			return fmt.Errorf("card %d: zone %d", i, c.Zone)
		}
		d := defs[c.Def]
		if c.Owner != None && !player(c.Owner) {
			return fmt.Errorf("card %d (%s): owner %d", i, d.Name, c.Owner)
		}
		switch c.Zone {
		case ZBaseDeck, ZBaseInPlay, ZBaseDiscard:
			if d.Type != BaseCard {
				return fmt.Errorf("card %d (%s): a %s in zone %s", i, d.Name, d.Type, c.Zone)
			}
			if c.Zone == ZBaseInPlay && (c.Base < 0 || int(c.Base) >= int(g.NBases) || g.Bases[c.Base].Card != i) {
				return fmt.Errorf("base %d (%s) is not in its slot %d", i, d.Name, c.Base)
			}
		case ZDeck, ZHand, ZDiscard, ZSetAside, ZInPlay, ZTitan:
			if d.Type == BaseCard {
				return fmt.Errorf("base %d (%s) in zone %s", i, d.Name, c.Zone)
			}
			if !player(c.Ctrl) {
				return fmt.Errorf("card %d (%s) in zone %s held by player %d", i, d.Name, c.Zone, c.Ctrl)
			}
		}
		if c.Zone == ZInPlay {
			if c.Base < 0 || int(c.Base) >= int(g.NBases) || g.Bases[c.Base].Card == None {
				return fmt.Errorf("card %d (%s) in play on missing base slot %d", i, d.Name, c.Base)
			}
			if c.On != None {
				if !card(c.On) || c.On == i {
					return fmt.Errorf("card %d (%s) attached to card %d", i, d.Name, c.On)
				}
				m := &g.Cards[c.On]
				if m.Zone != ZInPlay || defs[m.Def].Type != Minion || m.Base != c.Base {
					return fmt.Errorf("card %d (%s) attached to %d (%s), not a minion in play on the same base", i, d.Name, c.On, defs[m.Def].Name)
				}
			}
		}
	}
	if g.Running != 0 {
		return errors.New("a step is running") // (only in the middle of Game.exec)
	}
	if !g.checkTable() {
		return errors.New("the table index or the lent base record does not match the cards")
	}
	for i := 0; i < int(g.NFrames); i++ {
		f := &g.Frames[i]
		if f.Fn < 0 || int(f.Fn) >= len(fns) {
			return fmt.Errorf("frame %d: procedure %d", i, f.Fn)
		}
		if f.Src != None && !card(f.Src) {
			return fmt.Errorf("frame %d: source card %d", i, f.Src)
		}
		if f.Cause != None && !card(f.Cause) {
			return fmt.Errorf("frame %d: cause %d", i, f.Cause)
		}
	}
	for i := 0; i < int(g.NTrig); i++ {
		t := &g.Trigs[i]
		if t.Fn < 0 || int(t.Fn) >= len(fns) || !card(t.Src) {
			return fmt.Errorf("trigger %d: procedure %d of card %d", i, t.Fn, t.Src)
		}
	}
	for i := 0; i < int(g.NEff); i++ {
		e := &g.Effects[i]
		if e.Card != None && !card(e.Card) {
			return fmt.Errorf("effect %d on card %d", i, e.Card)
		}
		if e.Base != None && (e.Base < 0 || e.Base >= MaxBases) {
			return fmt.Errorf("effect %d on base slot %d", i, e.Base)
		}
	}
	if g.Pending.Active {
		if g.Over {
			return errors.New("a finished game has a pending decision")
		}
		if g.Pending.Frame < 0 || g.Pending.Frame >= g.NFrames {
			return fmt.Errorf("decision waits on frame %d of %d", g.Pending.Frame, g.NFrames)
		}
		if g.Pending.N <= 0 {
			return errors.New("a pending decision has no options")
		}
		if !player(g.Pending.Player) {
			return fmt.Errorf("decision for player %d", g.Pending.Player)
		}
		for i := 0; i < int(g.Pending.N); i++ {
			o := &g.Pending.Opts[i]
			if o.Kind > OptPass || (o.Card != None && !card(o.Card)) {
				return fmt.Errorf("option %d is malformed", i)
			}
		}
	} else if !g.Over && !g.Paused {
		return errors.New("the game neither waits for a decision nor is over")
	}
	return nil
}
