package table

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/smashup/smashup/internal/draft"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
)

// Self-describing game records and secret seeds.
//
// Every stored move says what it is: a draft pick by faction name, or a
// game decision as an engine.Choice (the option's kind and the card, base,
// player, number or text it names) next to its position. Every game is
// stored with the rules fingerprint of the build that created it. Loading a
// game replays its moves and checks each one against the option this build
// offers:
//   - same fingerprint: each record must be the option at its position;
//   - another fingerprint: replayed under the compatibility check (an option
//     that only moved is found by identity, engine.ApplyRecorded); if every
//     move passes, the game goes on and says it was recorded by another
//     version; if one fails, the game is kept read-only ("foreign"), its
//     moves refused and its replay withheld, never silently changed;
//   - a legacy game (stored before fingerprints, moves by position only) is
//     replayed once by position under this build and its records written
//     (store.Migrate); one that does not replay is marked with the problem
//     and kept read-only.

// recording is what a Table knows of the rules it was recorded under.
type recording struct {
	fingerprint string // the stored fingerprint
	other       bool   // recorded by another build: replayed under the compatibility check
	foreign     string // why the game cannot be replayed here ("" when it can)
}

// replayStored replays a stored game's moves into l (just started).
func (l *Table) replayStored(st *store.Game) error {
	here := engine.RulesFingerprint()
	l.rec = recording{fingerprint: st.Fingerprint, other: st.Fingerprint != "" && st.Fingerprint != here}
	if st.Problem != "" {
		l.rec.foreign = "this game was stored by an older version of smashup and cannot be read by this one (" + st.Problem + "); it is kept read-only"
		return nil
	}
	for n, m := range st.Moves {
		if err := l.applyLocal(m); err != nil {
			// what every seat is told names the move, never err's details
			// (the choice recorded and the option offered there, which
			// may be another seat's hidden cards): the server's log has them
			switch {
			case st.Fingerprint == "":
				return &legacyError{fmt.Errorf("its moves (by position only) do not replay under this version at move %d of %d", n+1, len(st.Moves)), err}
			case l.rec.other:
				l.log().Warn("a game of another version does not replay", "move", n+1, "err", err)
				l.rec.foreign = fmt.Sprintf("this game was recorded by another version of smashup (rules %s; this server runs %s) and does not replay under this one at move %d of %d (the details are in the server's log). It is kept read-only.", st.Fingerprint, here, n+1, len(st.Moves))
				return nil
			}
			// kept in memory as broken (read-only, its log and replay still
			// served), never replayed again on every request or restart
			l.breakLocked(fmt.Errorf("replaying move %d of %d: %w", n+1, len(st.Moves), err))
			return nil
		}
	}
	return nil
}

// legacyError: a legacy game's positional moves do not replay. Its text is
// what seats are told (it is stored as the game's problem); detail is for
// the server's log.
type legacyError struct{ err, detail error }

func (e *legacyError) Error() string { return e.err.Error() }
func (e *legacyError) Unwrap() error { return e.err }

// restore rebuilds a stored game, first migrating it if it is a legacy game.
func (s *Tables) restore(ctx context.Context, id string, st *store.Game) (*Table, error) {
	if st.Problem == "" && st.Legacy() {
		l, err := rebuild(s, id, st)
		var le *legacyError
		if errors.As(err, &le) {
			problem := le.Error()
			s.log().Warn("a legacy game does not replay", "game", id, "err", le.detail)
			if err := s.store.Migrate(ctx, id, "", nil, problem); err != nil && !errors.Is(err, store.ErrConflict) {
				return nil, err
			}
			s.log().Warn("a legacy game cannot be migrated; kept read-only", "game", id, "problem", problem)
			return s.reloadStored(ctx, id)
		}
		if err != nil {
			return nil, err
		}
		fp := engine.RulesFingerprint()
		if err := s.store.Migrate(ctx, id, fp, l.moves, ""); err != nil {
			if errors.Is(err, store.ErrConflict) { // another instance migrated it, or a move came in
				return s.reloadStored(ctx, id)
			}
			return nil, err
		}
		s.log().Info("a legacy game migrated to self-describing records", "game", id, "moves", len(l.moves))
		l.rec = recording{fingerprint: fp}
		return l, nil
	}
	return rebuild(s, id, st)
}

