package table

import (
	"context"
	"fmt"
	"time"
)

// Budgets per address (issue 33: one stranger cannot slow the others).
// Each game remembers the address that created it (Table.owner, in memory
// only): computers take turns by it (queue.go), and an address may keep at
// most MaxComputerGames unfinished games with computer seats in memory at
// once. With instances sharing a store the games are counted over all of
// them (ownGame: a row per game in the store, renewed by the instance that
// holds it while it is unfinished, deleted when it ends or is unloaded).
// Sandbox games (an undo makes one too) and hints, which run the strongest
// search outside the computers' turns, have rates of their own (the
// server's limits).

// DefaultMaxComputerGames is Tables.MaxComputerGames unless set.
const DefaultMaxComputerGames = 8

// TooManyComputerGames refuses a game with computer seats to an address
// that has MaxComputerGames unfinished ones (as many as it holds).
type TooManyComputerGames int

func (e TooManyComputerGames) Error() string {
	return fmt.Sprintf("your address already has %d unfinished games with computer players, the most it may; finish one (or wait until it is unloaded) and try again", int(e))
}

type ownerKey struct{}

// WithOwner records in ctx the address a game made under it belongs to
// (Create, CreateSandbox, CreateLesson).
func WithOwner(ctx context.Context, addr string) context.Context {
	return context.WithValue(ctx, ownerKey{}, addr)
}

// ownerFrom is the address WithOwner recorded, "" if none.
func ownerFrom(ctx context.Context) string {
	a, _ := ctx.Value(ownerKey{}).(string)
	return a
}

// ownTTL: how long a game counts against its owner's budget on other
// instances unless renewed (renewOwned, every janitor tick).
const ownTTL = time.Minute

// ownGame counts l against its owner's budget, over every instance: the
// error is TooManyComputerGames when the budget is full.
func (s *Tables) ownGame(ctx context.Context, l *Table) error {
	n, ok, err := s.share.st.OwnGame(ctx, l.id, l.owner, s.MaxComputerGames, ownTTL)
	if err != nil {
		return err
	}
	if !ok {
		return TooManyComputerGames(n)
	}
	l.owned.Store(true)
	return nil
}

// disown stops l counting against its owner's budget on other instances.
func (s *Tables) disown(l *Table) {
	if s.share == nil || !l.owned.Swap(false) {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := s.share.st.DisownGame(ctx, l.id); err != nil {
			s.log().Warn("letting a game's budget place go", "game", l.id, "err", err)
		}
	}()
}

// renewOwned renews the budget places of this instance's unfinished games,
// and lets go those of the finished ones.
func (s *Tables) renewOwned(ctx context.Context) {
	if s.share == nil {
		return
	}
	var ids []string
	var done []*Table
	s.withGames(func() {
		for _, l := range s.games {
			if l.owned.Load() {
				ids = append(ids, l.id)
				l.locked(func() {
					if l.overLocked() && l.g != nil {
						done = append(done, l)
					}
				})
			}
		}
	})
	for _, l := range done {
		s.disown(l)
	}
	if len(ids) > len(done) {
		if err := s.share.st.RenewOwned(ctx, ids, ownTTL); err != nil && ctx.Err() == nil {
			s.log().Warn("renewing the games' budget places", "err", err)
		}
	}
}

// computerGames counts owner's unfinished games with computer seats in
// memory, lessons and sandboxes aside (a newcomer who has played the eight
// lessons may start a game), and reports whether another would be over the
// budget.
func (s *Tables) computerGamesFull(owner string) (int, bool) {
	if owner == "" || s.MaxComputerGames <= 0 {
		return 0, false
	}
	var mine []*Table
	s.withGames(func() {
		for _, l := range s.games {
			if l.owner == owner && l.computers {
				mine = append(mine, l)
			}
		}
	})
	if len(mine) < s.MaxComputerGames {
		return len(mine), false
	}
	n := 0
	for _, l := range mine {
		l.locked(func() {
			if l.broken == nil && !l.evicted && (l.g == nil || !l.g.Over) && l.cfg.Sandbox == nil && l.cfg.Lesson == nil {
				n++
			}
		})
	}
	return n, n >= s.MaxComputerGames
}
