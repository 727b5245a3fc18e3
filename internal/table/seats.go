package table

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/wire"
)

// Seats belong to the people who take them.
//
// The creator of a game takes the first person's seat (its key comes back
// in the creation's answer); every other person's seat gets an invite link
// (?invite=CODE). The first browser to open an invite claims the seat: the
// server hands that browser the seat's key, which the page keeps in its own
// storage and sends in a header, never in the address. Opening the invite
// again shows that the seat is taken. Nothing is dealt until every invited
// person has taken their seat, or until the creator (who holds the host
// key) starts with computers in the open seats: dealing the game again and
// again shows the creator nothing about anyone's hand. A person who lost
// their browser asks the creator to invite their seat again, which ends the
// old claim (its pages are disconnected) and makes a new invite link.
//
// A claimed seat belongs to whoever took it, for the whole game: the host
// may invite it again only once its person has been away (no page of the
// seat connected, presence.go) for ReinviteAfter, counted from when their
// last page left, their last move, their claim, or this server loading the
// game, whichever is latest. Until then the invite is refused and nothing
// changes. An invite that ends a claim is told to every seat and the
// spectators in the game's log ("invited-again").
//
// A rematch's seat key goes to whoever held the seat when the game ended,
// and to nobody else (the server's handleRematch, ui.go): a seat claimed after the end
// (Seat.Late: invited again once its person had gone, or still open at the
// end) gets the rematch's spectators' link, never the key the person who
// held it got or would get. A rematch has every seat taken at once and no
// host key, so its seats are never invited again.

// ClaimRequest is what POST /api/games/{id}/claim accepts.
type ClaimRequest struct {
	Invite string `json:"invite"`
	// HintsOK: the person agrees that every seat may ask for hints. A game
	// created with hints for everyone (Config.Hints) gives its seats only to
	// people who agreed (ErrHintsConsent); elsewhere it is not needed.
	HintsOK bool `json:"hints_ok"`
	// Player: the identity of the person who claims (public.go), from the
	// request's identity header, never from its body; nil: none.
	Player *Identity `json:"-"`
}

// InviteInfo is what GET /api/games/{id}/claim (the invite code as the
// bearer key) tells the page about an invite before it claims the seat.
type InviteInfo struct {
	Seat  int    `json:"seat"`
	Name  string `json:"name"`
	Taken bool   `json:"taken"` // someone has claimed it already
	// Hints: every seat may ask for hints in this game, so the claim must
	// carry the person's agreement (ClaimRequest.HintsOK).
	Hints bool `json:"hints"`
}

