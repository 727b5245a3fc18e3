package table

import (
	"context"
	"encoding/json"
	"fmt"
	mrand "math/rand/v2"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/match"
	"github.com/smashup/smashup/internal/store"
)

// Creating a game: the lobby's form, checked, becomes a stored Config.

// CreateRequest is the lobby's form.
type CreateRequest struct {
	Seats    []string   `json:"seats"`    // per seat: "human", or a computer level: "random", "easy", "ai" (normal), "hard", "max"
	Names    []string   `json:"names"`    // optional display names
	Factions [][]string `json:"factions"` // per seat: two names, or empty for random
	Mode     string     `json:"mode"`     // "chosen" (default), "random" or "draft"
	Bases    string     `json:"bases"`    // "sets" (default: the factions' sets) or "all"
	// StandIn: seconds after which a computer plays for a person who has
	// left the table, until they are back (0: never; presence.go).
	StandIn int `json:"stand_in"`
	// Reproducible asks for a public seed (Seed, or one chosen at random),
	// shown to every seat: whoever knows a game's seed can work out every
	// hidden card. Otherwise the seed is secret server randomness, revealed
	// with the replay once the game is over. A Seed always makes the game
	// reproducible (an older lobby sends a Seed alone).
	Reproducible bool    `json:"reproducible"`
	Seed         *uint64 `json:"seed"`
	// Seated: every person's seat is taken at once (a rematch hands each
	// player their own seat's key); otherwise the creator takes the first
	// person's seat and the others are invited (seats.go). Never read from
	// a request.
	Seated bool `json:"-"`
	// PassAndPlay: every person plays at the creator's screen, which holds
	// every person's seat and hands the screen over between them
	// (Config.SharedScreen): no invites, and the cards are dealt at once.
	PassAndPlay bool `json:"pass_and_play"`
	// Hints: every person agrees that any seat may ask for hints (hint.go);
	// a game where every other seat is a computer has them anyway.
	Hints bool `json:"hints"`
	// Goal: the VP that end the game (0: 15; engine.MinGoal to
	// engine.MaxGoal), shown to every seat.
	Goal int `json:"goal"`
	// Preset "first-game": a newcomer's first game. Every seat plays a pair
	// of core-set factions picked for newcomers (FirstGameFactions; the
	// form's factions and mode are not used), with the core set's bases,
	// and every page says so (Update.Preset).
	Preset string `json:"preset"`
	// Open: list the game in the lobby's open tables (public.go), where
	// identified people take its free seats; FillAfter: minutes after which
	// seats still free are given to computers (0: never).
	Open      bool `json:"open"`
	FillAfter int  `json:"fill_after"`
	// TurnHours: a turn-based game (turns.go), waiting up to this many
	// hours for each decision (1 to MaxTurnHours; 0: a live game).
	TurnHours int `json:"turn_hours"`
	// Player: the creator's identity (public.go), from the request's
	// identity header, never from its body; nil: none. Their seat takes
	// its name.
	Player *Identity `json:"-"`
}

// PresetFirstGame is the preset of a newcomer's first game.
const PresetFirstGame = "first-game"

// FirstGameFactions are the factions of a first game, a pair per seat in
// seat order: core-set factions whose cards do what they say on the
// table, with few reactions in other players' turns and no cards passing
// between hands (Dinosaurs' big minions, Robots' extra minions, Pirates'
// moves, Wizards' extra actions and draws; then Aliens and Zombies, Ninjas
// and Tricksters for a third and a fourth seat).
var FirstGameFactions = [][2]string{{"Dinosaurs", "Robots"}, {"Pirates", "Wizards"}, {"Aliens", "Zombies"}, {"Ninjas", "Tricksters"}}

// CreateResponse tells the creator their own seat and the invite links.
type CreateResponse struct {
	ID string `json:"id"`
	// Links: one per seat. The creator's own seat's link carries its key
	// (?t=, which the page moves out of the address bar at once); another
	// person's seat has an invite link (?invite=), claimed by the first
	// browser that opens it; a computer's seat has "".
	Links     []string `json:"links"`
	Seat      int      `json:"seat"`      // the creator's seat (-1: none, every seat is a computer's)
	Host      string   `json:"host"`      // the creator's key: start with computers, invite a seat again
	Spectator string   `json:"spectator"` // the spectators' link
	// Tokens: every seat's key (a rematch gives each player theirs); never
	// sent.
	Tokens []string `json:"-"`
}

