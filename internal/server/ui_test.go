package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/table"
)

func TestCatalogIsRulesTextOnly(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "c.db"))
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	r, err := http.Get(ts.URL + "/api/catalog")
	if err != nil {
		t.Fatal(err)
	}
	var c Catalog
	json.NewDecoder(r.Body).Decode(&c)
	r.Body.Close()
	if len(c.Cards) < 200 || len(c.Factions) < 8 {
		t.Fatalf("catalog: %d cards, %d factions", len(c.Cards), len(c.Factions))
	}
	for k, cc := range c.Cards {
		for _, note := range []string{"(errata)", "(mandatory", "baseline)"} {
			if strings.Contains(cc.Text, note) {
				t.Errorf("%s keeps a note: %q", k, cc.Text)
			}
		}
	}
	for _, f := range c.Factions {
		if f.Set == "" {
			t.Errorf("faction %s has no set", f.Name)
		}
	}
	if r, _ := http.Get(ts.URL + "/favicon.ico"); r.StatusCode != 200 || r.Header.Get("Content-Type") != "image/svg+xml" {
		t.Fatalf("favicon: %s %s", r.Status, r.Header.Get("Content-Type"))
	}
}

func TestRematchKeepsSeatsAndFactions(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "r.db"))
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	// a fixed deal, so that a failure can be replayed
	cr, err := s.Create(context.Background(), table.CreateRequest{Seats: []string{"human", "ai"}, Names: []string{"Ada", "Bo"}, Mode: "random", Seed: seed(4)})
	if err != nil {
		t.Fatal(err)
	}
	token := strings.Split(cr.Links[0], "t=")[1]
	url := ts.URL + "/api/games/" + cr.ID + "/rematch?t=" + token
	if r, _ := http.Post(url, "", nil); r.StatusCode != 409 {
		t.Fatalf("a rematch of a running game: %s", r.Status)
	}
	if r, _ := http.Get(ts.URL + "/api/games/" + cr.ID + "/at?n=0&seat=1&t=" + token); r.StatusCode != 409 {
		t.Fatalf("the replay viewer showed a running game: %s", r.Status)
	}
	if playOverWS(t, ts.URL, cr.ID, token, 0, 5000) == 0 {
		t.Fatal("the person never got to decide")
	}
	// the replay viewer: any point of the finished game, from any seat
	for _, q := range []string{"n=0&seat=1", "n=5&seat=0", "n=99999"} {
		r, err := http.Get(ts.URL + "/api/games/" + cr.ID + "/at?t=" + token + "&" + q)
		if err != nil || r.StatusCode != 200 {
			t.Fatalf("at %s: %v %v", q, err, r.Status)
		}
		var f ReplayFrame
		json.NewDecoder(r.Body).Decode(&f)
		r.Body.Close()
		m := f.Message
		if m.Table == nil || f.Total < 5 || (q == "n=99999" && (!m.Table.Over || m.Move != f.Total || len(m.Events) == 0)) || (q == "n=0&seat=1" && (m.Move != 0 || len(m.Table.Hand) == 0)) {
			t.Fatalf("at %s: move %d of %d, table %v", q, m.Move, f.Total, m.Table != nil)
		}
	}
	if r, _ := http.Get(url); r.StatusCode != 404 {
		t.Fatalf("a rematch nobody asked for: %s", r.Status)
	}
	var first, again RematchResponse
	for _, into := range []*RematchResponse{&first, &again} {
		r, err := http.Post(url, "", nil)
		if err != nil || r.StatusCode != 200 {
			t.Fatalf("rematch: %v %v", err, r.Status)
		}
		json.NewDecoder(r.Body).Decode(into)
		r.Body.Close()
	}
	if first.ID == "" || first != again || !strings.HasPrefix(first.Link, "/g/"+first.ID+"?t=") {
		t.Fatalf("rematch: %+v then %+v", first, again)
	}
	oldGame, _ := s.Game(context.Background(), cr.ID)
	newGame, err := s.Game(context.Background(), first.ID)
	if err != nil {
		t.Fatal(err)
	}
	oc, lc := oldGame.Config(), newGame.Config()
	for i := range lc.Seats {
		if lc.Seats[i].Name != oc.Seats[i].Name || lc.Seats[i].Kind != oc.Seats[i].Kind ||
			strings.Join(lc.Setup.Players[i].Factions, "+") != strings.Join(oc.Setup.Players[i].Factions, "+") {
			t.Fatalf("seat %d: %+v %v, was %+v %v", i, lc.Seats[i], lc.Setup.Players[i].Factions, oc.Seats[i], oc.Setup.Players[i].Factions)
		}
	}
	if lc.Reproducible || lc.Setup.Seed == oc.Setup.Seed {
		t.Fatal("the rematch should have a new secret seed")
	}
}
