package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/smashup/smashup/internal/store"
)

// Passkeys (docs/anyone.md): a person protects their identity with a
// passkey from a browser that holds it, and carries it to another browser
// by signing in there with the passkey, which gives that browser a key of
// its own for the same identity. The WebAuthn ceremonies are the
// go-webauthn library's; their challenges wait in the store between the
// two requests of a ceremony (taken once), so that any instance answers
// either.
//
//	POST /api/me/passkey/begin   (X-Smashup-Player) → {ceremony, options}
//	POST /api/me/passkey/finish?ceremony=ID   (X-Smashup-Player, the credential) → {passkeys}
//	POST /api/passkey/begin      → {ceremony, options}
//	POST /api/passkey/finish?ceremony=ID   (the assertion) → {id, name, key}
//
// The relying party is the server's public origin (Server.Origin, the
// --origin flag), else the request's own (its Host, and its scheme: TLS, or
// X-Forwarded-Proto behind a trusted proxy).

// ceremonyFor is how long a ceremony waits for its second request.
const ceremonyFor = 5 * time.Minute

// passkeyRate, passkeyBurst: ceremonies begun an address (a burst of 10,
// then one every 10 seconds).
const passkeyRate, passkeyBurst = 0.1, 10

// maxCredentialBytes: the largest credential or assertion a browser sends.
const maxCredentialBytes = 64 << 10

var errNoPasskeys = errors.New("this server keeps no passkeys")

// passkeyUser is an identity as the WebAuthn library sees it.
type passkeyUser struct {
	p     store.Player
	creds []webauthn.Credential
}

func (u passkeyUser) WebAuthnID() []byte                         { return []byte(u.p.ID) }
func (u passkeyUser) WebAuthnName() string                       { return u.p.Name }
func (u passkeyUser) WebAuthnDisplayName() string                { return u.p.Name }
func (u passkeyUser) WebAuthnCredentials() []webauthn.Credential { return u.creds }

func (s *Server) passkeyStore() store.Passkeys {
	p, _ := s.store.(store.Passkeys)
	return p
}

// relyingParty is the WebAuthn relying party for r: the server's public
// origin, or r's own.
func (s *Server) relyingParty(r *http.Request) (*webauthn.WebAuthn, error) {
	origin := s.Origin
	if origin == "" {
		scheme := "http"
		if r.TLS != nil || s.TrustProxy && strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") {
			scheme = "https"
		}
		origin = scheme + "://" + r.Host
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("the server's origin %q is not an address like https://smashup.example", origin)
	}
	host := u.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	return webauthn.New(&webauthn.Config{RPID: host, RPDisplayName: "Smash Up", RPOrigins: []string{u.Scheme + "://" + u.Host}})
}

// passkeyUserOf loads p's passkeys.
func (s *Server) passkeyUserOf(r *http.Request, ps store.Passkeys, p store.Player) (passkeyUser, error) {
	raw, err := ps.PlayerPasskeys(r.Context(), p.ID)
	if err != nil {
		return passkeyUser{}, err
	}
	u := passkeyUser{p: p}
	for _, b := range raw {
		var c webauthn.Credential
		if err := json.Unmarshal(b, &c); err != nil {
			return passkeyUser{}, fmt.Errorf("a stored passkey of %s: %w", p.ID, err)
		}
		u.creds = append(u.creds, c)
	}
	return u, nil
}

// identityWithPasskeys loads player and their passkeys, or writes why not
// and reports false.
func (s *Server) identityWithPasskeys(w http.ResponseWriter, r *http.Request, ps store.Passkeys, player string) (passkeyUser, bool) {
	p, err := s.playerStore().Player(r.Context(), player)
	var u passkeyUser
	if err == nil {
		u, err = s.passkeyUserOf(r, ps, p)
	}
	switch {
	case s.storeDown(w, r, err):
		return u, false
	case errors.Is(err, store.ErrNotFound):
		writeJSON(w, 401, apiError{errUnknownIdentity.Error()})
		return u, false
	case err != nil:
		writeJSON(w, 500, apiError{err.Error()})
		return u, false
	}
	return u, true
}

// Ceremony is what begins a passkey's registration or sign-in: the
// ceremony's id, sent back with its second request, and the options for
// the browser's navigator.credentials.
type Ceremony struct {
	Ceremony string `json:"ceremony"`
	Options  any    `json:"options"`
}

// passkeysReady answers the passkey store and the relying party, or writes
// why not and reports false.
func (s *Server) passkeysReady(w http.ResponseWriter, r *http.Request) (store.Passkeys, *webauthn.WebAuthn, bool) {
	ps := s.passkeyStore()
	if ps == nil {
		writeJSON(w, http.StatusNotImplemented, apiError{errNoPasskeys.Error()})
		return nil, nil, false
	}
	rp, err := s.relyingParty(r)
	if err != nil {
		writeJSON(w, 500, apiError{err.Error()})
		return nil, nil, false
	}
	return ps, rp, true
}

func (s *Server) keepCeremony(w http.ResponseWriter, r *http.Request, ps store.Passkeys, player string, session *webauthn.SessionData, options any) {
	data, err := json.Marshal(session)
	if err != nil {
		writeJSON(w, 500, apiError{err.Error()})
		return
	}
	id := randomHex(16)
	err = ps.PutCeremony(r.Context(), id, player, data, time.Now().Add(ceremonyFor))
	if s.storeDown(w, r, err) {
		return
	}
	if err != nil {
		writeJSON(w, 500, apiError{err.Error()})
		return
	}
	writeJSON(w, 200, Ceremony{Ceremony: id, Options: options})
}

