package table

import (
	"context"
	"errors"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
)

// How instances share a game. With a store several instances share
// (store.Shared: PostgreSQL; the tables are described in store/lease.go and
// docs/several-instances.md), any instance serves any game's pages and
// moves, and:
//
//   - Every move reaches every page: an instance told of a move made
//     elsewhere (remoteMove) or that loses a race for a move number
//     (moveLocked) reloads the game and announces what it did not show yet
//     (Table.shown).
//   - One instance makes a game's server-made answers (its computer seats,
//     the passes made for a person, a stand-in's moves): the holder of the
//     game's lease. A worker of any other instance that finds such an answer
//     due leaves it (mayAnswer); the holder hears of every move by the
//     store's notifications. The holder renews its leases every third of
//     LeaseTTL; a lease not renewed (its holder killed) expires, and the
//     first instance to see it (takeOrphans, as often) takes it and loads
//     the game. A holder that stops gracefully lets its leases expire at
//     once. A lease is let go when its game ends or is unloaded.
//   - Presence is counted over every instance: each writes its pages per
//     game and seat, and when each seat was last there, every PresenceEvery
//     (at once when a page arrives or a setting changes), and reads the
//     others'. So a stand-in never plays for a person connected to another
//     instance, and a seat is not invited again from under them. The lease
//     holder reads presence again just before a stand-in's move.
//   - A claim, an invite and a start are a compare-and-swap on the stored
//     configuration (changeConfigLocked): an invite is claimed once.
//   - An instance replays no game at start: it loads a game when first
//     asked for it, or when it takes its lease (the games whose computer
//     seats must carry on are those with a lease).
//
// With the embedded store (one instance) there is none of it: Tables.share
// is nil, every answer is this instance's to make, and Resume loads the
// stored games at start.

// Defaults of the sharing periods (Tables.SetLeaseTTL, SetPresenceEvery).
const (
	defaultLeaseTTL      = 3 * time.Second
	defaultPresenceEvery = 500 * time.Millisecond
)

// sharing is an instance's part in the games it shares (nil: one instance).
type sharing struct {
	st       store.Shared
	instance string // this instance's name in the store (random)
	mu       sync.Mutex
	held     map[string]time.Time // games whose lease this instance holds: until when (its own clock, from before asking)
	other    map[string]time.Time // games whose lease another instance holds: not asked again before then
	poke     chan struct{}        // a page left: share presence soon
	// abandoned: stop as if killed, leaving leases and presence rows to
	// expire (tests)
	abandoned atomic.Bool
}

func newSharing(st store.Shared) *sharing {
	return &sharing{st: st, instance: newToken(), held: map[string]time.Time{}, other: map[string]time.Time{}, poke: make(chan struct{}, 1)}
}

// SetLeaseTTL sets how long a game's lease lasts unless renewed (default
// 3 s): how soon another instance takes over the games of one killed.
func (s *Tables) SetLeaseTTL(d time.Duration) { s.leaseTTL.Store(int64(d)) }

// SetPresenceEvery sets how often an instance shares its pages' presence
// (default half a second); another instance's rows count for three times that.
func (s *Tables) SetPresenceEvery(d time.Duration) { s.presenceEvery.Store(int64(d)) }

func (s *Tables) ttl() time.Duration { return time.Duration(s.leaseTTL.Load()) }

func (s *Tables) presenceTTL() time.Duration {
	return max(3*time.Duration(s.presenceEvery.Load()), 500*time.Millisecond)
}

// startSharing starts the lease and presence loops.
func (s *Tables) startSharing() {
	s.wg.Add(2)
	go func() {
		defer s.wg.Done()
		for {
			select {
			case <-s.ctx.Done():
				return
			case <-time.After(s.ttl() / 3):
			}
			s.renewLeases()
			s.takeOrphans(s.ctx)
		}
	}()
	go func() {
		defer s.wg.Done()
		for {
			select {
			case <-s.ctx.Done():
				return
			case <-time.After(time.Duration(s.presenceEvery.Load())):
			case <-s.share.poke:
			}
			s.presenceRound()
		}
	}()
}

// Abandon makes Close stop as if this instance were killed: its leases and
// presence rows are left to expire (tests).
func (s *Tables) Abandon() {
	if s.share != nil {
		s.share.abandoned.Store(true)
	}
}

