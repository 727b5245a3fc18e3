package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/rating"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/wire"
)

// Playing with anyone (docs/anyone.md): identified people, open tables,
// quick match and ratings.
//
// A person's lasting identity (the server's identity.go: a secret key the
// browser keeps, of which the store keeps a hash) comes with the requests
// that create a game or take a seat (CreateRequest.Player,
// ClaimRequest.Player, TakeSeat): their seat takes the identity's name and
// public id (Seat.Player).
//
// An open table (CreateRequest.Open, Config.Public) is listed in the lobby
// (listLocked: the store's listings, what every instance's lobby reads) with
// what everyone may know of it (PublicTable: its seats' names, its rules,
// its pace; nothing of any hand). Anyone identified takes its first free
// seat in one click (TakeSeat): a change of the stored configuration by
// compare-and-swap, as an invite's claim, so two takers of the last seat on
// two instances never both get it. A table may say that seats still free
// after FillAfter minutes go to computers (fillDue). Once dealt, the table
// is listed as live, with its spectators' link.
//
// A rated game is a public table whose every seat is an identified person
// to the end: no computer ever took a seat (FillAfter, the host's start
// with computers) and nobody may ask for hints. When a public game ends,
// finishLocked records each identified seat's result once over every
// instance (store.RecordResult), moving the ratings of a rated game
// (package rating, Weng-Lin Plackett-Luce): the places are the final
// scores', and a person who left for good comes behind everyone who stayed.
// "Left for good": when the game ended, a stand-in computer was playing
// their seat (they had been away the table's stand-in time and had not come
// back by the last move). A person who came back before the end, even
// after a stand-in played for them a while, is placed by their score.

// Identity is an identified person as the server knows them.
type Identity struct {
	ID   string
	Name string
}

// CleanName is a name as a seat or an identity may hold it (printable
// characters, spaces folded, at most 24 characters).
func CleanName(s string) string { return cleanName(s) }

// The limits of open tables.
const (
	// MaxFillAfter: the longest a table may wait before computers take its
	// free seats (minutes).
	MaxFillAfter = 60
	// OpenFor: how long an open table stays listed without a seat taken.
	OpenFor = time.Hour
	// LiveFor: how long a dealt public game stays listed to be watched.
	LiveFor = 12 * time.Hour
	// quickStandIn: the stand-in time of a table quick match opens.
	quickStandIn = 180
)

// Errors of open tables and identities.
var (
	ErrNeedIdentity  = errors.New("open tables, quick match and ratings are for identified players: the lobby gives this browser an identity (a name and a key kept in this browser); send its key in the X-Smashup-Player header")
	ErrOpenTable     = errors.New("this is an open table of the lobby: its seats are taken from the lobby's open tables, not by an invite link")
	ErrOpenInvite    = errors.New("an open table's seats are taken from the lobby: it has no invite links to make again")
	ErrAlreadySeated = errors.New("you already sit at this table (one seat per person)")
	ErrTableFull     = errors.New("this table has no free seat any more: someone took the last one first. Choose another open table, or press Play now")
	ErrNotOpen       = errors.New("no open table has this id (it may have been dealt, or closed)")
	ErrNotForYou     = errors.New("this table is not open to you (someone at it and you are not to be seated together): choose another, or press Play now")
)

// seatOfPlayer is the seat player holds in c, -1 when none.
func seatOfPlayer(c *Config, player string) int {
	for i, st := range c.Seats {
		if player != "" && st.Player == player {
			return i
		}
	}
	return -1
}

// checkOpen validates what an open table asks for.
func checkOpen(req CreateRequest) error {
	if !req.Open {
		if req.FillAfter != 0 {
			return errors.New("fill_after: only an open table (open: true) has its free seats filled by computers")
		}
		return nil
	}
	switch {
	case req.Player == nil:
		return ErrNeedIdentity
	case req.PassAndPlay:
		return errors.New("an open table is for people at their own screens: it cannot be pass and play")
	case req.Seed != nil || req.Reproducible:
		return errors.New("an open table's shuffle is secret: it takes no seed (whoever knew the seed could work out every hidden card)")
	case req.StandIn <= 0 && req.TurnHours == 0:
		return errors.New("an open table needs a stand-in time (stand_in, seconds: a computer plays for a person who has left, so that the others are never stuck)")
	case req.FillAfter < 0 || req.FillAfter > MaxFillAfter:
		return fmt.Errorf("fill_after: %d minutes is not between 0 (never) and %d", req.FillAfter, MaxFillAfter)
	}
	for i, k := range req.Seats {
		if k != Human {
			return fmt.Errorf("seat %d: an open table seats people only (its free seats may go to computers after fill_after minutes)", i+1)
		}
	}
	return nil
}

