// Package pushtest is a local push service for tests: it gives a
// subscription as a browser would, and decrypts (RFC 8291) and checks the
// VAPID signature (RFC 8292) of every message posted to it, so that a test
// reads what a browser's service worker would be given.
package pushtest

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"
)

// Message is a message the receiver took, decrypted.
type Message struct {
	Endpoint string
	Payload  []byte
	TTL      string
	Urgency  string
	Err      error // what was wrong with it (it was answered 400)
}

// Receiver is the local push service.
type Receiver struct {
	srv    *httptest.Server
	key    *ecdh.PrivateKey
	auth   []byte
	vapid  func() string // the public key messages must be signed with ("" : any)
	Status int           // what it answers (201 unless set)
	mu     sync.Mutex
	got    []Message
	C      chan Message
}

// New starts a receiver whose messages must be signed by the key vapid
// returns. Close it when done.
func New(vapid func() string) *Receiver {
	k, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	r := &Receiver{key: k, auth: make([]byte, 16), vapid: vapid, C: make(chan Message, 64)}
	rand.Read(r.auth)
	r.srv = httptest.NewServer(http.HandlerFunc(r.serve))
	return r
}

// Close stops the receiver.
func (r *Receiver) Close() { r.srv.Close() }

// Origin is the receiver's origin (http://127.0.0.1:PORT).
func (r *Receiver) Origin() string { return r.srv.URL }

// Subscription is a browser's subscription on this receiver, as
// PushSubscription.toJSON gives it (endpoint path: /push/NAME).
func (r *Receiver) Subscription(name string) map[string]any {
	enc := base64.RawURLEncoding
	return map[string]any{"endpoint": r.srv.URL + "/push/" + name, "keys": map[string]string{
		"p256dh": enc.EncodeToString(r.key.PublicKey().Bytes()), "auth": enc.EncodeToString(r.auth)}}
}

// Got returns the messages taken so far.
func (r *Receiver) Got() []Message {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Message(nil), r.got...)
}

func (r *Receiver) serve(w http.ResponseWriter, req *http.Request) {
	m := Message{Endpoint: r.srv.URL + req.URL.Path, TTL: req.Header.Get("TTL"), Urgency: req.Header.Get("Urgency")}
	body, _ := io.ReadAll(io.LimitReader(req.Body, 8192))
	if err := r.checkVAPID(req.Header.Get("Authorization")); err != nil {
		m.Err = err
	} else if req.Header.Get("Content-Encoding") != "aes128gcm" {
		m.Err = fmt.Errorf("content encoding %q", req.Header.Get("Content-Encoding"))
	} else {
		m.Payload, m.Err = r.decrypt(body)
	}
	r.mu.Lock()
	r.got = append(r.got, m)
	r.mu.Unlock()
	select {
	case r.C <- m:
	default:
	}
	switch {
	case m.Err != nil:
		http.Error(w, m.Err.Error(), http.StatusBadRequest)
	case r.Status != 0:
		w.WriteHeader(r.Status)
	default:
		w.WriteHeader(http.StatusCreated)
	}
}

// checkVAPID checks "vapid t=JWT, k=KEY": the key is the server's, the
// token is signed with it (ES256), for this origin, not expired.
func (r *Receiver) checkVAPID(h string) error {
	rest, ok := strings.CutPrefix(h, "vapid ")
	if !ok {
		return errors.New("no VAPID authorization")
	}
	var tok, key string
	for _, part := range strings.Split(rest, ",") {
		part = strings.TrimSpace(part)
		if v, ok := strings.CutPrefix(part, "t="); ok {
			tok = v
		} else if v, ok := strings.CutPrefix(part, "k="); ok {
			key = v
		}
	}
	if want := r.vapid(); want != "" && strings.TrimRight(key, "=") != strings.TrimRight(want, "=") {
		return errors.New("signed with another key than the server's")
	}
	kb, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(key, "="))
	if err != nil {
		return err
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), kb)
	if err != nil {
		return err
	}
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		return errors.New("not a JWT")
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || len(sig) != 64 {
		return errors.New("not an ES256 signature")
	}
	sum := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(pub, sum[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return errors.New("the VAPID signature does not verify")
	}
	cb, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return err
	}
	var claims struct {
		Aud string `json:"aud"`
		Exp int64  `json:"exp"`
		Sub string `json:"sub"`
	}
	if err := json.Unmarshal(cb, &claims); err != nil {
		return err
	}
	if claims.Aud != r.srv.URL || claims.Exp < time.Now().Unix() || claims.Exp > time.Now().Add(24*time.Hour).Unix() || claims.Sub == "" {
		return fmt.Errorf("VAPID claims %+v", claims)
	}
	return nil
}

// decrypt undoes RFC 8291's aes128gcm encryption (one record).
func (r *Receiver) decrypt(body []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("too short")
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if len(body) < 21+idlen || idlen != 65 {
		return nil, errors.New("no sender key")
	}
	asPub, err := ecdh.P256().NewPublicKey(body[21 : 21+idlen])
	if err != nil {
		return nil, err
	}
	ct := body[21+idlen:]
	if len(ct) > int(rs) {
		return nil, errors.New("more than one record")
	}
	secret, err := r.key.ECDH(asPub)
	if err != nil {
		return nil, err
	}
	prkKey, _ := hkdf.Extract(sha256.New, secret, r.auth)
	info := append(append([]byte("WebPush: info\x00"), r.key.PublicKey().Bytes()...), asPub.Bytes()...)
	ikm, _ := hkdf.Expand(sha256.New, prkKey, string(info), 32)
	prk, _ := hkdf.Extract(sha256.New, ikm, salt)
	cek, _ := hkdf.Expand(sha256.New, prk, "Content-Encoding: aes128gcm\x00", 16)
	nonce, _ := hkdf.Expand(sha256.New, prk, "Content-Encoding: nonce\x00", 12)
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	pt, err := gcm.Open(nil, nonce, ct, nil)
	if err != nil {
		return nil, fmt.Errorf("decrypting: %w", err)
	}
	i := len(pt) - 1
	for i >= 0 && pt[i] == 0 {
		i--
	}
	if i < 0 || pt[i] != 2 {
		return nil, errors.New("no last-record delimiter")
	}
	return pt[:i], nil
}
