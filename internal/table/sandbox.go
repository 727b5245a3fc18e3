package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/present"
	"github.com/smashup/smashup/internal/scenario"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/wire"
)

// The rules sandbox: a game started from any position written in the
// scenario format (../shared/scenarios/FORMAT.md), read by the same loader
// as `smashup scenario`, and played out by one page that takes every seat's
// decisions. It is a kind of game of its own (Config.Sandbox): its one key
// plays whoever is to decide, and its page sees every hand; nothing of a
// normal game's views changes.
//
// A sandbox game is stored and rebuilt like any other (its Config holds
// the position's text and the engine setup read from it; its moves are in
// the store's log). Going back to an earlier decision makes a new sandbox
// game from the position and the moves before it (the log is append-only,
// and the game gone back from stays as it was); a share link carries the
// position and the moves in its fragment (scenario.Share), and opening it
// makes a new sandbox game the same way.
//
// Lessons (issue 25, part 1) can build on it: a lesson is a position file
// in the same format, made into a game by CreateSandbox (which takes the
// text, not a file) and shown on the same table; what a lesson would add
// (computer seats, hidden hands, a goal to check) belongs beside
// SandboxConfig, leaving the sandbox's own behaviour as it is.

// SandboxConfig is what a sandbox game's Config records of its position.
type SandboxConfig struct {
	Position string `json:"position"`       // the text, in the scenario format
	Pick     int    `json:"pick,omitempty"` // which scenario of the text (1-based)
	Name     string `json:"name"`
	Rule     string `json:"rule,omitempty"`
}

// SandboxRequest makes a sandbox game: a position's text, which scenario
// of it (0: the first), and the moves to play from it at once (option
// indices, each checked as a seat's move would be).
type SandboxRequest struct {
	Position []byte
	Pick     int
	Moves    []int
	// Steps: play the scenario's own steps first, as `smashup scenario`
	// does (up to the step that fails, if one does), instead of Moves.
	Steps bool
}

// SandboxResponse is the new sandbox game: its page's link carries its key
// (moved out of the address by the page at once).
type SandboxResponse struct {
	ID        string   `json:"id"`
	Link      string   `json:"link"`
	Name      string   `json:"name"`
	Scenarios []string `json:"scenarios"` // every scenario of the text
	Pick      int      `json:"pick"`
	// Failed: with Steps, why a step failed (the game stops before it).
	Failed string `json:"failed,omitempty"`
}

// PositionError is a position (or the moves given with it) that cannot
// make a game: the text does not load, the setup does not start, or a move
// does not fit. Line is the line of the text at fault, when known.
type PositionError struct {
	Msg  string
	Line int
}

func (e *PositionError) Error() string { return e.Msg }

// positionError words a loader's error for the person who wrote the text:
// "line 4: unknown card ..." (the text has no file name).
func positionError(err error) *PositionError {
	var le *scenario.LoadError
	if errors.As(err, &le) {
		c := *le
		c.File, c.Line = "", 0
		msg := strings.TrimPrefix(c.Error(), ": ")
		if le.Line > 0 {
			return &PositionError{Msg: fmt.Sprintf("line %d: %s", le.Line, msg), Line: le.Line}
		}
		return &PositionError{Msg: msg}
	}
	return &PositionError{Msg: err.Error()}
}

// sandboxState is what a sandbox game keeps in memory beside its game:
// the decisions made so far in words, and the share link's position part.
type sandboxState struct {
	share   string       // the fragment's position part (scenario.SharePosition)
	shadow  *engine.Game // the game after len(history) moves, to word the next one
	history []wire.SandboxMove
}

// CreateSandbox makes and stores a sandbox game. A position or a move that
// does not fit is a *PositionError, and nothing is stored.
func (s *Tables) CreateSandbox(ctx context.Context, req SandboxRequest) (SandboxResponse, error) {
	pos, err := scenario.ParsePosition("position", req.Position, req.Pick)
	if err != nil {
		return SandboxResponse{}, positionError(err)
	}
	failed := ""
	if req.Steps {
		err := safely(func() error { req.Moves, failed = pos.Steps(); return nil })
		if err != nil {
			return SandboxResponse{}, &PositionError{Msg: "the scenario's steps cannot be played: " + err.Error()}
		}
	}
	if len(req.Moves) > scenario.MaxShareMoves {
		return SandboxResponse{}, &PositionError{Msg: fmt.Sprintf("%d moves: at most %d", len(req.Moves), scenario.MaxShareMoves)}
	}
	key := newToken()
	cfg := Config{Spectator: newToken(), Setup: pos.Setup,
		Sandbox: &SandboxConfig{Position: string(req.Position), Pick: pos.Pick, Name: pos.Name, Rule: pos.Rule}}
	for i, pid := range pos.IDs {
		st := Seat{Kind: Human, Name: cleanName(pid)}
		if st.Name == "" {
			st.Name = fmt.Sprintf("Player %d", i+1)
		}
		if i == 0 {
			st.Token = key // the one key: it plays whoever is to decide (sandboxActor)
		}
		cfg.Seats = append(cfg.Seats, st)
	}
	raw, err := json.Marshal(cfg)
	if err != nil {
		return SandboxResponse{}, err
	}
	id := newID()
	fp := engine.RulesFingerprint()
	var l *Table
	err = safely(func() (err error) {
		l, err = rebuild(s, id, &store.Game{Config: raw, Fingerprint: fp})
		return err
	})
	if err != nil {
		return SandboxResponse{}, &PositionError{Msg: "the position cannot start a game: " + err.Error()}
	}
	if err := safely(func() error { return l.playMoves(req.Moves) }); err != nil {
		return SandboxResponse{}, &PositionError{Msg: err.Error()}
	}
	l.owner = ownerFrom(ctx)
	var room bool
	s.withGames(func() { room = len(s.games) < s.MaxGames || s.sweepLocked(time.Now(), 1) })
	if !room {
		return SandboxResponse{}, ErrBusy
	}
	if err := s.store.Create(ctx, id, raw, fp); err != nil {
		return SandboxResponse{}, err
	}
	for n, m := range l.moves {
		if err := s.store.Append(ctx, id, n, m); err != nil {
			return SandboxResponse{}, err
		}
	}
	l.touch()
	s.withGames(func() { s.games[id] = l })
	s.kick(l)
	s.log().Info("sandbox created", "game", id, "players", len(cfg.Seats), "moves", len(l.moves))
	return SandboxResponse{ID: id, Link: "/g/" + id + "?t=" + key, Name: pos.Name, Scenarios: pos.Scenarios, Pick: pos.Pick, Failed: failed}, nil
}

