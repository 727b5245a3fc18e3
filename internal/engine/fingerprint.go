package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"reflect"
	"sync"
)

// RulesVersion numbers the engine's own rules (turn structure, scoring,
// how options are offered and ordered). Bump it whenever a change to the
// engine (not to a card's data) can change what a recorded game means: the
// rules fingerprint then differs, and stored games and replays are replayed
// under the compatibility check instead of being trusted.
// 3: Pirate King is not offered a move it may not make; an event's Other
// keeps alike options apart only when it names a card; Ninja Dojo's winners are
// those of the scoring; "any number" of counters includes zero; the extra
// cards of Hidden Ninja, Mass Enchantment, Quipu Strings, Non-Infinite Loop
// and The Woodsman's Axe are optional.
// 4: the rules audit of every set. A player who ignores a base (Infiltrate)
// may still use its optional abilities (on the bases of every set), and its abilities do not affect that
// player's cards; a base leaving play takes the extra plays held for it;
// Cannon, Powderkeg, Survival of the Fittest and Temple of Goju choose all
// their victims before destroying them; Ninja Acolyte needs a minion it could
// play; Killer Queen counts the minions played on its base this turn wherever
// they are; Sprout shuffles only when it searches; G.E.L.F. shuffles itself in
// even when it finds nothing; Griefer's destruction is credited to the player
// who carries it out; The Con boosts only the minions already there; Charming
// Princess's extra minion may be held; a card you hold but do not own goes to
// your own deck (Foolish Magician, Mass Transformation); War Raptor counts
// every card bearing its name; Anansi's Web answers the first standard action
// even when it played another; a card finishes resolving before the triggers
// it set off mid-way (a minion it plays) resolve, save those that interrupt
// ("when X would"); a titan leaves play with a base Terraforming swaps away;
// an extra minion or action granted outside its player's Play Cards phase is
// offered at once.
// 5: a second audit, of 3- and 4-player play and of the terms and detailed
// rules. The VP of a scoring are awarded from the current player clockwise,
// so what answers a gain (Cosplay) has priority in that order; tied winners
// each use a base's ability from the current player clockwise (Evans City
// Cemetery, Golem Schloss), not from the first seat. A new grant of control
// ends an earlier one on the same card (a temporary one then gives the card
// back to whom the earlier one would have; a permanent one is not undone); a
// player who takes control of Archmage (or another "on each of your turns"
// card) from another player on their turn gets its extra play; looking at or
// revealing several top cards (Prepare for Battle, Mulligan) goes on into the
// discard pile, shuffled under the deck, when the deck runs out.
// 6: a third audit, of durations, ongoing abilities, counters, cards that
// leave play, the Specials, the Me First windows and the titans. A card that
// changes zones keeps no memory: a once-a-turn ability used before it left
// play is unused when it comes back (Child of the Sun). Marking Territory sets
// its base's starting breakpoint to 0 as an effect that lasts the turn even if
// the card leaves play (SetStartingBreakpoint). Arcane Protector answers only
// a card its own player has just played. Fan ("during your turn") may also be
// used in the Me First windows of its player's turn. A card uses a Special at
// most once in a window (once per trigger): Finist the Falcon moved to the
// scoring base may not go on to another base; a card played again is new and may.
// Grimms' Blessing, while it bears minions' names, gets the power that
// abilities give to cards of those names (a Microbot for Microbot Fixer), and
// abilities and effects that pump minions (The Central Brain, Red Riding Hood,
// All Stars Full Moon, "each of your minions") do not pump it.
// 7: a fourth audit, of the bases and of interactions between factions. A
// minion whose control changes sheds the attached actions it is then not
// affected by (Wildlife Preserve, The Show Must Go On: the former
// controller's actions). The Homeworld's extra minion goes to the owner of
// the minion played there, who need not be the player who played it. A
// player who only may ignore a base (Infiltrate) may still use its optional
// abilities that are not triggers: its Talent (Storyteller's Hut), a second
// talent use (Standing Stones), its offer after a standard action (Anansi's Web).
// 8, part one (issue 22): a card played is public: one set aside face down (searched out by
// Woodland Cottage or Sprout) is shown to everyone as it is played, and the
// action The Perfect Gift and Anansi the Spider search for is revealed. A
// player who may play no action (Mark of Sleep) finds none to play with
// Anansi the Spider or The Perfect Gift, and a card taken from a deck to be
// played that cannot be is discarded rather than left set aside.
// 8, part two: a fifth round of exactness (issue 23). Temple of Goju's tied minions are
// ordered under a deck by their owner, not by the player controlling them.
// The same ability of alike cards triggered together (two Igors discarded by
// one scoring) is one choice: no question of which resolves first. The
// Specials of cards in play at a scoring moment (First Mate, Scout, Pirate
// King) wait with the abilities that moment triggered (Temple of Goju's) and
// the current player orders them all; the window that follows is for the
// cards in hands. Woodland Cottage shuffles the deck it searched even when
// nothing is taken; Teamwork searching an empty deck first makes the discard
// pile the new deck. A card that two different limited extra plays both fit
// (Enshrouding Mist's, Outbreak's) asks its player which one it uses. A
// control that ends with the turn sheds the actions the card is then not
// affected by (a minion back at its owner's Wildlife Preserve), and what that
// sets off resolves before the turn passes. Killer Queen counts the minions
// its player played on its base this turn whoever controls them now
// (Game.PlayedBy). The first minion played on Moot Site or Laboratorium in a
// turn is the first even while Jammed Signal hid the base's ability: a later
// one is not. A player who only may ignore a base (Infiltrate) chooses
// whether to take what its ability gives them (Rhodes Plaza Mall, Factory
// 436-1337, Cave of Shinies, Evans City Cemetery, Machu Picchu, Island Peak,
// Locker Room, Stadium, Golem Schloss, Laboratorium, Moot Site) instead of
// always going without. The Me First window after a card played part-way
// through an ability (IT'S ALIVE!'s minion) opens once that ability has
// finished and the cards in play it set off have resolved.
// 8, part three: no tells from order (issue 22): a deck that was searched is shuffled
// whether or not a card was taken (Sprout, Woodland Cottage); the options a
// search finds in a deck, the cards of another player's hand (Game.Hand) and
// the options from it are in an order that says nothing (by name, then
// instance: hideOrder); the question that orders simultaneous abilities
// does not show its decider the cards it may not see.
// 8, part four: whether and when a player is asked depends on no hidden card (issue 22).
// Every question is recorded as asked (EvAsked), even one answered at once;
// Mboro Hornet answers in a window in which every player is asked in turn
// (WinAnswer), not as an ability only its holder is asked about; every
// player is asked about the mulligan, which only a hand without minions may
// take, showing it.
// 9: Infiltrate's "you may ignore this base's ability" for the base's lasting
// abilities, which have no moment to ask at (The Central Brain's +1, Egg
// Chamber's protection: PowerMod, Protect, CanPlay): its player chooses as
// Infiltrate is played, and the choice stands while it stays
// (BaseIgnoredLasting, FollowBaseLasting); one not asked ignores them. The
// Con's +1 is offered to such a player like the other gains (eachGains),
// not always ignored. Two abilities setting a starting breakpoint (Marking
// Territory, Tropical Paradise) both set 0: the first stands, no question.
// 10: the base abilities that happen at a moment to a player who only may
// ignore the base (Infiltrate) and take something away or leave a choice to
// them ask that player too, as those that give something did: Tar Pits
// (the destroyed minion to the deck's bottom), Temple of Goju (the highest
// minions), School of Wizardry (the winner's choice, else the next tied winner's).
// 11: a waiting ability that can no longer do anything is dropped before
// anyone is asked to order the abilities waiting (resolve.go dropStaleTrigs):
// a Special of a card that left the base that scored (First Mate put under
// its owner's deck by Temple of Goju) is not offered.
// 12, part one (issue 35): an option that can do nothing is not offered. A
// question about where a minion moves offers only the bases it may go to
// (Game.CanMoveTo: no base another player's Mo'ai guards), for every card
// that asks it (Feather Gifts, Invasion, Wayfinder, Maui, Ocean Tattoo,
// First Mate, Buccaneer, The Grey Opal, The Kraken ...); a question about which
// minion moves to a base already chosen offers only those that may go there
// (The Hill, Mushroom Kingdom, Breadcrumbs' second minion); a Talent or
// Special whose every move is forbidden is not offered (Wayfinder, Maui,
// Ocean Tattoo, First Mate).
// 12, part two: the current player is asked to order the waiting abilities
// only where the order can change something: not when every one of them
// would do nothing (resolve.go orderCannotMatter: Island Peak and Shark
// Tattoos that give nothing this turn).
const RulesVersion = 12

