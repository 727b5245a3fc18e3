// Package push sends Web Push messages (RFC 8030, encrypted as RFC 8291
// says, signed with the server's VAPID key as RFC 8292 says) to the
// browsers people subscribed: "your turn" of a turn-based game reaches a
// closed page (docs/anyone.md). The store keeps the subscriptions and the
// key pair (store.Turns), so every instance sends alike.
//
// A subscription's endpoint is an address the server will post to, given
// by a stranger: only the push services of the browsers (and the hosts an
// operator adds) are accepted, over HTTPS, so that nobody can make the
// server call an address of their choosing.
package push

import (
	"context"
	"crypto/ecdh"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	"github.com/smashup/smashup/internal/store"
)

// DefaultHosts are the push services of the browsers in use (a host, or a
// domain whose subdomains are accepted too).
var DefaultHosts = []string{
	"fcm.googleapis.com",        // Chrome, Edge, Opera, Samsung Internet
	"push.services.mozilla.com", // Firefox
	"notify.windows.com",        // legacy Edge
	"push.apple.com",            // Safari
	"updates.push.services.mozilla.com",
}

const (
	// MaxPerPlayer: the subscriptions kept per person (the newest).
	MaxPerPlayer = 5
	maxEndpoint  = 1024
	sendTimeout  = 15 * time.Second
	maxSending   = 8 // sends at once
)

// Subscription is a browser's PushSubscription as its toJSON() gives it.
type Subscription struct {
	Endpoint       string  `json:"endpoint"`
	ExpirationTime *uint64 `json:"expirationTime,omitempty"`
	Keys           struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// Pusher sends the messages.
type Pusher struct {
	st store.Turns
	// Hosts: the push services accepted: host names or domains (HTTPS),
	// or whole origins ("http://127.0.0.1:8099", for a local receiver).
	Hosts []string
	// Subscriber: who the push services may contact about the messages
	// (an https: URL or a mail address), in every VAPID signature.
	Subscriber string
	Client     *http.Client
	Log        *slog.Logger
	sem        chan struct{}
	mu         sync.Mutex
	priv, pub  string
}

// New returns a Pusher over st.
func New(st store.Turns) *Pusher {
	return &Pusher{st: st, Hosts: DefaultHosts, Subscriber: "mailto:smashup@localhost",
		Client: &http.Client{Timeout: sendTimeout, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
		sem:    make(chan struct{}, maxSending)}
}

func (p *Pusher) log() *slog.Logger {
	if p.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return p.Log
}

// Key is the server's VAPID public key (base64url), which a page passes to
// pushManager.subscribe as its applicationServerKey.
func (p *Pusher) Key(ctx context.Context) (string, error) {
	_, pub, err := p.keys(ctx)
	return pub, err
}

func (p *Pusher) keys(ctx context.Context) (string, string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.pub != "" {
		return p.priv, p.pub, nil
	}
	priv, pub, err := p.st.VAPIDKeys(ctx)
	if err != nil {
		return "", "", err
	}
	p.priv, p.pub = priv, pub
	return priv, pub, nil
}

// ErrEndpoint is an endpoint that is not a push service's.
var ErrEndpoint = errors.New("endpoint: not the address of a browser's push service")

// Check validates sub: an accepted push service's address and the
// browser's keys (a P-256 point and a 16-byte secret).
func (p *Pusher) Check(sub Subscription) error {
	if len(sub.Endpoint) > maxEndpoint {
		return fmt.Errorf("endpoint: at most %d characters", maxEndpoint)
	}
	u, err := url.Parse(sub.Endpoint)
	if err != nil || u.Host == "" || u.User != nil || !p.allowed(u) {
		return ErrEndpoint
	}
	k, err := decodeKey(sub.Keys.P256dh)
	if err != nil {
		return errors.New("keys.p256dh: not a base64url key")
	}
	if _, err := ecdh.P256().NewPublicKey(k); err != nil {
		return errors.New("keys.p256dh: not a P-256 public key")
	}
	if a, err := decodeKey(sub.Keys.Auth); err != nil || len(a) != 16 {
		return errors.New("keys.auth: not a 16-byte base64url secret")
	}
	return nil
}

func (p *Pusher) allowed(u *url.URL) bool {
	origin := u.Scheme + "://" + u.Host
	host := u.Hostname()
	for _, h := range p.Hosts {
		if strings.Contains(h, "://") {
			if origin == strings.TrimRight(h, "/") {
				return true
			}
			continue
		}
		if u.Scheme == "https" && (host == h || strings.HasSuffix(host, "."+h)) {
			return true
		}
	}
	return false
}

func decodeKey(s string) ([]byte, error) {
	if b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "=")); err == nil {
		return b, nil
	}
	return base64.StdEncoding.DecodeString(s)
}

