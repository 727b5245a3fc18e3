package server

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// The passkey ceremonies' server halves (the whole of them, with a
// browser's authenticator, is e2e/anyone.mjs): a registration is begun only
// with an identity, for the request's own origin; a ceremony is answered
// once, by the identity that began it; what is not a credential is refused
// with the reason, and nothing is kept.
func TestPasskeyCeremoniesRefuseWhatTheyShould(t *testing.T) {
	s := newSQLiteServer(t, filepath.Join(t.TempDir(), "pk.db"))
	s.identityLimit = newLimiter(1e6, 1e6)
	h := s.Handler()
	ann, ben := newIdentity(t, h, "Ann"), newIdentity(t, h, "Ben")
	if code, _ := call(h, "POST", "/api/me/passkey/begin", "", `{}`); code != 401 {
		t.Errorf("a registration without an identity: %d", code)
	}
	code, body := call(h, "POST", "/api/me/passkey/begin", ann.Key, `{}`)
	var c struct {
		Ceremony string `json:"ceremony"`
		Options  struct {
			PublicKey struct {
				Challenge string              `json:"challenge"`
				RP        struct{ ID string } `json:"rp"`
				User      struct {
					ID   string `json:"id"`
					Name string `json:"name"`
				} `json:"user"`
			} `json:"publicKey"`
		} `json:"options"`
	}
	if json.Unmarshal([]byte(body), &c); code != 200 || len(c.Ceremony) != 32 || c.Options.PublicKey.Challenge == "" || c.Options.PublicKey.RP.ID != "example.com" || c.Options.PublicKey.User.Name != "Ann" {
		t.Fatalf("begin: %d %s", code, body)
	}
	if strings.Contains(body, ann.Key) {
		t.Fatal("the ceremony tells the identity's key")
	}
	finish := "/api/me/passkey/finish?ceremony=" + c.Ceremony
	if code, body := call(h, "POST", finish, ben.Key, `{}`); code != 400 || !strings.Contains(body, "unknown or has expired") {
		t.Errorf("another identity finishes Ann's ceremony: %d %s", code, body)
	}
	// Ben's try took the ceremony: Ann begins again
	_, body = call(h, "POST", "/api/me/passkey/begin", ann.Key, `{}`)
	json.Unmarshal([]byte(body), &c)
	finish = "/api/me/passkey/finish?ceremony=" + c.Ceremony
	if code, body := call(h, "POST", finish, ann.Key, `{"id":"x","type":"public-key"}`); code != 400 || !strings.Contains(body, "not accepted") {
		t.Errorf("a registration that is no credential: %d %s", code, body)
	}
	if code, _ := call(h, "POST", finish, ann.Key, `{}`); code != 400 {
		t.Errorf("a ceremony answered twice: %d", code)
	}
	for _, q := range []string{"", "?ceremony=short", "?ceremony=" + strings.Repeat("0", 32)} {
		if code, _ := call(h, "POST", "/api/me/passkey/finish"+q, ann.Key, `{}`); code != 400 {
			t.Errorf("finish%s: %d", q, code)
		}
	}
	_, body = call(h, "GET", "/api/me", ann.Key, "")
	if strings.Contains(body, "passkeys") {
		t.Fatalf("a refused registration was kept: %s", body)
	}

	// a sign-in needs no identity, and gives none for what is no assertion
	code, body = call(h, "POST", "/api/passkey/begin", "", `{}`)
	if json.Unmarshal([]byte(body), &c); code != 200 || len(c.Ceremony) != 32 {
		t.Fatalf("sign-in begin: %d %s", code, body)
	}
	if code, body := call(h, "POST", "/api/passkey/finish?ceremony="+c.Ceremony, "", `{"id":"x","type":"public-key","response":{}}`); code != 400 || strings.Contains(body, `"key"`) {
		t.Errorf("a sign-in that is no assertion: %d %s", code, body)
	}
	// a registration's ceremony is not a sign-in's
	_, body = call(h, "POST", "/api/me/passkey/begin", ann.Key, `{}`)
	json.Unmarshal([]byte(body), &c)
	if code, _ := call(h, "POST", "/api/passkey/finish?ceremony="+c.Ceremony, "", `{}`); code != 400 {
		t.Errorf("a registration's ceremony finishes a sign-in: %d", code)
	}
}