// playMoves plays moves (option indices) in l, a game not yet shared with
// anyone, checking each as a seat's move is checked (called under safely).
func (l *Table) playMoves(moves []int) error {
	for k, opt := range moves {
		who, count := l.pending()
		if who == engine.NoSeat {
			return fmt.Errorf("move %d: the game is over before it", k+1)
		}
		if opt < 0 || opt >= count {
			return fmt.Errorf("move %d: the decision there has no option %d (it has %d)", k+1, opt, count)
		}
		m, err := l.recordMove(opt)
		if err != nil {
			return fmt.Errorf("move %d: %w", k+1, err)
		}
		// a move that fails (a card's bug) fails here: the whole game is
		// then dropped, never stored
		if err := l.applyLocal(m); err != nil {
			return fmt.Errorf("move %d: %w", k+1, err)
		}
	}
	return nil
}

// sandboxActor is the seat a sandbox's key plays now: whoever is to decide.
// In any other game a seat is itself.
func (l *Table) sandboxActor(seat engine.Seat) engine.Seat {
	if l.cfg.Sandbox == nil || seat == engine.NoSeat {
		return seat
	}
	if who, _ := l.pending(); who != engine.NoSeat {
		return who
	}
	return seat
}

// sandboxLocked returns l's sandbox state, worded up to its last move.
func (l *Table) sandboxLocked() *sandboxState {
	sb := l.sandbox
	if sb == nil {
		sb = &sandboxState{share: scenario.SharePosition([]byte(l.cfg.Sandbox.Position), l.cfg.Sandbox.Pick)}
		if err := safely(func() (err error) { sb.shadow, err = engine.New(l.cfg.Setup); return err }); err != nil {
			sb.shadow = nil
		}
		l.sandbox = sb
	}
	for k := len(sb.history); k < len(l.moves); k++ {
		m := l.moves[k]
		e := wire.SandboxMove{Move: k, Label: fmt.Sprintf("option %d", m.Option+1)}
		if g := sb.shadow; g != nil {
			if d, ok := g.Decision(); ok {
				v := g.View(d.Player)
				v.Names = l.names()
				e.Player, e.Turn = int(d.Player), v.Turn
				if v.Decision != nil && m.Option >= 0 && m.Option < len(v.Decision.Options) {
					o := v.Decision.Options[m.Option]
					o.CardText = ""
					e.Label = present.Option(o, &v)
					if !v.Decision.Main && !g.InWindow() {
						e.Question = present.Prompt(&v)
					}
				}
			}
			if g.ApplySafe(m.Option) != nil {
				sb.shadow = nil // the rest are numbered only
			}
		}
		sb.history = append(sb.history, e)
	}
	return sb
}

// sandboxMessageLocked is a sandbox game's update, the same for its page
// and its spectators: the table as the seat deciding now sees it (its
// decision to answer), every hand, the decisions so far and the share link.
func (l *Table) sandboxMessageLocked() Message {
	sb := l.sandboxLocked()
	who, _ := l.pending()
	act := who
	if act == engine.NoSeat {
		act = l.g.Current
	}
	m := Message{Game: l.id, Move: len(l.moves), Seat: int(act), Goal: l.cfg.Setup.GoalVP()}
	for _, st := range l.cfg.Seats {
		m.Seats = append(m.Seats, SeatInfo{Name: st.Name, Kind: st.Kind})
	}
	if l.broken != nil {
		m.Broken = l.broken.Error()
	}
	l.versionInfo(&m)
	m.Events = l.events.For(int(act))
	l.src.show(&m, act, l.names(), false) // the table and decision of the seat deciding now
	moves := make([]int, len(l.moves))
	for i, mv := range l.moves {
		moves[i] = mv.Option
	}
	box := &wire.Sandbox{Name: l.cfg.Sandbox.Name, Rule: l.cfg.Sandbox.Rule, Hands: wire.Hands(l.g),
		History: append([]wire.SandboxMove{}, sb.history...), Share: "/sandbox#" + sb.share + scenario.ShareMoves(moves)}
	if who != engine.NoSeat {
		n := int(who)
		box.Acting = &n
	}
	m.Sandbox = box
	return m
}

// Undo is the request that makes a new sandbox game of l's position as l
// was at move to (going back: the game gone back from stays as it was).
func (l *Table) Undo(to int) (SandboxRequest, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cfg.Sandbox == nil {
		return SandboxRequest{}, errors.New("only a sandbox game can go back to an earlier decision")
	}
	if to < 0 || to > len(l.moves) {
		return SandboxRequest{}, fmt.Errorf("no decision %d: the game has made %d", to, len(l.moves))
	}
	req := SandboxRequest{Position: []byte(l.cfg.Sandbox.Position), Pick: l.cfg.Sandbox.Pick, Moves: make([]int, to)}
	for i := range to {
		req.Moves[i] = l.moves[i].Option
	}
	return req, nil
}