// stopSharing lets this instance's leases expire at once and deletes its
// presence rows (a graceful stop), unless it was abandoned.
func (s *Tables) stopSharing() {
	if s.share == nil || s.share.abandoned.Load() {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := s.share.st.ExpireLeases(ctx, s.share.instance); err != nil {
		s.log().Warn("letting the games' leases go", "err", err)
	}
	s.share.st.DropPresence(ctx, s.share.instance)
}

// serverWorkLocked reports whether the server is to answer l's pending
// decision: a computer seat's, a stand-in's, or a pass for a person.
func (l *Table) serverWorkLocked() bool {
	who, _ := l.pending()
	if who == engine.NoSeat || l.broken != nil || l.rec.foreign != "" {
		return false
	}
	return l.ais[who] != nil || l.pres.standing[who] || l.autoMove(who)
}

// mayAnswer reports whether this instance is to make l's server-made answer
// now: there is one to make and this instance holds the game's lease (one
// instance: always). A game that has ended lets its lease go.
func (s *Tables) mayAnswer(ctx context.Context, l *Table) bool {
	if s.share == nil {
		return true
	}
	var work, over, standing bool
	l.locked(func() {
		work, over = l.serverWorkLocked(), l.overLocked()
		if who, _ := l.pending(); work && who != engine.NoSeat {
			standing = l.pres.standing[who] && l.ais[who] == nil
		}
	})
	if !work {
		if over {
			s.dropLease(l.id)
		}
		return false
	}
	if !s.leaseFor(ctx, l) {
		return false
	}
	if standing { // a stand-in plays only for a person connected nowhere: asked again now
		s.SharePresence(ctx, l)
	}
	return true
}

// leaseFor reports whether this instance holds l's lease, taking it if it is
// free or expired.
func (s *Tables) leaseFor(ctx context.Context, l *Table) bool {
	sh, ttl, now := s.share, s.ttl(), time.Now()
	sh.mu.Lock()
	until, had := sh.held[l.id]
	other := sh.other[l.id]
	sh.mu.Unlock()
	if had && until.Sub(now) > ttl/3 {
		return true
	}
	if now.Before(other) {
		return false
	}
	got, err := sh.st.TakeLease(ctx, l.id, sh.instance, ttl)
	if err != nil {
		s.log().Warn("taking a game's lease", "game", l.id, "err", err)
		time.AfterFunc(ttl/3, func() { s.kick(l) }) // tried again
		return false
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if got {
		sh.held[l.id] = now.Add(ttl)
		delete(sh.other, l.id)
		if !had {
			s.log().Debug("took a game's lease", "game", l.id)
		}
		return true
	}
	delete(sh.held, l.id)
	sh.other[l.id] = now.Add(ttl / 3)
	if had {
		s.log().Warn("lost a game's lease: another instance makes its answers now", "game", l.id)
	}
	return false
}

// dropLease lets l's lease go, if held (its game ended, or it was unloaded).
func (s *Tables) dropLease(id string) {
	if s.share == nil {
		return
	}
	s.share.mu.Lock()
	_, had := s.share.held[id]
	delete(s.share.held, id)
	s.share.mu.Unlock()
	if !had {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := s.share.st.DropLease(ctx, id, s.share.instance); err != nil {
			s.log().Warn("letting a game's lease go", "game", id, "err", err)
		}
	}()
}

// renewLeases renews every lease this instance holds.
func (s *Tables) renewLeases() {
	sh, ttl, start := s.share, s.ttl(), time.Now()
	sh.mu.Lock()
	ids := slices.Collect(maps.Keys(sh.held))
	sh.mu.Unlock()
	if len(ids) == 0 {
		return
	}
	got, err := sh.st.RenewLeases(s.ctx, sh.instance, ids, ttl)
	if err != nil {
		if s.ctx.Err() == nil {
			s.log().Warn("renewing the games' leases", "err", err)
		}
		return // each lapses at its time (leaseFor)
	}
	renewed := map[string]bool{}
	for _, id := range got {
		renewed[id] = true
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	for _, id := range ids {
		if _, still := sh.held[id]; !still {
			continue // let go meanwhile
		}
		if renewed[id] {
			sh.held[id] = start.Add(ttl)
		} else {
			delete(sh.held, id)
			s.log().Warn("lost a game's lease: another instance makes its answers now", "game", id)
		}
	}
}

// takeOrphans takes the expired leases (their holder stopped) and loads
// their games, whose computer seats carry on here. It returns how many it
// took.
func (s *Tables) takeOrphans(ctx context.Context) int {
	sh, ttl := s.share, s.ttl()
	ids, err := sh.st.Orphans(ctx, 100)
	if err != nil {
		if ctx.Err() == nil {
			s.log().Warn("looking for games whose instance stopped", "err", err)
		}
		return 0
	}
	taken := 0
	for _, id := range ids {
		start := time.Now()
		got, err := sh.st.TakeLease(ctx, id, sh.instance, ttl)
		if err != nil || !got {
			continue
		}
		taken++
		sh.mu.Lock()
		sh.held[id] = start.Add(ttl)
		delete(sh.other, id)
		sh.mu.Unlock()
		l, err := s.Game(ctx, id)
		if err != nil {
			if errors.Is(err, store.ErrNotFound) {
				s.dropLease(id)
			} else if ctx.Err() == nil {
				s.log().Error("taking over a game", "game", id, "err", err)
			}
			continue
		}
		var work bool
		l.locked(func() { work = l.serverWorkLocked() })
		if !work { // nothing for the server to do: let go at once (Resume loops until no orphan is left)
			sh.mu.Lock()
			delete(sh.held, id)
			sh.mu.Unlock()
			sh.st.DropLease(ctx, id, sh.instance)
			s.unloadIfIdle(l)
			continue
		}
		s.log().Info("took over a game whose instance stopped", "game", id)
		s.kick(l)
	}
	return taken
}

// PokePresence asks for this instance's presence to be shared soon (a page
// left).
func (s *Tables) PokePresence() {
	if s.share == nil {
		return
	}
	select {
	case s.share.poke <- struct{}{}:
	default:
	}
}

// presenceRound shares the presence of every game in memory with people.
func (s *Tables) presenceRound() {
	s.mu.Lock()
	ls := make([]*Table, 0, len(s.games))
	for _, l := range s.games {
		if l.people() {
			ls = append(ls, l)
		}
	}
	s.mu.Unlock()
	s.sharePresenceOf(s.ctx, ls)
}

// SharePresence shares l's presence now: this instance's pages written,
// the other instances' read.
func (s *Tables) SharePresence(ctx context.Context, l *Table) {
	if s.share != nil && l.people() {
		s.sharePresenceOf(ctx, []*Table{l})
	}
}

func (s *Tables) sharePresenceOf(ctx context.Context, ls []*Table) {
	if len(ls) == 0 {
		return
	}
	var rows []store.Presence
	ids := make([]string, len(ls))
	for i, l := range ls {
		ids[i] = l.id
		l.locked(func() { rows = append(rows, l.presenceRowsLocked(time.Now())...) })
	}
	byGame, ok := s.exchangePresence(ctx, rows, ids)
	if !ok {
		return
	}
	for _, l := range ls {
		var changed bool
		l.locked(func() { changed = l.takePresenceLocked(byGame[l.id], time.Now()) })
		if changed {
			s.kick(l)
		}
	}
}

// sharePresenceLocked is sharePresence for a caller holding l's lock.
func (s *Tables) sharePresenceLocked(ctx context.Context, l *Table) {
	if s.share == nil || !l.people() {
		return
	}
	if byGame, ok := s.exchangePresence(ctx, l.presenceRowsLocked(time.Now()), []string{l.id}); ok {
		if l.takePresenceLocked(byGame[l.id], time.Now()) {
			s.kick(l)
		}
	}
}

// exchangePresence writes this instance's rows and reads the other
// instances' of games ids, by game.
func (s *Tables) exchangePresence(ctx context.Context, rows []store.Presence, ids []string) (map[string][]store.Presence, bool) {
	sh := s.share
	if err := sh.st.PutPresence(ctx, sh.instance, rows); err != nil {
		if ctx.Err() == nil {
			s.log().Warn("sharing presence", "err", err)
		}
		return nil, false
	}
	got, err := sh.st.Presence(ctx, sh.instance, ids, s.presenceTTL())
	if err != nil {
		if ctx.Err() == nil {
			s.log().Warn("reading presence", "err", err)
		}
		return nil, false
	}
	byGame := map[string][]store.Presence{}
	for _, r := range got {
		byGame[r.Game] = append(byGame[r.Game], r)
	}
	return byGame, true
}

// presenceRowsLocked is what this instance tells the others of l's seats.
func (l *Table) presenceRowsLocked(now time.Time) []store.Presence {
	var rows []store.Presence
	for seat := range l.seats() {
		p := &l.pres
		if l.cfg.Seats[seat].Kind != Human || (p.conns[seat] == 0 && p.touched[seat].IsZero() && p.askSet[seat].IsZero()) {
			continue
		}
		r := store.Presence{Game: l.id, Seat: int(seat), Conns: p.conns[seat], Age: 24 * time.Hour}
		if p.conns[seat] > 0 {
			r.Age = 0
		} else if !p.touched[seat].IsZero() {
			r.Age = now.Sub(p.touched[seat])
		}
		if !p.askSet[seat].IsZero() {
			r.Asked, r.AskAll, r.AskAge = true, l.askAll[seat], now.Sub(p.askSet[seat])
		}
		rows = append(rows, r)
	}
	return rows
}

// takePresenceLocked takes the other instances' presence of l's seats,
// starting or ending stand-ins and telling the pages as needed. It reports
// whether a stand-in started or ended.
func (l *Table) takePresenceLocked(rows []store.Presence, now time.Time) bool {
	p := &l.pres
	var remote [engine.MaxPlayers]int
	var rseen [engine.MaxPlayers]time.Time
	for _, r := range rows {
		seat := engine.Seat(r.Seat)
		if seat < 0 || seat >= l.seats() {
			continue
		}
		remote[seat] = r.Conns
		rseen[seat] = now.Add(-r.Age)
		if at := now.Add(-r.AskAge); r.Asked && at.After(p.askSet[seat]) { // the latest setting holds
			l.askAll[seat], p.askSet[seat] = r.AskAll, at
		}
	}
	var was [engine.MaxPlayers]bool
	for seat := range l.seats() {
		was[seat] = l.awayLocked(seat)
	}
	p.remote, p.rseen = remote, rseen
	away, changed := false, false
	for seat := range l.seats() {
		away = away || l.awayLocked(seat) != was[seat]
		changed = changed || l.standsInLocked(seat, now) != p.standing[seat]
	}
	switch {
	case changed:
		l.presenceChangedLocked(now)
	case away: // who is away is on every page
		l.broadcastLocked()
	}
	return changed
}