// RulesFingerprint identifies the rules a recorded game was played under: a
// hash of RulesVersion and of every card definition, in registration order,
// as the rules see it: key, name, set, faction, type, power, copies, target,
// breakpoint, VP, text, which behaviours it has (a function counts as present
// or absent), its triggers (the events, zones and kinds of each) and Specials
// (windows, zones, the events they answer), and the hook masks and trigger
// kinds derived from them. It is stored with every game and every replay
// file.
//
// It is deliberately blind to how the code is laid out: the ids the engine
// gives the functions it registers (Register, Fn) are positions in a table
// that grows with every helper a refactor registers, so they are left out
// (a replay records choices by what they are, never by those ids). A refactor
// that leaves the random games unchanged (TestRandomGamesAreUnchanged) leaves
// the fingerprint unchanged (TestRulesFingerprintIsUnchanged beside it, and
// TestFingerprintIgnoresRegistration). Go code cannot be hashed: a fix
// inside a card's function that changes nothing listed here must bump
// RulesVersion. Saved games, which do hold those ids, have their own check
// (Fingerprint, save.go).
func RulesFingerprint() string {
	fpMu.Lock()
	defer fpMu.Unlock()
	if fpCache.defs != len(defs) || fpCache.s == "" {
		fpCache.defs = len(defs)
		fpCache.s = computeFingerprint()
	}
	return fpCache.s
}

