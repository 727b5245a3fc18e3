package server

import (
	"errors"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/smashup/smashup/internal/cards"
	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/table"
	"github.com/smashup/smashup/internal/web"
	"github.com/smashup/smashup/internal/wire"
)

// handleFavicon serves the site's icon.
func handleFavicon(w http.ResponseWriter, r *http.Request) {
	b, err := web.Files.ReadFile("favicon.svg")
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Write(b)
}

// CatalogCard is what the page needs to draw a card it has only the key of.
type CatalogCard struct {
	Name       string   `json:"name"`
	Type       string   `json:"type"` // "minion", "action", "base", "titan"
	Power      int      `json:"power,omitempty"`
	Faction    string   `json:"faction,omitempty"`
	Set        string   `json:"set,omitempty"`
	Text       string   `json:"text"`              // as printed on the card, in our words (cards.Face)
	Rulings    []string `json:"rulings,omitempty"` // clarifications beside it
	Breakpoint int      `json:"breakpoint,omitempty"`
	VP         [3]int   `json:"vp,omitzero"`
}

// CatalogFaction is a faction as the lobby lists it.
type CatalogFaction struct {
	Name     string `json:"name"`
	Set      string `json:"set"`
	Playable bool   `json:"playable"`
}

// Catalog is every card and faction, keyed by card key.
type Catalog struct {
	Factions []CatalogFaction       `json:"factions"`
	Cards    map[string]CatalogCard `json:"cards"`
	// Phrases: what may be said at a table, by id (talk.go)
	Phrases []string `json:"phrases"`
}

// notes are remarks about the implementation kept in some card texts; a
// player reads rules text only.
var notes = regexp.MustCompile(`\s*\((errata|mandatory[^)]*|no limit per turn in this baseline|optional)\)`)

// rulesText is a card's text as a player reads it.
func rulesText(s string) string {
	return strings.TrimSpace(notes.ReplaceAllString(s, ""))
}

func (s *Server) handleCatalog(w http.ResponseWriter, r *http.Request) {
	c := Catalog{Cards: map[string]CatalogCard{}, Phrases: table.Phrases}
	sets := map[string]string{}
	for _, d := range engine.Defs() {
		cc := CatalogCard{Name: d.Name, Type: wire.TypeName(d.Type), Power: d.Power, Faction: d.Faction, Set: d.Set,
			Text: rulesText(d.Text), Breakpoint: d.Breakpoint, VP: d.VP}
		if f, ok := cards.FaceOf(d.Key); ok {
			cc.Text, cc.Rulings = f.Text, f.Rulings
		}
		c.Cards[d.Key] = cc
		if d.Faction != "" && d.Type != engine.BaseCard && sets[d.Faction] == "" {
			sets[d.Faction] = d.Set
		}
	}
	for _, f := range engine.Factions() {
		c.Factions = append(c.Factions, CatalogFaction{Name: f, Set: sets[f], Playable: engine.FactionPlayable(f)})
	}
	w.Header().Set("Cache-Control", "public, max-age=3600")
	writeJSON(w, 200, c)
}

// A rematch is one new game per finished game: the same seats, names,
// factions and bases with a fresh secret seed. The first person to ask
// creates it; the others find it and get their own seat's link. A seat's
// rematch key is given only to the key that held the seat when the game
// ended: the cache below holds every seat's key, and a request gets the
// key of the seat its own key holds, unless that seat was claimed after the
// end (table.Seat.Late: the host invited it again once its person had gone), which
// gets the spectators' link. So nobody but the person who held a seat at the
// end ever sees that seat's rematch key: not the host (whose key is no
// seat's), not another seat, not a later claimant of the seat.
var rematches = struct {
	sync.Mutex
	m map[rematchKey]table.CreateResponse
}{m: map[rematchKey]table.CreateResponse{}}

type rematchKey struct {
	s  *Server
	id string
}

// RematchResponse is a seat's invite to the rematch.
type RematchResponse struct {
	ID   string `json:"id"`
	Link string `json:"link"`
}

