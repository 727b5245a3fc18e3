package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/smashup/smashup/internal/rating"
	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/table"
)

// Playing with anyone (docs/anyone.md): a lasting identity without
// passwords, the lobby's open tables and quick match, ratings, the
// leaderboard and the profiles. The game-side halves (a seat taken, a
// result recorded) are table's public.go; the rows, the store's players.go.
//
// An identity is a secret key the browser keeps (its storage) and sends in
// the X-Smashup-Player header; the store keeps only the key's SHA-256. Its
// public id names its profile (/p/{id}); its display name is unique
// (compared folded) and cleaned as seats' names are.

// identityHeader carries a browser's identity key.
const identityHeader = "X-Smashup-Player"

// Limits of identities and of what the lobby lists.
const (
	identityRate, identityBurst = 1.0 / 60, 5 // a burst of 5 identities (or renames), then one a minute
	maxListed                   = 50          // tables a lobby list holds
	maxBoard                    = 100         // players a leaderboard page holds
	maxHistory                  = 200         // games a profile lists
)

var (
	errUnknownIdentity = errors.New("this browser's identity key is not known to the server (it may come from another server, or be mistyped): the lobby makes a new identity")
	errNoIdentities    = errors.New("this server keeps no identities")
	errNoSuchPlayer    = errors.New("no player has this id")
)

// hashKey is what the store keeps of an identity's key.
func hashKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

// validKey reports whether key has an identity key's form (64 hex digits).
func validKey(key string) bool {
	if len(key) != 64 {
		return false
	}
	_, err := hex.DecodeString(key)
	return err == nil
}

func (s *Server) playerStore() store.Players {
	p, _ := s.store.(store.Players)
	return p
}

// identity is the request's identity: nil (and no error) when it sends
// none, errUnknownIdentity when its key is no identity's.
func (s *Server) identity(ctx context.Context, r *http.Request) (*table.Identity, error) {
	key := strings.TrimSpace(r.Header.Get(identityHeader))
	if key == "" {
		return nil, nil
	}
	ps := s.playerStore()
	if ps == nil {
		return nil, errNoIdentities
	}
	if !validKey(key) {
		return nil, errUnknownIdentity
	}
	p, err := ps.PlayerByKey(ctx, hashKey(key))
	if errors.Is(err, store.ErrNotFound) {
		return nil, errUnknownIdentity
	}
	if err != nil {
		return nil, err
	}
	return &table.Identity{ID: p.ID, Name: p.Name}, nil
}

// withIdentity answers a request's identity, or writes its error (401 for
// a key unknown, 503 when the store fails) and reports false. need: the
// request is refused without one.
func (s *Server) withIdentity(w http.ResponseWriter, r *http.Request, need bool) (*table.Identity, bool) {
	id, err := s.identity(r.Context(), r)
	if s.storeDown(w, r, err) {
		return nil, false
	}
	switch {
	case errors.Is(err, errNoIdentities):
		writeJSON(w, http.StatusNotImplemented, apiError{err.Error()})
		return nil, false
	case err != nil:
		writeJSON(w, http.StatusUnauthorized, apiError{err.Error()})
		return nil, false
	case id == nil && need:
		writeJSON(w, http.StatusUnauthorized, apiError{table.ErrNeedIdentity.Error()})
		return nil, false
	}
	return id, true
}

// checkPlayerName validates a display name: what cleaning keeps must be
// what was sent (spaces folded), 1 to 24 characters, and not a
// computer's.
func checkPlayerName(name string) (string, error) {
	clean := table.CleanName(name)
	folded := strings.Join(strings.Fields(name), " ")
	switch {
	case folded == "":
		return "", errors.New("choose a name: 1 to 24 letters, digits, spaces or signs")
	case clean != folded:
		if len([]rune(folded)) > 24 {
			return "", fmt.Errorf("the name is %d characters long: at most 24, please", len([]rune(folded)))
		}
		return "", errors.New("the name holds characters that cannot be shown (control or direction characters): use letters, digits, spaces and signs")
	case strings.Contains(strings.ToLower(clean), "(computer)"):
		return "", errors.New(`a person's name cannot say "(computer)": the computer's seats are named so`)
	}
	return clean, nil
}

// PlayerRequest is what POST /api/players and POST /api/me/name accept.
type PlayerRequest struct {
	Name string `json:"name"`
}

// PlayerResponse is a new identity: its key is given once, here.
type PlayerResponse struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Key  string `json:"key,omitempty"`
}

// Me is what GET /api/me tells a browser of its identity.
type Me struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Rating int    `json:"rating"`
	Games  int    `json:"games"`
	Wins   int    `json:"wins"`
	// Passkeys: how many passkeys protect the identity (GET /api/me
	// only: passkey.go).
	Passkeys int `json:"passkeys,omitempty"`
}

