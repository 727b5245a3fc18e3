package table

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/wire"
)

// Talking without abuse (docs/anyone.md): a seat says one of the preset
// Phrases, never free text; every seat and the spectators are shown the
// latest ones (Update.Talk), on every instance (the store keeps them:
// store.Talk, and tells the other instances: store.TalkNote). Each page
// may mute a seat (its own choice, kept in the browser). What is said is
// no part of the game: no replay, review or scenario holds it.

// Phrases are what may be said at a table, by their ids (the page's
// words.js gives their words).
var Phrases = []string{"hello", "good-luck", "have-fun", "well-played", "nice", "oops", "thinking", "thanks", "sorry", "good-game", "rematch"}

// talkShown: how many of the latest things said an update carries.
const talkShown = 20

// talkEvery: the least time between two things one seat says.
const talkEvery = 2 * time.Second

var (
	ErrUnknownPhrase = errors.New("say one of the preset phrases (GET /api/catalog lists them): free text is not taken at this table")
	ErrTalkTooFast   = errors.New("one phrase every 2 seconds, please")
	errNoTalk        = errors.New("this server's store keeps no table talk")
)

func (s *Tables) talkStore() store.Talk {
	t, _ := s.store.(store.Talk)
	return t
}

// loadTalkLocked reads what was said at l from the store.
func (l *Table) loadTalkLocked(ctx context.Context) {
	ts := l.srv.talkStore()
	if ts == nil {
		return
	}
	xs, err := ts.Talk(ctx, l.id, talkShown)
	if err != nil {
		l.log().Warn("reading the table's talk", "err", err)
		return
	}
	l.talk = xs
}

// Say records that seat said phrase at l, and shows it to everyone.
func (l *Table) Say(ctx context.Context, seat engine.Seat, phrase string) error {
	ts := l.srv.talkStore()
	if ts == nil {
		return errNoTalk
	}
	if !slices.Contains(Phrases, phrase) {
		return ErrUnknownPhrase
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if seat < 0 || int(seat) >= len(l.cfg.Seats) || l.cfg.Seats[seat].Kind != Human {
		return errors.New("only a person's seat says anything at the table")
	}
	now := time.Now()
	if now.Sub(l.saidAt[seat]) < talkEvery {
		return ErrTalkTooFast
	}
	x, err := ts.Say(ctx, l.id, int(seat), phrase)
	if err != nil {
		return err
	}
	l.saidAt[seat] = now
	l.talk = append(l.talk, x)
	if len(l.talk) > talkShown {
		l.talk = slices.Clone(l.talk[len(l.talk)-talkShown:])
	}
	l.broadcastLocked()
	return nil
}

// heardLocked reads the talk again when another instance's seat said
// something (store.TalkNote), and shows it.
func (l *Table) heardLocked(ctx context.Context) {
	n := 0
	if len(l.talk) > 0 {
		n = l.talk[len(l.talk)-1].N
	}
	l.loadTalkLocked(ctx)
	if len(l.talk) > 0 && l.talk[len(l.talk)-1].N != n {
		l.broadcastLocked()
	}
}

// talkLocked is what an update carries of the talk.
func (l *Table) talkLocked() []wire.Said {
	if len(l.talk) == 0 {
		return nil
	}
	out := make([]wire.Said, len(l.talk))
	for i, x := range l.talk {
		out[i] = wire.Said{N: x.N, Seat: x.Seat, Phrase: x.Phrase}
	}
	return out
}

// blockedWith is everyone who blocked who or whom who blocked (nil: none,
// or a store without blocks).
func (s *Tables) blockedWith(ctx context.Context, who string) (map[string]bool, error) {
	ts := s.talkStore()
	if ts == nil || who == "" {
		return nil, nil
	}
	bl, by, err := ts.Blocked(ctx, who)
	if err != nil || len(bl)+len(by) == 0 {
		return nil, err
	}
	m := map[string]bool{}
	for _, p := range append(bl, by...) {
		m[p] = true
	}
	return m, nil
}

// blockedAt reports whether a seat of c is held by someone in blocked.
func blockedAt(c *Config, blocked map[string]bool) bool {
	for _, st := range c.Seats {
		if st.Player != "" && blocked[st.Player] {
			return true
		}
	}
	return false
}