var errCeremonyGone = errors.New("this passkey request is unknown or has expired (a request is answered once, within 5 minutes): begin again")

// takeCeremony takes the ceremony the request names, which must be
// player's ("" for a sign-in); it writes the error and reports false when
// it cannot.
func (s *Server) takeCeremony(w http.ResponseWriter, r *http.Request, ps store.Passkeys, player string) (webauthn.SessionData, bool) {
	var session webauthn.SessionData
	id := r.URL.Query().Get("ceremony")
	if len(id) != 32 {
		writeJSON(w, 400, apiError{errCeremonyGone.Error()})
		return session, false
	}
	owner, data, err := ps.TakeCeremony(r.Context(), id)
	if s.storeDown(w, r, err) {
		return session, false
	}
	if err != nil || owner != player || json.Unmarshal(data, &session) != nil {
		writeJSON(w, 400, apiError{errCeremonyGone.Error()})
		return session, false
	}
	return session, true
}

// refused answers a credential the library did not accept.
func refused(w http.ResponseWriter, what string, err error) {
	msg := err.Error()
	var pe *protocol.Error
	if errors.As(err, &pe) && pe.Details != "" {
		msg = pe.Details
	}
	writeJSON(w, 400, apiError{fmt.Sprintf("the passkey was not accepted (%s): %s", what, msg)})
}

func (s *Server) handlePasskeyBegin(w http.ResponseWriter, r *http.Request) {
	ps, rp, ok := s.passkeysReady(w, r)
	if !ok {
		return
	}
	who, ok := s.withIdentity(w, r, true)
	if !ok {
		return
	}
	u, ok := s.identityWithPasskeys(w, r, ps, who.ID)
	if !ok {
		return
	}
	creation, session, err := rp.BeginRegistration(u,
		webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementRequired),
		webauthn.WithExclusions(webauthn.Credentials(u.creds).CredentialDescriptors()))
	if err != nil {
		writeJSON(w, 500, apiError{err.Error()})
		return
	}
	s.keepCeremony(w, r, ps, u.p.ID, session, creation)
}

// PasskeyAdded is what a registered passkey answers.
type PasskeyAdded struct {
	Passkeys int `json:"passkeys"` // the identity's passkeys now
}

func (s *Server) handlePasskeyFinish(w http.ResponseWriter, r *http.Request) {
	ps, rp, ok := s.passkeysReady(w, r)
	if !ok {
		return
	}
	who, ok := s.withIdentity(w, r, true)
	if !ok {
		return
	}
	session, ok := s.takeCeremony(w, r, ps, who.ID)
	if !ok {
		return
	}
	u, ok := s.identityWithPasskeys(w, r, ps, who.ID)
	if !ok {
		return
	}
	p := u.p
	r.Body = http.MaxBytesReader(w, r.Body, maxCredentialBytes)
	cred, err := rp.FinishRegistration(u, session, r)
	if err != nil {
		refused(w, "registration", err)
		return
	}
	data, _ := json.Marshal(cred)
	err = ps.AddPasskey(r.Context(), p.ID, cred.ID, data)
	if s.storeDown(w, r, err) {
		return
	}
	if err != nil {
		writeJSON(w, 409, apiError{"this passkey is registered already"})
		return
	}
	s.log().Info("passkey registered", "player", p.ID)
	writeJSON(w, 201, PasskeyAdded{Passkeys: len(u.creds) + 1})
}

func (s *Server) handleSignInBegin(w http.ResponseWriter, r *http.Request) {
	ps, rp, ok := s.passkeysReady(w, r)
	if !ok {
		return
	}
	assertion, session, err := rp.BeginDiscoverableLogin()
	if err != nil {
		writeJSON(w, 500, apiError{err.Error()})
		return
	}
	s.keepCeremony(w, r, ps, "", session, assertion)
}

func (s *Server) handleSignInFinish(w http.ResponseWriter, r *http.Request) {
	ps, rp, ok := s.passkeysReady(w, r)
	if !ok {
		return
	}
	session, ok := s.takeCeremony(w, r, ps, "")
	if !ok {
		return
	}
	var storeErr error
	find := func(rawID, userHandle []byte) (webauthn.User, error) {
		p, err := s.playerStore().Player(r.Context(), string(userHandle))
		if err != nil {
			storeErr = err
			return nil, err
		}
		u, err := s.passkeyUserOf(r, ps, p)
		if err != nil {
			storeErr = err
		}
		return u, err
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxCredentialBytes)
	user, cred, err := rp.FinishPasskeyLogin(find, session, r)
	if s.storeDown(w, r, storeErr) {
		return
	}
	if err != nil {
		refused(w, "sign-in", err)
		return
	}
	p := user.(passkeyUser).p
	data, _ := json.Marshal(cred)
	key := randomHex(32)
	err = ps.UpdatePasskey(r.Context(), cred.ID, data)
	if err == nil {
		err = ps.AddPlayerKey(r.Context(), p.ID, hashKey(key))
	}
	if s.storeDown(w, r, err) {
		return
	}
	if err != nil {
		writeJSON(w, 500, apiError{err.Error()})
		return
	}
	s.log().Info("signed in with a passkey", "player", p.ID)
	writeJSON(w, 200, PlayerResponse{ID: p.ID, Name: p.Name, Key: key})
}