func (s *Server) handleNewPlayer(w http.ResponseWriter, r *http.Request) {
	ps := s.playerStore()
	if ps == nil {
		writeJSON(w, http.StatusNotImplemented, apiError{errNoIdentities.Error()})
		return
	}
	var req PlayerRequest
	if !readJSON(w, r, 1024, &req, true) {
		return
	}
	name, err := checkPlayerName(req.Name)
	if err != nil {
		writeJSON(w, 400, apiError{err.Error()})
		return
	}
	key := randomHex(32)
	rt := rating.New()
	p := store.Player{ID: randomHex(8), Name: name, KeyHash: hashKey(key), Mu: rt.Mu, Sigma: rt.Sigma}
	err = ps.CreatePlayer(r.Context(), p)
	if s.storeDown(w, r, err) {
		return
	}
	if errors.Is(err, store.ErrNameTaken) {
		writeJSON(w, 409, apiError{fmt.Sprintf("the name %q is taken: choose another", name)})
		return
	}
	if err != nil {
		writeJSON(w, 500, apiError{err.Error()})
		return
	}
	s.log().Info("identity created", "player", p.ID)
	writeJSON(w, 201, PlayerResponse{ID: p.ID, Name: p.Name, Key: key})
}

func (s *Server) handleMe(w http.ResponseWriter, r *http.Request) {
	id, ok := s.withIdentity(w, r, true)
	if !ok {
		return
	}
	p, err := s.playerStore().Player(r.Context(), id.ID)
	if s.storeDown(w, r, err) {
		return
	}
	if err != nil {
		writeJSON(w, 404, apiError{errUnknownIdentity.Error()})
		return
	}
	me := meOf(p)
	if ps := s.passkeyStore(); ps != nil {
		keys, err := ps.PlayerPasskeys(r.Context(), p.ID)
		if s.storeDown(w, r, err) {
			return
		}
		me.Passkeys = len(keys)
	}
	writeJSON(w, 200, me)
}

func meOf(p store.Player) Me {
	return Me{ID: p.ID, Name: p.Name, Rating: ratingOf(p), Games: p.Games, Wins: p.Wins}
}

func ratingOf(p store.Player) int { return rating.Rating{Mu: p.Mu, Sigma: p.Sigma}.Display() }

func (s *Server) handleRename(w http.ResponseWriter, r *http.Request) {
	id, ok := s.withIdentity(w, r, true)
	if !ok {
		return
	}
	var req PlayerRequest
	if !readJSON(w, r, 1024, &req, true) {
		return
	}
	name, err := checkPlayerName(req.Name)
	if err != nil {
		writeJSON(w, 400, apiError{err.Error()})
		return
	}
	err = s.playerStore().RenamePlayer(r.Context(), id.ID, name)
	if s.storeDown(w, r, err) {
		return
	}
	if errors.Is(err, store.ErrNameTaken) {
		writeJSON(w, 409, apiError{fmt.Sprintf("the name %q is taken: choose another", name)})
		return
	}
	if err != nil {
		writeJSON(w, 404, apiError{errUnknownIdentity.Error()})
		return
	}
	writeJSON(w, 200, PlayerResponse{ID: id.ID, Name: name})
}

// TablesResponse is GET /api/tables: the open tables (or the live public
// games), the longest waiting first.
type TablesResponse struct {
	Tables []table.PublicTable `json:"tables"`
}

func (s *Server) handleTables(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	status := q.Get("status")
	if status == "" {
		status = store.ListOpen
	}
	if status != store.ListOpen && status != store.ListLive {
		writeJSON(w, 400, apiError{`status: "open" (tables with free seats) or "live" (games to watch)`})
		return
	}
	seats := 0
	if v := q.Get("players"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 2 || n > 4 {
			writeJSON(w, 400, apiError{"players: 2, 3 or 4 (or none: any)"})
			return
		}
		seats = n
	}
	ts, err := s.PublicTables(r.Context(), status, seats, maxListed)
	if s.storeDown(w, r, err) {
		return
	}
	if err != nil {
		writeJSON(w, http.StatusNotImplemented, apiError{err.Error()})
		return
	}
	writeJSON(w, 200, TablesResponse{Tables: ts})
}

// TakeRequest is what POST /api/tables/{id}/take accepts.
type TakeRequest struct {
	HintsOK bool `json:"hints_ok"`
}

func (s *Server) handleTake(w http.ResponseWriter, r *http.Request) {
	var req TakeRequest
	if !readJSON(w, r, 1024, &req, true) {
		return
	}
	who, ok := s.withIdentity(w, r, true)
	if !ok {
		return
	}
	resp, err := s.TakeSeat(r.Context(), r.PathValue("id"), *who, req.HintsOK)
	if errors.Is(err, table.ErrAlreadySeated) && resp.Token != "" {
		err = nil // their own seat again
	}
	if err != nil {
		s.anyoneError(w, r, err)
		return
	}
	writeJSON(w, 200, resp)
}