// Create makes a new game of the lobby's form and stores it; the address
// that asks (WithOwner) owns it (queue.go, budget.go).
func (s *Tables) Create(ctx context.Context, req CreateRequest) (CreateResponse, error) {
	n := len(req.Seats)
	if n < 2 || n > 4 {
		return CreateResponse{}, fmt.Errorf("a game needs 2 to 4 seats, got %d", n)
	}
	seed := gameSeed(req)
	rng := mrand.New(mrand.NewPCG(SubSeed(seed, "create", 0), 77))
	if req.StandIn < 0 || req.StandIn > maxStandIn {
		return CreateResponse{}, fmt.Errorf("stand_in: %d seconds is not between 0 (never) and %d", req.StandIn, maxStandIn)
	}
	if req.Goal != 0 && (req.Goal < engine.MinGoal || req.Goal > engine.MaxGoal) {
		return CreateResponse{}, fmt.Errorf("goal: a game is played to between %d and %d VP, not %d", engine.MinGoal, engine.MaxGoal, req.Goal)
	}
	if req.Preset != "" && req.Preset != PresetFirstGame {
		return CreateResponse{}, fmt.Errorf("unknown preset %q (%s, or none)", req.Preset, PresetFirstGame)
	}
	if err := checkTurns(req); err != nil { // turns.go
		return CreateResponse{}, err
	}
	if err := checkOpen(req); err != nil { // public.go
		return CreateResponse{}, err
	}
	cfg := Config{Spectator: newToken(), Reproducible: req.Seed != nil || req.Reproducible, StandIn: req.StandIn, SharedScreen: req.PassAndPlay, Hints: req.Hints, Preset: req.Preset, TurnHours: req.TurnHours}
	req.Seated = req.Seated || req.PassAndPlay
	if !req.Seated {
		cfg.Host = newToken()
	}
	creator := engine.NoSeat
	humans := 0
	for i, k := range req.Seats {
		switch k {
		case Human, Greedy, Random, "easy", "normal", "hard", "max":
		default:
			return CreateResponse{}, fmt.Errorf("seat %d: unknown kind %q (human, or a computer level: random, easy, ai, hard, max)", i+1, k)
		}
		if k == Human {
			humans++
		}
		name := fmt.Sprintf("Player %d", i+1)
		if i < len(req.Names) {
			if n := cleanName(req.Names[i]); n != "" {
				name = n
			}
		}
		if k != Human {
			name += " (computer)"
		}
		st := Seat{Kind: k, Name: name}
		switch {
		case k != Human:
		case req.Seated || creator == engine.NoSeat:
			st.Token = newToken()
			if creator == engine.NoSeat {
				creator = engine.Seat(i)
				if req.Player != nil && !req.PassAndPlay {
					st.Player, st.Name = req.Player.ID, req.Player.Name
				}
			}
		default: // dealt once this seat is claimed (seats.go)
			st.Invite = newToken()
			cfg.Waiting = true
		}
		cfg.Seats = append(cfg.Seats, st)
	}
	var factions [][2]string // none while drafting
	if req.Preset == PresetFirstGame {
		req.Mode, req.Bases = "first-game", "sets"
		factions = FirstGameFactions[:n]
	}
	switch req.Mode {
	case "first-game": // chosen above
	case "draft":
		cfg.Draft, cfg.DraftPool = true, engine.PlayableFactions()
		if len(cfg.DraftPool) < 2*n {
			return CreateResponse{}, fmt.Errorf("only %d playable factions: not enough to draft for %d players", len(cfg.DraftPool), n)
		}
		cfg.First = rng.IntN(n)
	case "random", "":
		if req.Mode == "" && len(req.Factions) > 0 {
			req.Mode = "chosen"
		}
		fallthrough
	case "chosen":
		var chosen [][]string
		if req.Mode == "chosen" {
			chosen = req.Factions
		}
		var err error
		if factions, err = match.ChooseFactions(n, chosen, rng); err != nil {
			return CreateResponse{}, err
		}
	default:
		return CreateResponse{}, fmt.Errorf("unknown mode %q (chosen, random or draft)", req.Mode)
	}
	// every player is asked in every Me First window, and a question with
	// no real choice is put all the same (and answered by the server after
	// its pause), so that neither being asked nor when play goes on tells
	// anything about a hand (engine.RuleAskAll, engine.RuleStopNoChoice)
	openTable(&cfg, req) // public.go
	cfg.Setup = match.SetupFor(factions, seed, match.Options{AllBases: req.Bases == "all", AskAll: true, StopNoChoice: true})
	cfg.Setup.Goal = req.Goal
	if cfg.Draft {
		cfg.Setup.Players = make([]engine.SetupPlayer, n) // their factions once drafted (dealDrafted)
	}
	id := newID()
	raw, err := json.Marshal(cfg)
	if err != nil {
		return CreateResponse{}, err
	}
	// validate before storing: the game must start
	fp := engine.RulesFingerprint()
	l, err := rebuild(s, id, &store.Game{Config: raw, Fingerprint: fp})
	if err != nil {
		return CreateResponse{}, err
	}
	l.owner = ownerFrom(ctx)
	if l.computers && l.owner != "" && l.cfg.Sandbox == nil && l.cfg.Lesson == nil { // lessons and sandboxes have rates of their own
		s.budgetMu.Lock() // counted and added at once: concurrent requests do not all fit in the last place
		defer s.budgetMu.Unlock()
		if s.share != nil { // counted over every instance
			if err := s.ownGame(ctx, l); err != nil {
				return CreateResponse{}, err
			}
		} else if n, full := s.computerGamesFull(l.owner); full {
			return CreateResponse{}, TooManyComputerGames(n)
		}
	}
	var room bool
	s.withGames(func() { room = len(s.games) < s.MaxGames || s.sweepLocked(time.Now(), 1) })
	if !room {
		s.disown(l) // its budget place, if taken, is let go
		return CreateResponse{}, ErrBusy
	}
	if err := s.store.Create(ctx, id, raw, fp); err != nil {
		s.disown(l)
		return CreateResponse{}, err
	}
	l.touch()
	l.locked(func() {
		l.markLocked(ctx) // a computer seat may decide first (keep.go)
		l.listLocked(ctx) // an open table is listed (public.go)
	})
	s.withGames(func() { s.games[id] = l })
	s.kick(l)
	s.log().Info("game created", "game", id, "seats", strings.Join(req.Seats, ","), "mode", req.Mode, "people", humans)
	resp := CreateResponse{ID: id, Seat: int(creator), Host: cfg.Host, Spectator: "/g/" + id + "?t=" + cfg.Spectator}
	for i, st := range cfg.Seats {
		resp.Tokens = append(resp.Tokens, st.Token)
		switch {
		case st.Kind != Human:
			resp.Links = append(resp.Links, "")
		case i == int(creator) || req.Seated:
			resp.Links = append(resp.Links, "/g/"+id+"?t="+st.Token)
		case cfg.Public: // taken from the lobby, never by an invite link
			resp.Links = append(resp.Links, "")
		default:
			resp.Links = append(resp.Links, "/g/"+id+"?invite="+st.Invite)
		}
	}
	return resp, nil
}

// cleanName makes a player's name safe to show: printable characters only
// (no control characters, line breaks or direction overrides), spaces
// folded, at most 24 characters, cut between characters, never inside one.
func cleanName(s string) string {
	var b []rune
	space := false
	for _, r := range s {
		switch {
		case r == utf8.RuneError, unicode.Is(unicode.Bidi_Control, r), unicode.IsControl(r) && !unicode.IsSpace(r):
			continue
		case unicode.IsSpace(r):
			space = len(b) > 0
			continue
		case !unicode.IsPrint(r):
			continue
		}
		if space {
			b = append(b, ' ')
			space = false
		}
		b = append(b, r)
	}
	if len(b) > 24 {
		b = b[:24]
	}
	return strings.TrimSpace(string(b))
}
