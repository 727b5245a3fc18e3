package server

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/table"
)

// A pass-and-play game: the creator's screen holds every person's seat, the
// cards are dealt at once, and every person is asked in every Me First
// window (so that the screen handed over tells nothing), after a restart too.
func TestPassAndPlay(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pnp.db")
	s := newSQLiteServer(t, path)
	a := seatAPI{t, s.Handler()}
	code, b := a.call("POST", "/api/games", "", `{"seats":["human","easy","human"],"mode":"random","pass_and_play":true}`)
	var cr table.CreateResponse
	if code != 200 || json.Unmarshal(b, &cr) != nil {
		t.Fatalf("create: %d %s", code, b)
	}
	if cr.Host != "" || !strings.Contains(cr.Links[0], "?t=") || cr.Links[1] != "" || !strings.Contains(cr.Links[2], "?t=") {
		t.Fatalf("the creator should hold both people's keys and no host key: %+v", cr)
	}
	for _, seat := range []int{0, 2} {
		code, m := a.state(cr.ID, tokenOf(cr.Links[seat]))
		if code != 200 || m.Waiting || m.Table == nil || m.Seat != seat {
			t.Fatalf("seat %d: %d, waiting %v, table %v", seat, code, m.Waiting, m.Table != nil)
		}
		if m.Settings == nil || !m.Settings.AskEveryWindow {
			t.Fatalf("seat %d is not asked in every window: %+v", seat, m.Settings)
		}
	}
	// a person may turn it off for their own seat
	if code, b := a.call("POST", "/api/games/"+cr.ID+"/settings", tokenOf(cr.Links[2]), `{"ask_every_window":false}`); code != 200 {
		t.Fatalf("settings: %d %s", code, b)
	}
	if _, m := a.state(cr.ID, tokenOf(cr.Links[2])); m.Settings.AskEveryWindow {
		t.Fatal("the setting was not changed")
	}

	// after a restart the game is still a pass-and-play one
	s.Close()
	s.store.Close()
	st, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	s2 := New(st)
	t.Cleanup(func() { s2.Close(); st.Close() })
	a2 := seatAPI{t, s2.Handler()}
	if _, m := a2.state(cr.ID, tokenOf(cr.Links[0])); m.Settings == nil || !m.Settings.AskEveryWindow {
		t.Fatalf("after a restart: %+v", m.Settings)
	}

	// an ordinary game is not: its people are invited and asked only when
	// they hold something to play
	code, b = a2.call("POST", "/api/games", "", `{"seats":["human","human"],"mode":"random"}`)
	var cr2 table.CreateResponse
	if code != 200 || json.Unmarshal(b, &cr2) != nil || !strings.Contains(cr2.Links[1], "?invite=") {
		t.Fatalf("create: %d %s", code, b)
	}
	if _, m := a2.state(cr2.ID, tokenOf(cr2.Links[0])); m.Settings != nil && m.Settings.AskEveryWindow {
		t.Fatal("an ordinary game asks in every window")
	}
}