func (s *Server) handleQuick(w http.ResponseWriter, r *http.Request) {
	var req table.QuickRequest
	if !readJSON(w, r, 1024, &req, true) {
		return
	}
	who, ok := s.withIdentity(w, r, true)
	if !ok {
		return
	}
	resp, err := s.QuickMatch(table.WithOwner(r.Context(), s.clientAddr(r)), *who, req)
	if err != nil {
		s.anyoneError(w, r, err)
		return
	}
	writeJSON(w, 200, resp)
}

// anyoneError answers a refused take or quick match.
func (s *Server) anyoneError(w http.ResponseWriter, r *http.Request, err error) {
	if s.storeDown(w, r, err) {
		return
	}
	code := 400
	switch {
	case errors.Is(err, table.ErrNotOpen), errors.Is(err, store.ErrNotFound):
		code, err = 404, table.ErrNotOpen
	case errors.Is(err, table.ErrTableFull), errors.Is(err, table.ErrAlreadySeated):
		code = 409
	case errors.Is(err, table.ErrNotForYou):
		code = http.StatusForbidden
	case errors.Is(err, table.ErrHintsConsent):
		code = http.StatusPreconditionRequired
	case errors.Is(err, table.ErrBusy):
		code = http.StatusServiceUnavailable
		w.Header().Set("Retry-After", "60")
	}
	writeJSON(w, code, apiError{err.Error()})
}

// BoardEntry is one line of the leaderboard.
type BoardEntry struct {
	Rank   int    `json:"rank"`
	ID     string `json:"id"`
	Name   string `json:"name"`
	Rating int    `json:"rating"`
	Games  int    `json:"games"`
	Wins   int    `json:"wins"`
}

// Board is GET /api/leaderboard.
type Board struct {
	Players []BoardEntry `json:"players"`
	Offset  int          `json:"offset"`
}

// intParam reads a whole number parameter between lo and hi (def when
// absent), writing the error itself.
func intParam(w http.ResponseWriter, r *http.Request, name string, def, lo, hi int) (int, bool) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		writeJSON(w, 400, apiError{fmt.Sprintf("%s: a whole number from %d to %d", name, lo, hi)})
		return 0, false
	}
	return n, true
}

func (s *Server) handleLeaderboard(w http.ResponseWriter, r *http.Request) {
	ps := s.playerStore()
	if ps == nil {
		writeJSON(w, http.StatusNotImplemented, apiError{errNoIdentities.Error()})
		return
	}
	limit, ok := intParam(w, r, "limit", 50, 1, maxBoard)
	if !ok {
		return
	}
	offset, ok := intParam(w, r, "offset", 0, 0, 1_000_000)
	if !ok {
		return
	}
	list, err := ps.Leaderboard(r.Context(), limit, offset)
	if s.storeDown(w, r, err) {
		return
	}
	b := Board{Players: []BoardEntry{}, Offset: offset}
	for i, p := range list {
		b.Players = append(b.Players, BoardEntry{Rank: offset + i + 1, ID: p.ID, Name: p.Name, Rating: ratingOf(p), Games: p.Games, Wins: p.Wins})
	}
	writeJSON(w, 200, b)
}

// Profile is GET /api/players/{id}: a player's public page.
type Profile struct {
	Me
	Played []Played `json:"played"` // newest first
	Pairs  []Pair   `json:"pairs"`  // by games played
	// History: the rating after each rated game, oldest first.
	History []Point `json:"history"`
}

// Played is one game on a profile.
type Played struct {
	Game     string `json:"game"`
	At       int64  `json:"at"` // unix ms
	Seat     int    `json:"seat"`
	Place    int    `json:"place"`
	Players  int    `json:"players"`
	Factions string `json:"factions"`
	Rated    bool   `json:"rated"`
	Forfeit  bool   `json:"forfeit,omitempty"`
	Before   int    `json:"before,omitempty"`
	After    int    `json:"after,omitempty"`
	Delta    int    `json:"delta,omitempty"`
	// Replay and Review: the game's replay and game-over screen (with its
	// review), absent once the game is no longer kept.
	Replay string `json:"replay,omitempty"`
	Review string `json:"review,omitempty"`
}

// Pair is a faction pair's record on a profile.
type Pair struct {
	Factions string `json:"factions"`
	Games    int    `json:"games"`
	Wins     int    `json:"wins"`
}

// Point is one point of a rating history.
type Point struct {
	At     int64  `json:"at"`
	Game   string `json:"game"`
	Rating int    `json:"rating"`
}