func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.lookup(w, r)
	if !ok {
		return
	}
	cfg := l.Config()
	if cfg.Sandbox != nil { // set once, when the game is made
		writeJSON(w, 409, apiError{"a sandbox game has no rematch: go back to its first decision instead"})
		return
	}
	if cfg.Lesson != nil { // set once, when the game is made
		writeJSON(w, 409, apiError{"a lesson has no rematch: start it again from the lessons page"})
		return
	}
	key := rematchKey{s, l.ID()}
	rematches.Lock()
	defer rematches.Unlock()
	resp, found := rematches.m[key]
	if !found {
		if r.Method != http.MethodPost {
			writeJSON(w, 404, apiError{"no rematch yet"})
			return
		}
		if seat == engine.NoSeat {
			writeJSON(w, 403, apiError{"spectators cannot start a rematch"})
			return
		}
		cfg := l.Config()
		over := l.Ended()
		req := table.CreateRequest{Mode: "chosen", Bases: "sets", Seated: true}
		req.PassAndPlay = cfg.SharedScreen
		req.Hints = cfg.Hints
		req.Goal, req.Preset = cfg.Setup.Goal, cfg.Preset // a first game's rematch is one too, with the same factions
		if cfg.Setup.AllBases {
			req.Bases = "all"
		}
		for i, st := range cfg.Seats {
			req.Seats = append(req.Seats, st.Kind)
			req.Names = append(req.Names, strings.TrimSuffix(st.Name, " (computer)"))
			req.Factions = append(req.Factions, append([]string(nil), cfg.Setup.Players[i].Factions...))
		}
		if !over {
			writeJSON(w, 409, apiError{"the game is not over"})
			return
		}
		var err error
		resp, err = s.Create(table.WithOwner(r.Context(), s.clientAddr(r)), req)
		var many table.TooManyComputerGames
		if errors.As(err, &many) {
			s.refused("computer-games")
			tooMany(w, 30, err.Error())
			return
		}
		if s.storeDown(w, r, err) {
			return
		}
		if err != nil {
			writeJSON(w, 400, apiError{err.Error()})
			return
		}
		rematches.m[key] = resp
	}
	out := RematchResponse{ID: resp.ID, Link: resp.Spectator}
	late := false
	if seat >= 0 {
		seats := l.Config().Seats
		late = int(seat) < len(seats) && seats[seat].Late
	}
	if seat >= 0 && !late && int(seat) < len(resp.Tokens) && resp.Tokens[seat] != "" {
		out.Link = "/g/" + resp.ID + "?t=" + resp.Tokens[seat] // the player's own seat's key, moved out of the address by the page
	}
	writeJSON(w, 200, out)
}

// ReplayFrame is a finished game as one seat (or a spectator) saw it after
// its first Move decisions: the in-browser replay viewer steps through them.
type ReplayFrame struct {
	Total   int     `json:"total"` // decisions in the whole game
	Message Message `json:"message"`
}

// handleAt serves the state of a finished game after n decisions, as seat
// sees it (?n=N&seat=S; seat -1 or absent: the spectator's view). Once the
// game is over nothing is hidden any more, so any seat's view may be asked.
func (s *Server) handleAt(w http.ResponseWriter, r *http.Request) {
	l, _, ok := s.lookup(w, r)
	if !ok {
		return
	}
	rep, err := l.ReplayFile()
	var seats []SeatInfo
	for _, st := range l.Config().Seats {
		seats = append(seats, SeatInfo{Name: st.Name, Kind: st.Kind})
	}
	names := l.Names()
	if err != nil {
		writeJSON(w, 409, apiError{err.Error()})
		return
	}
	seat := engine.NoSeat
	if n, err := strconv.Atoi(r.URL.Query().Get("seat")); err == nil && n >= 0 && n < len(seats) {
		seat = seatAt(n)
	}
	n, err := strconv.Atoi(r.URL.Query().Get("n"))
	if err != nil || n < 0 || n > len(rep.Moves) {
		n = len(rep.Moves)
	}
	g, err := engine.New(rep.Setup)
	if err != nil {
		writeJSON(w, 500, apiError{err.Error()})
		return
	}
	// the game's events as the seat saw them
	var lg wire.Log
	lg.Collect(g)
	for k := 0; k < n; k++ {
		if _, err := rep.Step(g, k, false); err != nil {
			writeJSON(w, 500, apiError{err.Error()})
			return
		}
		lg.Collect(g)
	}
	m := Message{Game: l.ID(), Move: n, Seat: int(seat), Seats: seats, Spectator: seat == engine.NoSeat, Goal: rep.Setup.GoalVP()}
	m.Events = lg.For(int(seat))
	m.Table, _ = wire.Build(g, seat, names) // no decision: a replay is watched, not played
	writeJSON(w, 200, ReplayFrame{Total: len(rep.Moves), Message: m})
}
