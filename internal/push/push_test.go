package push

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smashup/smashup/internal/push/pushtest"
	"github.com/smashup/smashup/internal/store"
)

func subOf(m map[string]any) Subscription {
	b, _ := json.Marshal(m)
	var s Subscription
	json.Unmarshal(b, &s)
	return s
}

// Only a push service's address and a browser's keys are accepted.
func TestSubscriptionsAreChecked(t *testing.T) {
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	p := New(st)
	r := pushtest.New(func() string { return "" })
	defer r.Close()
	good := subOf(r.Subscription("a"))
	if err := p.Check(good); err == nil {
		t.Fatal("a local address was accepted without the operator's leave")
	}
	p.Hosts = append(p.Hosts, r.Origin())
	if err := p.Check(good); err != nil {
		t.Fatal(err)
	}
	for name, endpoint := range map[string]string{
		"plain http":         "http://fcm.googleapis.com/fcm/send/x",
		"a lookalike":        "https://fcm.googleapis.com.evil.example/x",
		"a suffix in a name": "https://evilfcm.googleapis.com.example/x",
		"a user":             "https://u:p@fcm.googleapis.com/x",
		"not a URL":          "::",
		"an internal host":   "https://169.254.169.254/latest",
		"too long":           "https://fcm.googleapis.com/" + strings.Repeat("x", 2000),
	} {
		s := good
		s.Endpoint = endpoint
		if err := p.Check(s); err == nil {
			t.Errorf("%s accepted: %s", name, endpoint)
		}
	}
	s := good
	s.Endpoint = "https://fcm.googleapis.com/fcm/send/abc"
	if err := p.Check(s); err != nil {
		t.Errorf("Chrome's push service refused: %v", err)
	}
	s.Endpoint = "https://web.push.apple.com/abc"
	if err := p.Check(s); err != nil {
		t.Errorf("Safari's push service refused: %v", err)
	}
	bad := good
	bad.Keys.P256dh = "AAAA"
	if p.Check(bad) == nil {
		t.Error("a key that is no P-256 point accepted")
	}
	bad = good
	bad.Keys.Auth = "AAAA"
	if p.Check(bad) == nil {
		t.Error("a short auth secret accepted")
	}
}

// A message reaches the subscribed browser encrypted to its keys and
// signed with the server's VAPID key; a subscription its push service says
// is gone is forgotten.
func TestAMessageReachesTheBrowser(t *testing.T) {
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	p := New(st)
	ctx := context.Background()
	key, err := p.Key(ctx)
	if err != nil {
		t.Fatal(err)
	}
	r := pushtest.New(func() string { return key })
	defer r.Close()
	p.Hosts = append(p.Hosts, r.Origin())
	if err := p.Subscribe(ctx, "ann", subOf(r.Subscription("ann"))); err != nil {
		t.Fatal(err)
	}
	n := Notice{Title: "Your turn", Body: "Ann, Ben: the table waits for you", URL: "/g/abc?t=k", Tag: "game-abc"}
	sent, err := p.Send(ctx, "ann", Payload(n), 3*time.Hour)
	if err != nil || sent != 1 {
		t.Fatalf("sent %d: %v", sent, err)
	}
	got := r.Got()
	if len(got) != 1 || got[0].Err != nil {
		t.Fatalf("received %+v", got)
	}
	var back Notice
	if err := json.Unmarshal(got[0].Payload, &back); err != nil || back != n {
		t.Fatalf("decrypted %q (%v), sent %+v", got[0].Payload, err, n)
	}
	if got[0].TTL != "10800" || got[0].Urgency != "normal" {
		t.Fatalf("TTL %q, urgency %q", got[0].TTL, got[0].Urgency)
	}
	if sent, _ := p.Send(ctx, "ben", Payload(n), time.Hour); sent != 0 || len(r.Got()) != 1 {
		t.Fatal("a message for someone without a subscription was sent")
	}
	r.Status = http.StatusGone
	p.Send(ctx, "ann", Payload(n), time.Hour)
	if subs, _ := st.Subscriptions(ctx, "ann"); len(subs) != 0 {
		t.Fatalf("a subscription gone is kept: %+v", subs)
	}
}