func (s *Tables) reloadStored(ctx context.Context, id string) (*Table, error) {
	st, err := s.store.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	if st.Problem == "" && st.Legacy() {
		return nil, fmt.Errorf("game %s: the migration of its moves did not complete", id)
	}
	return rebuild(s, id, st)
}

// versionInfo fills in a message's notes about seeds and versions.
func (l *Table) versionInfo(m *Message) {
	if l.cfg.Reproducible {
		seed := l.cfg.Setup.Seed
		m.Reproducible, m.Seed = true, &seed
	}
	if l.rec.foreign != "" {
		m.Foreign = l.rec.foreign
	} else if l.rec.other {
		m.Version = fmt.Sprintf("recorded by another version of smashup (rules %s; this server runs %s): every move was checked and replays the same", l.rec.fingerprint, engine.RulesFingerprint())
	}
}

// ReplayFile returns the game as a replay file, seed included, once the game
// is over (never before: the seed and the decisions reveal hidden cards).
func (l *Table) ReplayFile() (*engine.Replay, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.rec.foreign != "" {
		return nil, errors.New("no replay: " + l.rec.foreign)
	}
	if l.g == nil || !l.g.Over {
		return nil, errors.New("the replay is available once the game is over")
	}
	return l.replayLocked()
}

// replayLocked is the replay of the moves made so far (l.mu held): it holds
// every hidden card, so it is handed out only once the game is over, or
// kept with a report for the operator.
func (l *Table) replayLocked() (*engine.Replay, error) {
	// the setup names the drafted factions; the positions are this build's
	// (checked against every recorded decision), so the file carries this
	// build's fingerprint
	rep := engine.NewReplay(l.cfg.Setup)
	var d *draft.Draft
	if l.cfg.Draft {
		var err error
		if d, err = draft.New(len(l.cfg.Seats), l.cfg.DraftPool, l.cfg.First, 1); err != nil {
			return nil, err
		}
	}
	for _, m := range l.moves {
		switch m.Kind {
		case store.KindDraft:
			if d == nil || d.Done() {
				return nil, fmt.Errorf("a draft pick outside the draft")
			}
			p := d.Next()
			if err := d.Pick(m.Choice); err != nil {
				return nil, err
			}
			rep.Draft = append(rep.Draft, engine.DraftPick{Player: p, Faction: m.Choice})
		default:
			c, err := engine.ParseChoice(m.Choice)
			if err != nil {
				return nil, err
			}
			rep.Add(m.Option, c)
		}
	}
	return rep, nil
}

// gameSeed returns the seed a create request asks for: public for a
// reproducible game (a chosen seed, or one drawn here), secret otherwise.
func gameSeed(req CreateRequest) uint64 {
	switch {
	case req.Seed != nil:
		return *req.Seed
	case req.Reproducible:
		return secretSeed() >> 12 // public: kept to 52 bits so browsers show it exactly
	}
	return secretSeed()
}

// secretSeed is a seed nobody can guess.
func secretSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return binary.LittleEndian.Uint64(b[:])
}

// SubSeed derives the seed of one use of a game's seed (computer players,
// random draft picks, random factions, hints and reviews) so that what
// those reveal by playing tells nothing of the game's own seed.
func SubSeed(seed uint64, use string, i uint64) uint64 {
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:], seed)
	binary.LittleEndian.PutUint64(b[8:], i)
	h := sha256.Sum256(append(b[:], use...))
	return binary.LittleEndian.Uint64(h[:8])
}