// openTable makes cfg an open table, if req asks for one.
func openTable(cfg *Config, req CreateRequest) {
	if !req.Open {
		return
	}
	cfg.Public, cfg.Rated, cfg.FillAfter = true, !req.Hints, req.FillAfter
	cfg.Listed = time.Now().UnixMilli()
	cfg.Mode = req.Mode
	if req.Preset == PresetFirstGame {
		cfg.Mode = PresetFirstGame
	}
}

// PublicTable is what the lobby shows of a public game: only what everyone
// may know (no hand, no deck, nothing of the decisions or of when they are
// made: it changes only when a seat is taken, the game is dealt or ends).
type PublicTable struct {
	Game   string       `json:"game"`
	Status string       `json:"status"` // "open" (free seats), "live" (dealt: watch it), "over"
	Seats  []PublicSeat `json:"seats"`
	Free   int          `json:"free"`           // seats free
	Mode   string       `json:"mode"`           // factions: "chosen", "random", "draft", "first-game"
	Sets   []string     `json:"sets,omitempty"` // the sets of the factions (chosen ones), none: any
	// AllBases: every base in the base deck, not only the factions' sets'.
	AllBases bool `json:"all_bases,omitempty"`
	Goal     int  `json:"goal"` // VP that end the game
	// StandIn: the pace, seconds after which a computer plays for a person
	// who has left; FillAfter: minutes after which free seats go to
	// computers (0: never).
	StandIn   int `json:"stand_in"`
	FillAfter int `json:"fill_after,omitempty"`
	// TurnHours: a turn-based table's hours per decision (0: live).
	TurnHours int  `json:"turn_hours,omitempty"`
	Hints     bool `json:"hints,omitempty"` // anyone may ask for hints: not rated
	Rated     bool `json:"rated,omitempty"`
	// Watch: the spectators' link (live games).
	Watch string `json:"watch,omitempty"`
	// Waited: seconds since the table was listed (when served).
	Waited int `json:"waited"`
}

// PublicSeat is a seat of a public game.
type PublicSeat struct {
	Name     string   `json:"name"`
	Kind     string   `json:"kind"`             // "human" or a computer level
	Player   string   `json:"player,omitempty"` // an identified person's public id (/p/{player})
	Open     bool     `json:"open,omitempty"`
	Factions []string `json:"factions,omitempty"` // once dealt (spectators see them)
}

// ListingOf is what the lobby shows of a public game of configuration cfg
// (g: the game once dealt, nil before).
func ListingOf(id string, cfg Config, g *engine.Game) PublicTable {
	p := PublicTable{Game: id, Status: store.ListLive, Mode: cfg.Mode, AllBases: cfg.Setup.AllBases, Goal: cfg.Setup.GoalVP(),
		StandIn: cfg.StandIn, FillAfter: cfg.FillAfter, TurnHours: cfg.TurnHours, Hints: cfg.Hints, Rated: cfg.Rated, Free: openSeats(&cfg)}
	switch {
	case cfg.Waiting:
		p.Status = store.ListOpen
	case g != nil && g.Over:
		p.Status = store.ListOver
	}
	if p.Mode == "" {
		p.Mode = "random"
	}
	if cfg.Draft {
		p.Mode = "draft"
	}
	if p.Mode == "chosen" || p.Mode == PresetFirstGame {
		sets := map[string]bool{}
		for _, pl := range cfg.Setup.Players {
			for _, f := range pl.Factions {
				if s := factionSet(f); s != "" {
					sets[s] = true
				}
			}
		}
		for s := range sets {
			p.Sets = append(p.Sets, s)
		}
		sort.Strings(p.Sets)
	}
	for i, st := range cfg.Seats {
		ps := PublicSeat{Name: st.Name, Kind: st.Kind, Player: st.Player, Open: st.Kind == Human && st.Token == ""}
		if g != nil && i < len(cfg.Setup.Players) {
			ps.Factions = slices.Clone(cfg.Setup.Players[i].Factions)
		}
		p.Seats = append(p.Seats, ps)
	}
	if p.Status != store.ListOpen {
		p.Watch = "/g/" + id + "?t=" + cfg.Spectator
	}
	return p
}

var (
	setsOnce sync.Once
	setOf    map[string]string
)

