package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/longtest"
	"github.com/smashup/smashup/internal/match"
	"github.com/smashup/smashup/internal/present"
	"github.com/smashup/smashup/internal/table"
	"github.com/smashup/smashup/internal/wire"
)

// seatBytes is everything seat (None: the spectator) is sent about g: the
// table, the decision (with its lookahead) and the events as the browser
// gets them (wire), the log as the terminal's lines, and the terminal's
// screen for that seat.
func seatBytes(g *engine.Game, seat int, names present.Names) []byte {
	t, d := wire.Build(g, engine.Seat(seat), names)
	wire.Lookahead(g, engine.Seat(seat), names, d)
	var lines []string
	for _, e := range g.EventViews(engine.Seat(seat), 0) {
		lines = append(lines, present.Event(e, names))
	}
	b, err := json.Marshal(struct {
		Table    *wire.Table
		Decision *wire.Decision
		Events   []wire.Event
		Log      []string
	}{t, d, wire.SeatEvents(g, engine.Seat(seat)), lines})
	if err != nil {
		panic(err)
	}
	tv := g.View(engine.Seat(seat))
	tv.Names = names
	return append(b, present.Screen(&tv, lines)...)
}

// firstDiff shows where two messages part.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-120)
	return fmt.Sprintf("\n  real:     …%s…\n  re-dealt: …%s…", a[lo:min(len(a), i+80)], b[lo:min(len(b), i+80)])
}

// The hidden-information property: at every decision of random games (every
// faction, 2 to 4 players, titans in some), what each seat and the spectator
// is sent is byte for byte the same in the real game and in re-deals of
// everything that seat may not know (engine.Redeal: hands and decks
// re-dealt, and every card it may not know given another identity). A
// message that depends on a hidden card, by any path, fails it. It plays
// 200 games with SMASHUP_LONG=1 and 12 by default (norace_test.go).
func TestHiddenInformationProperty(t *testing.T) {
	names := present.Names{"Alice", "Bob", "Carol", "Dan"}
	decisions, compared := 0, 0
	games := longtest.Pick(hiddenShortGames, hiddenGames) // norace_test.go, race_test.go
	for game := 0; game < games; game++ {
		n := 2 + game%3
		fs, err := match.RandomFactions(n, uint64(game))
		if err != nil {
			t.Fatal(err)
		}
		setup := match.SetupFor(fs, uint64(game), match.Options{Titans: game%4 == 1, AllBases: game%2 == 0})
		setup.Options |= engine.RuleAskAll
		g, err := engine.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(game), 7))
		for step := 0; !g.Over && step < 1500; step++ {
			if step%hiddenEvery == 0 {
				decisions++
				for seat := engine.None; seat < n; seat++ {
					real := seatBytes(g, seat, names[:n])
					for k := 0; k < 2; k++ {
						alt := seatBytes(g.Redeal(engine.Seat(seat), uint64(step*8+k)), seat, names[:n])
						compared++
						if !bytes.Equal(real, alt) {
							who := "the spectator"
							if seat >= 0 {
								who = names[seat]
							}
							t.Fatalf("game %d (%v), decision %d: what %s is sent depends on cards %s may not know:%s",
								game, fs, step, who, who, firstDiff(real, alt))
						}
					}
				}
			}
			if err := g.ApplySafe(r.IntN(g.NumOptions())); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d games, %d decisions checked, %d re-deals compared", games, decisions, compared)
}

// Me First in a server game: a person may ask to be asked in every window
// (the play that follows is table's TestAutoPassSetting). The setting is
// refused to spectators and to malformed requests.
func TestAutoPassSetting(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "a.db"))
	ctx := context.Background()
	// Ninjas have Specials for the window before scoring
	resp, err := s.Create(ctx, table.CreateRequest{Seated: true, Seats: []string{"human", "human"},
		Factions: [][]string{{"Ninjas", "Pirates"}, {"Wizards", "Zombies"}}})
	if err != nil {
		t.Fatal(err)
	}
	h := s.Handler()
	post := func(token, body string) (int, Message) {
		req := httptest.NewRequest("POST", "/api/games/"+resp.ID+"/settings?t="+token, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var m Message
		json.Unmarshal(rec.Body.Bytes(), &m)
		return rec.Code, m
	}
	tok := func(link string) string { return link[strings.Index(link, "t=")+2:] }
	if code, _ := post(tok(resp.Spectator), `{"ask_every_window":true}`); code != 403 {
		t.Errorf("a spectator's setting: %d, want 403", code)
	}
	for _, bad := range []string{`{}`, `null`, `{"ask_every_window":1}`, `{"ask_every_window":true,"x":1}`, `{"ask_every_window":true,"auto_pass":false}`} {
		if code, _ := post(tok(resp.Links[1]), bad); code != 400 {
			t.Errorf("setting %s: %d, want 400", bad, code)
		}
	}
	if code, m := post(tok(resp.Links[0]), `{}`); code != 400 || m.Settings != nil {
		t.Fatalf("an empty setting: %d", code)
	}
	code, m := post(tok(resp.Links[1]), `{"ask_every_window":true}`)
	if code != 200 || m.Settings == nil || !m.Settings.AskEveryWindow {
		t.Fatalf("asking to be asked in every window: %d, %+v", code, m.Settings)
	}
	if code, m := post(tok(resp.Links[0]), `{"auto_pass":true}`); code != 200 || m.Settings == nil || m.Settings.AskEveryWindow {
		t.Fatalf("the older setting: %d, %+v", code, m.Settings)
	}
}