// ClaimResponse hands the claiming browser its seat's key.
type ClaimResponse struct {
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// InviteResponse is a seat's new invite link.
type InviteResponse struct {
	Link string `json:"link"`
}

// ReinviteAfter is how long a seat's person must have been away before the
// host may invite the seat again (see above).
const ReinviteAfter = 5 * time.Minute

// ErrSeatHeld refuses to invite again a seat whose person is at the table or
// left lately.
var ErrSeatHeld = fmt.Errorf("this seat belongs to the person who took it, who is at the table or left less than %d minutes ago: it can be invited again only once they have been away %d minutes", int(ReinviteAfter/time.Minute), int(ReinviteAfter/time.Minute))

// ErrHintsConsent refuses a claim of a game with hints for everyone made
// without the person's agreement.
var ErrHintsConsent = errors.New(`this game lets every seat ask for hints (what the strongest computer level would play at your own decisions), between people too: take the seat only if you agree (claim with "hints_ok": true); otherwise leave it open`)

// ErrNoSuchLink answers both an unknown game and a token that is not one of
// its seats' (or its spectators', or an invite's), so that an answer does
// not tell whether a game id exists.
var ErrNoSuchLink = errors.New("no game has this id and seat key")

// ErrSeatTaken: the invite has been claimed already.
var ErrSeatTaken = errors.New("this seat is taken: someone opened this invite link already. If that was not you, ask whoever created the game to invite you again")

// ErrNotHost refuses a host's request made without the host key.
var ErrNotHost = errors.New("only the game's creator may do this (their browser holds the game's host key)")

// Claim takes the seat whose invite code is req.Invite, returning the seat
// and its key. In a game with hints for everyone the request must agree to
// them (req.HintsOK): hints between people only if every person agreed.
func (s *Tables) Claim(ctx context.Context, id string, req ClaimRequest) (ClaimResponse, error) {
	l, err := s.Game(ctx, id)
	if err != nil {
		return ClaimResponse{}, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	seat := l.inviteOf(req.Invite)
	if seat == engine.NoSeat {
		return ClaimResponse{}, ErrNoSuchLink
	}
	if l.cfg.Hints && !req.HintsOK {
		return ClaimResponse{}, ErrHintsConsent
	}
	if l.cfg.Public {
		return ClaimResponse{}, ErrOpenTable // its seats are taken from the lobby (TakeSeat)
	}
	tok := newToken()
	if err := l.changeConfigLocked(ctx, func(c *Config) error {
		// checked on the configuration as stored: a claim made meanwhile
		// on another instance wins (changeConfigLocked)
		if c.Seats[seat].Invite != req.Invite {
			return ErrNoSuchLink
		}
		if c.Seats[seat].Token != "" {
			return ErrSeatTaken
		}
		if req.Player != nil && seatOfPlayer(c, req.Player.ID) >= 0 {
			return ErrAlreadySeated
		}
		c.Seats[seat].Token = tok
		c.Seats[seat].Late = l.g != nil && l.g.Over // no rematch key for this claim (the server's handleRematch, ui.go)
		if req.Player != nil {
			c.Seats[seat].Player, c.Seats[seat].Name = req.Player.ID, req.Player.Name
		}
		if openSeats(c) == 0 {
			c.Waiting = false
		}
		return nil
	}); err != nil {
		return ClaimResponse{}, err
	}
	l.srv.kick(l)
	return ClaimResponse{Seat: int(seat), Token: tok}, nil
}

// InviteOf tells what the invite code leads to (the page asks before it
// claims: a game with hints for everyone asks the person to agree).
func (s *Tables) InviteOf(ctx context.Context, id, code string) (InviteInfo, error) {
	l, err := s.Game(ctx, id)
	if err != nil {
		return InviteInfo{}, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	seat := l.inviteOf(code)
	if seat == engine.NoSeat {
		return InviteInfo{}, ErrNoSuchLink
	}
	st := l.cfg.Seats[seat]
	return InviteInfo{Seat: int(seat), Name: st.Name, Taken: st.Token != "", Hints: l.cfg.Hints}, nil
}

// inviteOf returns the seat whose invite code is code (NoSeat: none),
// comparing every seat's code in constant time.
func (l *Table) inviteOf(code string) engine.Seat {
	seat, found := int(engine.NoSeat), 0
	for i, st := range l.cfg.Seats {
		eq := subtle.ConstantTimeCompare([]byte(code), []byte(st.Invite))
		if st.Invite == "" {
			eq = 0
		}
		seat = subtle.ConstantTimeSelect(eq&^found, i, seat)
		found |= eq
	}
	if code == "" {
		return engine.NoSeat
	}
	return engine.Seat(seat)
}

// isHost reports whether token is the game's host key.
func (l *Table) isHost(token string) bool {
	return l.cfg.Host != "" && token != "" && subtle.ConstantTimeCompare([]byte(token), []byte(l.cfg.Host)) == 1
}

// openSeats counts the people's seats nobody has taken.
func openSeats(c *Config) int {
	n := 0
	for _, st := range c.Seats {
		if st.Kind == Human && st.Token == "" {
			n++
		}
	}
	return n
}

// Invite makes a new invite link for seat (the host's request): whoever
// held the seat loses it, and their pages are disconnected. A claimed seat
// is invited again only once its person has been away ReinviteAfter.
func (s *Tables) Invite(ctx context.Context, id, host string, seat engine.Seat) (InviteResponse, error) {
	l, err := s.Game(ctx, id)
	if err != nil {
		return InviteResponse{}, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.isHost(host) {
		return InviteResponse{}, ErrNotHost
	}
	if seat < 0 || int(seat) >= len(l.cfg.Seats) || l.cfg.Seats[seat].Kind != Human {
		return InviteResponse{}, errors.New("bad request: that seat is not a person's seat of this game")
	}
	if l.cfg.Public {
		return InviteResponse{}, ErrOpenInvite
	}
	if l.cfg.Seats[seat].Token != "" {
		l.srv.sharePresenceLocked(ctx, l) // pages on other instances count (lease.go)
	}
	code, claimed := newToken(), false
	if err := l.changeConfigLocked(ctx, func(c *Config) error {
		claimed = c.Seats[seat].Token != ""
		if claimed && (l.pres.connsLocked(seat) > 0 || time.Since(l.pres.seenLocked(seat)) < ReinviteAfter) {
			return ErrSeatHeld
		}
		c.Seats[seat].Invite = code
		c.Seats[seat].Token = ""
		c.Seats[seat].Player = "" // whoever claims it next is who sits there (public.go)
		return nil
	}); err != nil {
		return InviteResponse{}, err
	}
	if claimed {
		l.log().Info("seat invited again", "seat", int(seat))
	}
	return InviteResponse{Link: "/g/" + id + "?invite=" + code}, nil
}

// Start deals the game with a computer (of the normal level) in every seat
// still open (the host's request).
func (s *Tables) Start(ctx context.Context, id, host string) error {
	l, err := s.Game(ctx, id)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.isHost(host) {
		return ErrNotHost
	}
	if err := l.changeConfigLocked(ctx, func(c *Config) error {
		if !c.Waiting {
			return errUnchanged
		}
		for i := range c.Seats {
			if st := &c.Seats[i]; st.Kind == Human && st.Token == "" {
				st.Kind, st.Invite = Greedy, ""
				st.Name += " (computer)"
				c.Rated = false // a computer at the table (public.go)
			}
		}
		c.Waiting = false
		return nil
	}); errors.Is(err, errUnchanged) {
		return nil
	} else if err != nil {
		return err
	}
	l.srv.kick(l)
	return nil
}

// errUnchanged: a change of the configuration has nothing to change.
var errUnchanged = errors.New("nothing to change")

// changeConfigLocked changes the game's configuration, stores it, and then
// takes it up: the seats whose key changed lose their pages, and a game no
// longer waiting is dealt. change checks and changes a copy of the
// configuration; an error it returns is returned, and nothing changes.
//
// The stored configuration is swapped only if it is still the one this
// instance holds (store.SwapConfig): if another instance (or request)
// changed it first, its configuration is taken and change checked and made
// again on it, so that of two claims of one invite on two instances one
// wins, and the other is told the seat is taken. A store failure leaves
// everything as it was.
func (l *Table) changeConfigLocked(ctx context.Context, change func(c *Config) error) error {
	for try := 0; ; try++ {
		next := l.storedConfigLocked()
		if err := change(&next); err != nil {
			return err
		}
		raw, err := json.Marshal(next)
		if err != nil {
			return err
		}
		err = l.srv.store.SwapConfig(ctx, l.id, l.raw, raw)
		if err == nil {
			l.raw = raw
			err := l.takeConfigLocked(next)
			l.listLocked(ctx)  // a public table's listing follows (public.go)
			l.seatsLocked(ctx) // and the people's seats (myseats.go)
			return err
		}
		if !errors.Is(err, store.ErrConflict) || try == 4 {
			return err
		}
		l.log().Info("the game's configuration was changed by another instance first: checked again on it")
		if err := l.reloadConfigLocked(ctx); err != nil {
			return err
		}
	}
}

// storedConfigLocked is a copy of the game's configuration as it is
// stored: a drafted game's factions are its draft picks, moves of its log,
// which the configuration in memory holds once the draft is over (for the
// rematch and the replay) but the stored one never does.
func (l *Table) storedConfigLocked() Config {
	c := l.cfg
	c.Seats = slices.Clone(l.cfg.Seats)
	c.Setup.Players = slices.Clone(l.cfg.Setup.Players)
	if c.Draft {
		for i := range c.Setup.Players {
			c.Setup.Players[i].Factions = nil
		}
	}
	return c
}

// reloadConfigLocked takes the configuration stored (changed by another
// instance: remoteMove, changeConfigLocked).
func (l *Table) reloadConfigLocked(ctx context.Context) error {
	st, err := l.srv.store.Load(ctx, l.id)
	if err != nil {
		return err
	}
	var cfg Config
	if err := json.Unmarshal(st.Config, &cfg); err != nil {
		return err
	}
	l.raw = st.Config
	return l.takeConfigLocked(cfg)
}

// takeConfigLocked makes cfg the game's configuration (changed here or by
// another instance: remoteMove): the seats whose key changed lose their
// pages, a seat just taken counts as present from now (its person is
// arriving), and a claim ended by a new invite is told to every seat.
func (l *Table) takeConfigLocked(cfg Config) error {
	old := l.cfg
	if cfg.Draft && len(cfg.Setup.Players) == len(old.Setup.Players) { // the picks made are kept (storedConfigLocked)
		for i := range cfg.Setup.Players {
			cfg.Setup.Players[i].Factions = old.Setup.Players[i].Factions
		}
	}
	l.cfg = cfg
	now := time.Now()
	for seat := range l.seats() {
		if int(seat) >= len(old.Seats) {
			continue
		}
		was, is := old.Seats[seat].Token, cfg.Seats[seat].Token
		if was == is {
			continue
		}
		if was != "" {
			l.dropSeatLocked(seat)
		}
		if is != "" {
			l.pres.markLocked(seat, now)
		} else if was != "" {
			p := int(seat)
			l.tell(wire.Event{Kind: "invited-again", Player: &p})
		}
	}
	if old.Waiting && !cfg.Waiting && l.src == nil {
		if err := l.start(); err != nil {
			return l.breakLocked(err)
		}
	}
	l.broadcastLocked()
	return nil
}

// dropSeatLocked disconnects the pages of seat, whose key has changed.
func (l *Table) dropSeatLocked(seat engine.Seat) {
	for sub := range l.subs {
		if sub.seat == seat {
			sub.drop()
		}
	}
}