// factionSet is the set a faction comes from.
func factionSet(f string) string {
	setsOnce.Do(func() {
		setOf = map[string]string{}
		for _, d := range engine.Defs() {
			if d.Faction != "" && d.Type != engine.BaseCard && setOf[d.Faction] == "" {
				setOf[d.Faction] = d.Set
			}
		}
	})
	return setOf[f]
}

// players is the store's half of identities and ratings (nil: the store
// keeps none).
func (s *Tables) players() store.Players {
	p, _ := s.store.(store.Players)
	return p
}

// listLocked records a public game's listing as it is now. A failure is
// logged: the listing is an advertisement, the configuration the truth.
func (l *Table) listLocked(ctx context.Context) {
	pl := l.srv.players()
	if !l.cfg.Public || pl == nil {
		return
	}
	p := ListingOf(l.id, l.cfg, l.g)
	info, err := json.Marshal(p)
	if err == nil {
		err = pl.PutListing(ctx, store.Listing{Game: l.id, Status: p.Status, Seats: len(l.cfg.Seats), Free: p.Free, Info: info, Created: time.UnixMilli(l.cfg.Listed)})
	}
	if err != nil {
		l.log().Warn("listing a public game", "err", err)
	}
}

// TakeSeat gives who the first free seat of open table id (a claim, by
// compare-and-swap: see changeConfigLocked); hintsOK as ClaimRequest's.
// Someone who sits at the table already is given their own seat again.
func (s *Tables) TakeSeat(ctx context.Context, id string, who Identity, hintsOK bool) (ClaimResponse, error) {
	l, err := s.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return ClaimResponse{}, ErrNotOpen
	}
	if err != nil {
		return ClaimResponse{}, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.cfg.Public {
		return ClaimResponse{}, ErrNotOpen
	}
	if i := seatOfPlayer(&l.cfg, who.ID); i >= 0 && l.cfg.Seats[i].Token != "" {
		return ClaimResponse{Seat: i, Token: l.cfg.Seats[i].Token}, ErrAlreadySeated
	}
	blocked, err := s.blockedWith(ctx, who.ID) // talk.go
	if err != nil {
		return ClaimResponse{}, err
	}
	if l.cfg.Hints && !hintsOK {
		return ClaimResponse{}, ErrHintsConsent
	}
	tok, seat := newToken(), -1
	if err := l.changeConfigLocked(ctx, func(c *Config) error {
		// on the configuration as stored: a seat taken meanwhile on another
		// instance is not free
		if seatOfPlayer(c, who.ID) >= 0 {
			return ErrAlreadySeated
		}
		if blockedAt(c, blocked) {
			return ErrNotForYou
		}
		seat = -1
		for i, st := range c.Seats {
			if c.Waiting && st.Kind == Human && st.Token == "" {
				seat = i
				break
			}
		}
		if seat < 0 {
			return ErrTableFull
		}
		st := &c.Seats[seat]
		st.Token, st.Player, st.Name = tok, who.ID, who.Name
		if openSeats(c) == 0 {
			c.Waiting = false
		}
		return nil
	}); err != nil {
		return ClaimResponse{}, err
	}
	l.log().Info("open table's seat taken", "seat", seat)
	s.kick(l)
	return ClaimResponse{Seat: seat, Token: tok}, nil
}

// fillDue gives computers the free seats of the open tables in memory
// whose FillAfter has passed.
func (s *Tables) fillDue(now time.Time) {
	var due []*Table
	s.withGames(func() {
		for _, l := range s.games {
			if fillDueAt(&l.cfg, now) {
				due = append(due, l)
			}
		}
	})
	for _, l := range due {
		l.locked(func() { l.fillLocked(s.ctx, now) })
		s.kick(l)
	}
}

// fillDueAt reports whether c is an open table whose free seats go to
// computers at now.
func fillDueAt(c *Config, now time.Time) bool {
	return c.Public && c.Waiting && c.FillAfter > 0 && now.Sub(time.UnixMilli(c.Listed)) >= time.Duration(c.FillAfter)*time.Minute
}

// fillLocked gives the free seats to computers (of the normal level) and
// deals: the game is no longer rated.
func (l *Table) fillLocked(ctx context.Context, now time.Time) {
	err := l.changeConfigLocked(ctx, func(c *Config) error {
		if !fillDueAt(c, now) {
			return errUnchanged
		}
		for i := range c.Seats {
			if st := &c.Seats[i]; st.Kind == Human && st.Token == "" {
				st.Kind, st.Invite = Greedy, ""
				st.Name = fmt.Sprintf("Computer %d (computer)", i+1)
			}
		}
		c.Waiting, c.Rated = false, false
		return nil
	})
	if err != nil && !errors.Is(err, errUnchanged) {
		l.log().Warn("filling an open table with computers", "err", err)
		return
	}
	if err == nil {
		l.log().Info("open table's free seats given to computers")
	}
}