func (s *Server) handleProfile(w http.ResponseWriter, r *http.Request) {
	ps := s.playerStore()
	if ps == nil {
		writeJSON(w, http.StatusNotImplemented, apiError{errNoIdentities.Error()})
		return
	}
	id := r.PathValue("id")
	if len(id) != 16 {
		writeJSON(w, 404, apiError{errNoSuchPlayer.Error()})
		return
	}
	p, err := ps.Player(r.Context(), id)
	if s.storeDown(w, r, err) {
		return
	}
	if err != nil {
		writeJSON(w, 404, apiError{errNoSuchPlayer.Error()})
		return
	}
	rows, err := ps.PlayerResults(r.Context(), id, maxHistory)
	if s.storeDown(w, r, err) {
		return
	}
	writeJSON(w, 200, s.profileOf(r.Context(), ps, p, rows))
}

// profileOf builds a profile from a player's results (newest first).
func (s *Server) profileOf(ctx context.Context, ps store.Players, p store.Player, rows []store.Result) Profile {
	pr := Profile{Me: meOf(p), Played: []Played{}, Pairs: []Pair{}, History: []Point{}}
	pairs := map[string]*Pair{}
	for _, x := range rows {
		pl := Played{Game: x.Game, At: x.At.UnixMilli(), Seat: x.Seat, Place: x.Place, Factions: x.Factions, Rated: x.Rated, Forfeit: x.Forfeit}
		if x.Rated {
			pl.Before = rating.Rating{Mu: x.Before.Mu, Sigma: x.Before.Sigma}.Display()
			pl.After = rating.Rating{Mu: x.After.Mu, Sigma: x.After.Sigma}.Display()
			pl.Delta = pl.After - pl.Before
		}
		if l, err := ps.Listing(ctx, x.Game); err == nil {
			pl.Players = l.Seats
			if t, ok := watchOf(l); ok {
				pl.Replay, pl.Review = t+"&replay=1", t
			}
		}
		pr.Played = append(pr.Played, pl)
		if x.Factions != "" {
			pa := pairs[x.Factions]
			if pa == nil {
				pa = &Pair{Factions: x.Factions}
				pairs[x.Factions] = pa
			}
			pa.Games++
			if x.Place == 0 && !x.Forfeit {
				pa.Wins++
			}
		}
	}
	for i := len(rows) - 1; i >= 0; i-- {
		if x := rows[i]; x.Rated {
			pr.History = append(pr.History, Point{At: x.At.UnixMilli(), Game: x.Game, Rating: rating.Rating{Mu: x.After.Mu, Sigma: x.After.Sigma}.Display()})
		}
	}
	for _, pa := range pairs {
		pr.Pairs = append(pr.Pairs, *pa)
	}
	sort.Slice(pr.Pairs, func(i, j int) bool {
		a, b := pr.Pairs[i], pr.Pairs[j]
		if a.Games != b.Games {
			return a.Games > b.Games
		}
		return a.Factions < b.Factions
	})
	return pr
}

// watchOf is a finished public game's spectators' link, from its listing.
func watchOf(l store.Listing) (string, bool) {
	var p table.PublicTable
	if err := json.Unmarshal(l.Info, &p); err != nil || p.Watch == "" || p.Status != store.ListOver {
		return "", false
	}
	return p.Watch, true
}

// MyGames is GET /api/me/games: the games the person sits at on this
// server, those waiting on their decision first, each with the seat's key
// (theirs, on any device: docs/anyone.md).
type MyGames struct {
	Games []MyGame `json:"games"`
}

// MyGame is one game of "My games".
type MyGame struct {
	Game     string `json:"game"`
	Seat     int    `json:"seat"`
	Token    string `json:"token"`
	Names    string `json:"names"`
	YourTurn bool   `json:"your_turn,omitempty"`
	Over     bool   `json:"over,omitempty"`
	Updated  int64  `json:"updated"` // unix ms
}

// maxMyGames: games "My games" lists.
const maxMyGames = 50

func (s *Server) handleMyGames(w http.ResponseWriter, r *http.Request) {
	ss, _ := s.store.(store.Seats)
	if ss == nil {
		writeJSON(w, http.StatusNotImplemented, apiError{errNoIdentities.Error()})
		return
	}
	who, ok := s.withIdentity(w, r, true)
	if !ok {
		return
	}
	rows, err := ss.PlayerSeats(r.Context(), who.ID, maxMyGames)
	if s.storeDown(w, r, err) {
		return
	}
	if err != nil {
		writeJSON(w, 500, apiError{err.Error()})
		return
	}
	out := MyGames{Games: []MyGame{}}
	for _, x := range rows {
		out.Games = append(out.Games, MyGame{Game: x.Game, Seat: x.Seat, Token: x.Token, Names: x.Names, YourTurn: x.Turn, Over: x.Over, Updated: x.Updated.UnixMilli()})
	}
	writeJSON(w, 200, out)
}