// Subscribe keeps player's subscription (after Check).
func (p *Pusher) Subscribe(ctx context.Context, player string, sub Subscription) error {
	if err := p.Check(sub); err != nil {
		return err
	}
	return p.st.Subscribe(ctx, store.PushSub{Player: player, Endpoint: sub.Endpoint, P256dh: sub.Keys.P256dh, Auth: sub.Keys.Auth}, MaxPerPlayer)
}

// Unsubscribe forgets player's subscription of endpoint.
func (p *Pusher) Unsubscribe(ctx context.Context, player, endpoint string) error {
	return p.st.Unsubscribe(ctx, player, endpoint)
}

// Send sends payload to each of player's subscriptions, to be delivered
// within ttl (the push service drops it after), and reports how many
// push services took it. A subscription the push service says is gone
// (404, 410) is forgotten.
func (p *Pusher) Send(ctx context.Context, player string, payload []byte, ttl time.Duration) (int, error) {
	subs, err := p.st.Subscriptions(ctx, player)
	if err != nil || len(subs) == 0 {
		return 0, err
	}
	priv, pub, err := p.keys(ctx)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, s := range subs {
		if p.Check(toSubscription(s)) != nil {
			continue // the operator no longer accepts its push service
		}
		select {
		case p.sem <- struct{}{}:
		case <-ctx.Done():
			return sent, ctx.Err()
		}
		status, err := p.sendOne(ctx, s, payload, ttl, priv, pub)
		<-p.sem
		switch {
		case err != nil:
			p.log().Warn("sending a push message", "err", err)
		case status == http.StatusNotFound || status == http.StatusGone:
			if err := p.st.Unsubscribe(ctx, player, s.Endpoint); err != nil {
				p.log().Warn("forgetting a push subscription that is gone", "err", err)
			}
		case status >= 200 && status < 300:
			sent++
		default:
			p.log().Warn("a push service refused a message", "status", status)
		}
	}
	return sent, nil
}

func toSubscription(s store.PushSub) Subscription {
	var sub Subscription
	sub.Endpoint, sub.Keys.P256dh, sub.Keys.Auth = s.Endpoint, s.P256dh, s.Auth
	return sub
}

func (p *Pusher) sendOne(ctx context.Context, s store.PushSub, payload []byte, ttl time.Duration, priv, pub string) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, sendTimeout)
	defer cancel()
	resp, err := webpush.SendNotificationWithContext(ctx, payload, &webpush.Subscription{Endpoint: s.Endpoint, Keys: webpush.Keys{Auth: s.Auth, P256dh: s.P256dh}},
		&webpush.Options{HTTPClient: p.Client, Subscriber: p.Subscriber, TTL: max(60, int(ttl/time.Second)), Urgency: webpush.UrgencyNormal,
			VAPIDPublicKey: pub, VAPIDPrivateKey: priv})
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, io.LimitReader(resp.Body, 4096))
	return resp.StatusCode, nil
}

// Notice is what a page's service worker shows (internal/web/sw.js).
type Notice struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"` // a path of this server's
	Tag   string `json:"tag"` // a newer notice of the same game replaces it
}

// Payload is n as sent.
func Payload(n Notice) []byte {
	b, _ := json.Marshal(n) // (strings only: it cannot fail)
	return b
}