// FillIfDue loads open table id and fills it if its time has come (the
// lobby asks for the overdue tables it lists, which may be in no
// instance's memory).
func (s *Tables) FillIfDue(ctx context.Context, id string) {
	l, err := s.Game(ctx, id)
	if err != nil {
		return
	}
	l.locked(func() {
		if fillDueAt(&l.cfg, time.Now()) {
			l.fillLocked(ctx, time.Now())
		}
	})
	s.kick(l)
}

// Tables lists the public games of status (store.ListOpen, ListLive) with
// seats seats (0: any), the longest waiting first; an open table whose
// free seats are overdue for computers is filled (and dropped from the
// open ones).
func (s *Tables) PublicTables(ctx context.Context, status string, seats, limit int) ([]PublicTable, error) {
	pl := s.players()
	if pl == nil {
		return nil, errNoPlayers
	}
	since := time.Now().Add(-OpenFor)
	if status != store.ListOpen {
		since = time.Now().Add(-LiveFor)
	}
	ls, err := pl.Listings(ctx, status, seats, since, limit)
	if err != nil {
		return nil, err
	}
	out := []PublicTable{}
	now := time.Now()
	filled := 0
	for _, row := range ls {
		var p PublicTable
		if json.Unmarshal(row.Info, &p) != nil {
			continue
		}
		if status == store.ListOpen && p.FillAfter > 0 && now.Sub(row.Created) >= time.Duration(p.FillAfter)*time.Minute {
			if filled < 3 {
				filled++
				s.FillIfDue(ctx, row.Game)
			}
			continue
		}
		p.Waited = int(now.Sub(row.Created) / time.Second)
		out = append(out, p)
	}
	return out, nil
}

var errNoPlayers = errors.New("this server's store keeps no identities")

// QuickRequest is what "Play now" asks for.
type QuickRequest struct {
	// Players: the table's size, 2 to 4 (0: any, or 2 for a table opened).
	Players int `json:"players"`
	// FillAfter: if a table is opened, minutes after which its free seats
	// go to computers (0: never).
	FillAfter int `json:"fill_after"`
}

// QuickResponse is the seat quick match gave: Opened when it opened a
// table (Host: its host key), else it took a seat at one waiting.
type QuickResponse struct {
	Game   string `json:"game"`
	Seat   int    `json:"seat"`
	Token  string `json:"token"`
	Opened bool   `json:"opened"`
	Host   string `json:"host,omitempty"`
}

// QuickMatch takes a free seat at the open table that fits (its size, no
// hints: a rated game) and has waited longest, or opens one. A table where
// who sits already is theirs again.
func (s *Tables) QuickMatch(ctx context.Context, who Identity, req QuickRequest) (QuickResponse, error) {
	if req.Players != 0 && (req.Players < 2 || req.Players > 4) {
		return QuickResponse{}, fmt.Errorf("players: a table has 2 to 4 seats (0: any), not %d", req.Players)
	}
	if req.FillAfter < 0 || req.FillAfter > MaxFillAfter {
		return QuickResponse{}, fmt.Errorf("fill_after: %d minutes is not between 0 (never) and %d", req.FillAfter, MaxFillAfter)
	}
	open, err := s.PublicTables(ctx, store.ListOpen, req.Players, 20)
	if err != nil {
		return QuickResponse{}, err
	}
	for _, p := range open {
		if p.Hints || p.TurnHours > 0 {
			continue // Play now is a live game
		}
		r, err := s.TakeSeat(ctx, p.Game, who, false)
		switch {
		case err == nil, errors.Is(err, ErrAlreadySeated) && r.Token != "":
			return QuickResponse{Game: p.Game, Seat: r.Seat, Token: r.Token}, nil
		case errors.Is(err, ErrTableFull), errors.Is(err, ErrNotOpen), errors.Is(err, ErrAlreadySeated), errors.Is(err, ErrNotForYou):
			continue // taken meanwhile, or someone blocked: the next one
		default:
			return QuickResponse{}, err
		}
	}
	n := max(2, req.Players)
	seats := make([]string, n)
	for i := range seats {
		seats[i] = Human
	}
	resp, err := s.Create(ctx, CreateRequest{Seats: seats, Mode: "random", StandIn: quickStandIn, Open: true, FillAfter: req.FillAfter, Player: &who})
	if err != nil {
		return QuickResponse{}, err
	}
	return QuickResponse{Game: resp.ID, Seat: resp.Seat, Token: resp.Tokens[resp.Seat], Opened: true, Host: resp.Host}, nil
}