var (
	fpMu    sync.Mutex
	fpCache struct {
		defs int
		s    string
	}
)

func computeFingerprint() string { return fingerprintOf(RulesVersion) }

// fingerprintOf is the fingerprint of the registered definitions under
// rules version version.
func fingerprintOf(version int) string {
	h := sha256.New()
	fmt.Fprintf(h, "smashup rules %d\x00defs %d\x00", version, len(defs))
	for i, d := range defs {
		hashValue(h, reflect.ValueOf(d).Elem())
		var b [8]byte
		if i < len(defHooks) {
			// (hTalentAgain, added later, is TalentAgain's presence, hashed
			// with the fields: left out, so the fingerprint did not move)
			binary.LittleEndian.PutUint16(b[:], defHooks[i]&^hTalentAgain)
		}
		h.Write(b[:2])
		if i < len(defTrigKinds) {
			for _, w := range defTrigKinds[i] {
				binary.LittleEndian.PutUint64(b[:], w)
				h.Write(b[:])
			}
		}
	}
	return fmt.Sprintf("r%d-%s", version, hex.EncodeToString(h.Sum(nil)[:12]))
}

// hashValue writes v to h field by field: functions count as present or
// absent, everything else by value, so an exported field added to Def,
// Trigger or Special is covered at once. Unexported fields are left out:
// they hold the ids of the registered functions (TestOnlyIDsAreUnexported), which
// say where code was registered, not what the rules are.
func hashValue(h hash.Hash, v reflect.Value) {
	var b [8]byte
	put := func(x uint64) {
		binary.LittleEndian.PutUint64(b[:], x)
		h.Write(b[:])
	}
	switch v.Kind() {
	case reflect.Func, reflect.Pointer, reflect.Interface, reflect.Map, reflect.Chan:
		if v.IsNil() {
			put(0)
		} else {
			put(1)
		}
	case reflect.Bool:
		if v.Bool() {
			put(1)
		} else {
			put(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		put(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		put(v.Uint())
	case reflect.String:
		put(uint64(v.Len()))
		io.WriteString(h, v.String())
	case reflect.Slice, reflect.Array:
		put(uint64(v.Len()))
		for i := 0; i < v.Len(); i++ {
			hashValue(h, v.Index(i))
		}
	case reflect.Struct:
		t := v.Type()
		n := 0
		for i := 0; i < t.NumField(); i++ {
			if t.Field(i).IsExported() {
				n++
			}
		}
		put(uint64(n))
		for i := 0; i < t.NumField(); i++ {
			if !t.Field(i).IsExported() {
				continue
			}
			io.WriteString(h, t.Field(i).Name)
			hashValue(h, v.Field(i))
		}
	default:
		io.WriteString(h, v.Kind().String())
	}
}
