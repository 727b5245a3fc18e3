package server

import (
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/push"
	"github.com/smashup/smashup/internal/push/pushtest"
	"github.com/smashup/smashup/internal/table"
)

// "Your turn" reaches a closed page: a person subscribes their browser
// (checked: a push service's address and a browser's keys), and each
// decision a turn-based game asks them while no page of theirs is open
// arrives at the browser's push service, encrypted to the browser and
// signed with the server's key, with a link to their seat.
func TestYourTurnReachesAClosedPage(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "push.db"))
	s.identityLimit = newLimiter(1e6, 1e6)
	s.SetTurnUnit(time.Hour)
	h := s.Handler()
	code, body := call(h, "GET", "/api/push/key", "", "")
	var key PushKey
	if json.Unmarshal([]byte(body), &key); code != 200 || len(key.Key) != 87 {
		t.Fatalf("the key: %d %s", code, body)
	}
	rcv := pushtest.New(func() string { return key.Key })
	defer rcv.Close()
	ann := newIdentity(t, h, "Ann")
	sub := mustJSON(rcv.Subscription("ann"))
	if code, _ := call(h, "POST", "/api/me/push", "", sub); code != 401 {
		t.Errorf("a subscription without an identity: %d", code)
	}
	if code, body := call(h, "POST", "/api/me/push", ann.Key, sub); code != 400 || !strings.Contains(body, "push service") {
		t.Errorf("a local receiver the operator did not allow: %d %s", code, body)
	}
	s.SetPushHosts([]string{rcv.Origin()}, "https://smashup.example")
	for _, bad := range []string{`{"endpoint":"https://fcm.googleapis.com/x","keys":{"p256dh":"AAAA","auth":"AAAAAAAAAAAAAAAAAAAAAA"}}`, `{"endpoint":1}`, `[]`} {
		if code, _ := call(h, "POST", "/api/me/push", ann.Key, bad); code != 400 {
			t.Errorf("subscription %s: %d", bad, code)
		}
	}
	if code, body := call(h, "POST", "/api/me/push", ann.Key, sub); code != 204 {
		t.Fatalf("subscribing: %d %s", code, body)
	}
	if code, body := call(h, "POST", "/api/games", ann.Key, `{"seats":["human","normal"],"turn_hours":`+mustJSON(table.MaxTurnHours+1)+`}`); code != 400 {
		t.Errorf("turn_hours over the longest: %d %s", code, body)
	}
	code, body = call(h, "POST", "/api/games", ann.Key, `{"seats":["human","normal"],"mode":"random","turn_hours":24}`)
	if code != 200 && code != 201 {
		t.Fatalf("a turn-based game: %d %s", code, body)
	}
	var cr table.CreateResponse
	json.Unmarshal([]byte(body), &cr)
	var m push.Notice
	select {
	case got := <-rcv.C:
		if got.Err != nil {
			t.Fatalf("the message as received: %v", got.Err)
		}
		if err := json.Unmarshal(got.Payload, &m); err != nil {
			t.Fatalf("the message: %q", got.Payload)
		}
		if ttl := got.TTL; ttl < "8" || len(ttl) != 5 { // about a day, in seconds
			t.Errorf("TTL %s", ttl)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no message for Ann's first decision")
	}
	u, _ := url.Parse(m.URL)
	link, _ := url.Parse(cr.Links[cr.Seat])
	if m.Title != "Your turn" || u.Path != "/g/"+cr.ID || u.Query().Get("t") == "" || u.Query().Get("t") != link.Query().Get("t") || !strings.Contains(m.Body, "Ann") || !strings.Contains(m.Body, "24 hours") {
		t.Fatalf("the message: %+v", m)
	}
	// the browser is forgotten
	if code, _ := call(h, "DELETE", "/api/me/push", ann.Key, `{"endpoint":`+mustJSON(rcv.Subscription("ann")["endpoint"])+`}`); code != 204 {
		t.Fatalf("unsubscribing: %d", code)
	}
	if subs, _ := s.push.Send(t.Context(), ann.ID, []byte("{}"), time.Hour); subs != 0 {
		t.Fatal("a forgotten browser was sent a message")
	}
	// the page's files
	for path, ctype := range map[string]string{"/sw.js": "text/javascript", "/manifest.webmanifest": "application/manifest+json", "/static/icon-192.png": "image/png", "/static/icon-512.png": "image/png"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), ctype) {
			t.Errorf("%s: %d %s", path, rec.Code, rec.Header().Get("Content-Type"))
		}
	}
	var man struct {
		Icons []struct{ Src, Sizes string }
	}
	_, mb := call(h, "GET", "/manifest.webmanifest", "", "")
	if err := json.Unmarshal([]byte(mb), &man); err != nil || len(man.Icons) < 2 {
		t.Fatalf("the manifest: %v %s", err, mb)
	}
}