// gameResults are a public game's results as recorded.
type gameResults struct{ rows []store.Result }

// Standings are the places a finished game counts (0 first, ties
// sharing): by final score (and the rules' winner), except that the seats
// that left for good (forfeit) come behind every other, sharing the last
// place.
func Standings(g *engine.Game, forfeit []bool) []int {
	n := int(g.NPlayers)
	var stay []int
	for i := range n {
		if i >= len(forfeit) || !forfeit[i] {
			stay = append(stay, i)
		}
	}
	scores := make([]int, len(stay))
	winner := -1
	for k, i := range stay {
		scores[k] = int(g.Players[i].VP)
		if int(g.Winner) == i {
			winner = k
		}
	}
	places := make([]int, n)
	for i := range places {
		places[i] = len(stay) // the forfeits
	}
	for k, p := range rating.Places(scores, winner) {
		places[stay[k]] = p
	}
	return places
}

// ResultsOf are the results of a finished public game for its identified
// seats (forfeit: the seats that left for good).
func ResultsOf(cfg Config, g *engine.Game, forfeit []bool) []store.Result {
	places := Standings(g, forfeit)
	var out []store.Result
	for i, st := range cfg.Seats {
		if st.Player == "" || st.Kind != Human {
			continue
		}
		r := store.Result{Player: st.Player, Name: st.Name, Seat: i, Place: places[i], Forfeit: i < len(forfeit) && forfeit[i]}
		if i < len(cfg.Setup.Players) {
			fs := slices.Clone(cfg.Setup.Players[i].Factions)
			sort.Strings(fs)
			for k, f := range fs {
				if k > 0 {
					r.Factions += "+"
				}
				r.Factions += f
			}
		}
		out = append(out, r)
	}
	return out
}

// finishLocked records a public game's results once it is over (every
// instance that sees the end tries; the store records them once and the
// others read them back), and lists it as over.
func (l *Table) finishLocked(ctx context.Context) {
	pl := l.srv.players()
	if pl == nil || !l.cfg.Public || l.g == nil || !l.g.Over || l.results != nil {
		return
	}
	forfeit := make([]bool, len(l.cfg.Seats))
	for i := range forfeit {
		forfeit[i] = l.cfg.Rated && l.pres.standing[i]
	}
	res := ResultsOf(l.cfg, l.g, forfeit)
	if len(res) == 0 {
		l.results = &gameResults{}
		return
	}
	places := make([]int, len(res))
	for i, r := range res {
		places[i] = r.Place
	}
	rows, err := pl.RecordResult(ctx, l.id, l.cfg.Rated, res, func(before []store.Rating) []store.Rating {
		in := make([]rating.Rating, len(before))
		for i, b := range before {
			in[i] = rating.Rating{Mu: b.Mu, Sigma: b.Sigma}
		}
		out := make([]store.Rating, len(before))
		for i, a := range rating.Rate(in, places) {
			out[i] = store.Rating{Mu: a.Mu, Sigma: a.Sigma}
		}
		return out
	})
	if errors.Is(err, store.ErrConflict) { // recorded by another instance first
		rows, err = pl.GameResults(ctx, l.id)
	}
	if err != nil {
		l.log().Warn("recording a public game's result (tried again when the game is next loaded)", "err", err)
		return
	}
	l.results = &gameResults{rows}
	l.log().Info("public game's result recorded", "rated", l.cfg.Rated, "players", len(rows))
	l.listLocked(ctx)
}

// ratedLocked is what a rated game's seats are told of the rating.
func (l *Table) ratedLocked() *wire.Rated {
	if !l.cfg.Rated {
		return nil
	}
	r := &wire.Rated{}
	if l.results == nil {
		return r
	}
	for _, x := range l.results.rows {
		if !x.Rated {
			continue
		}
		b := rating.Rating{Mu: x.Before.Mu, Sigma: x.Before.Sigma}.Display()
		a := rating.Rating{Mu: x.After.Mu, Sigma: x.After.Sigma}.Display()
		r.Changes = append(r.Changes, wire.RatingChange{Seat: x.Seat, Player: x.Player, Name: x.Name, Before: b, After: a, Delta: a - b, Place: x.Place, Forfeit: x.Forfeit})
	}
	return r
}
