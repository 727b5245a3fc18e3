package store

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"time"
)

// Turn-based games (docs/anyone.md): a game whose pace is hours per
// decision keeps, for the decision it waits on, whose it is and when its
// time runs out (a clock), so that any instance, after any restart, finds
// the games whose time ran out and lets a computer stand in; and each
// identified person's Web Push subscriptions, so that "your turn" reaches
// a closed page. The server's VAPID key pair is kept here too, one for all
// instances.

// Clock is the decision a turn-based game waits on.
type Clock struct {
	Seat  int       // whose decision
	Move  int       // the number of moves made when it was asked
	Since time.Time // when it was asked
	Due   time.Time // when its time runs out
	Told  bool      // the person was told (Web Push), once
}

// PushSub is a browser's Web Push subscription (the PushSubscription's
// endpoint and keys, as the browser gives them).
type PushSub struct {
	Player   string
	Endpoint string
	P256dh   string
	Auth     string
}

// Turns is what a store keeping turn-based games offers (SQLite and
// PostgreSQL both do).
type Turns interface {
	// PutClock records game's clock, if the one stored is of an earlier
	// move or of the same move for another seat (a person's preference
	// changed whether they are asked), or there is none, and reports
	// whether it did: of the instances
	// that see a decision asked, one writes its clock (and tells the person).
	// Seat -1: at that move the game waits on no person's decision.
	PutClock(ctx context.Context, game string, c Clock) (bool, error)
	// MarkTold marks the clock of game's move as told, and reports whether
	// it was not already (of the instances that would tell the person, one
	// does).
	MarkTold(ctx context.Context, game string, move int) (bool, error)
	// DropClock removes game's clock (the game is over, or not turn-based).
	DropClock(ctx context.Context, game string) error
	// GetClock returns game's clock, nil when it has none.
	// (A clock of seat -1 is returned as stored.)
	GetClock(ctx context.Context, game string) (*Clock, error)
	// DueClocks returns the games whose clock ran out at now, the longest
	// overdue first.
	DueClocks(ctx context.Context, now time.Time, limit int) ([]string, error)
	// Subscribe keeps sub (by endpoint: a browser subscribed again replaces
	// its old row), and keeps at most keep subscriptions per player, the
	// newest.
	Subscribe(ctx context.Context, sub PushSub, keep int) error
	// Unsubscribe forgets endpoint (player's only).
	Unsubscribe(ctx context.Context, player, endpoint string) error
	// Subscriptions returns player's subscriptions, the newest first.
	Subscriptions(ctx context.Context, player string) ([]PushSub, error)
	// VAPIDKeys returns the server's Web Push key pair (base64url, no
	// padding: the private scalar and the uncompressed public point), made
	// the first time any instance asks.
	VAPIDKeys(ctx context.Context) (private, public string, err error)
}

const turnsSchema = `
CREATE TABLE IF NOT EXISTS turn_clocks (
	game_id TEXT PRIMARY KEY,
	seat    INTEGER NOT NULL,
	move    INTEGER NOT NULL,
	since   BIGINT NOT NULL,
	due     BIGINT NOT NULL,
	told    BOOLEAN NOT NULL DEFAULT false
);
CREATE INDEX IF NOT EXISTS turn_clocks_due ON turn_clocks (due);
CREATE TABLE IF NOT EXISTS push_subs (
	endpoint  TEXT PRIMARY KEY,
	player_id TEXT NOT NULL,
	p256dh    TEXT NOT NULL,
	auth      TEXT NOT NULL,
	created   BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS push_subs_player ON push_subs (player_id, created);
CREATE TABLE IF NOT EXISTS vapid_keys (
	id      INTEGER PRIMARY KEY,
	private TEXT NOT NULL,
	public  TEXT NOT NULL
);
`

func putClock(ctx context.Context, d db, game string, c Clock) (bool, error) {
	n, err := d.exec(ctx, `INSERT INTO turn_clocks (game_id, seat, move, since, due, told) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id) DO UPDATE SET seat = excluded.seat, move = excluded.move, since = excluded.since, due = excluded.due, told = excluded.told
		WHERE turn_clocks.move < excluded.move OR turn_clocks.move = excluded.move AND turn_clocks.seat <> excluded.seat`,
		game, c.Seat, c.Move, c.Since.UnixMilli(), c.Due.UnixMilli(), c.Told)
	return n > 0, err
}

func markTold(ctx context.Context, d db, game string, move int) (bool, error) {
	n, err := d.exec(ctx, `UPDATE turn_clocks SET told = true WHERE game_id = ? AND move = ? AND NOT told`, game, move)
	return n > 0, err
}

func getClock(ctx context.Context, d db, game string) (*Clock, error) {
	var c Clock
	var since, due int64
	err := d.row(ctx, `SELECT seat, move, since, due, told FROM turn_clocks WHERE game_id = ?`, game).Scan(&c.Seat, &c.Move, &since, &due, &c.Told)
	if err == ErrNotFound {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	c.Since, c.Due = time.UnixMilli(since), time.UnixMilli(due)
	return &c, nil
}

func dueClocks(ctx context.Context, d db, now time.Time, limit int) ([]string, error) {
	r, done, err := d.rows(ctx, `SELECT game_id FROM turn_clocks WHERE seat >= 0 AND due <= ? ORDER BY due, game_id LIMIT ?`, now.UnixMilli(), limit)
	if err != nil {
		return nil, err
	}
	defer done()
	return readIDs(r)
}

func subscribe(ctx context.Context, d db, s PushSub, keep int) error {
	if err := d.lock(ctx, "push:"+s.Player); err != nil {
		return err
	}
	if _, err := d.exec(ctx, `INSERT INTO push_subs (endpoint, player_id, p256dh, auth, created) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (endpoint) DO UPDATE SET player_id = excluded.player_id, p256dh = excluded.p256dh, auth = excluded.auth, created = excluded.created`,
		s.Endpoint, s.Player, s.P256dh, s.Auth, time.Now().UnixNano()); err != nil {
		return err
	}
	_, err := d.exec(ctx, `DELETE FROM push_subs WHERE player_id = ? AND endpoint NOT IN
		(SELECT endpoint FROM push_subs WHERE player_id = ? ORDER BY created DESC, endpoint LIMIT ?)`, s.Player, s.Player, keep)
	return err
}

func subscriptions(ctx context.Context, d db, player string) ([]PushSub, error) {
	r, done, err := d.rows(ctx, `SELECT endpoint, p256dh, auth FROM push_subs WHERE player_id = ? ORDER BY created DESC, endpoint`, player)
	if err != nil {
		return nil, err
	}
	defer done()
	var out []PushSub
	for r.Next() {
		s := PushSub{Player: player}
		if err := r.Scan(&s.Endpoint, &s.P256dh, &s.Auth); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, r.Err()
}

func vapidKeys(ctx context.Context, d db) (string, string, error) {
	var priv, pub string
	err := d.row(ctx, `SELECT private, public FROM vapid_keys WHERE id = 1`).Scan(&priv, &pub)
	if err == nil {
		return priv, pub, nil
	}
	if err != ErrNotFound {
		return "", "", err
	}
	k, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return "", "", err
	}
	enc := base64.RawURLEncoding
	// two instances making a pair at once: the first one written stands
	if _, err := d.exec(ctx, `INSERT INTO vapid_keys (id, private, public) VALUES (1, ?, ?) ON CONFLICT (id) DO NOTHING`,
		enc.EncodeToString(k.Bytes()), enc.EncodeToString(k.PublicKey().Bytes())); err != nil {
		return "", "", err
	}
	err = d.row(ctx, `SELECT private, public FROM vapid_keys WHERE id = 1`).Scan(&priv, &pub)
	return priv, pub, err
}

// PutClock implements Turns.
func (s *SQLite) PutClock(ctx context.Context, game string, c Clock) (_ bool, err error) {
	defer s.obs.done("put-clock", time.Now(), &err)
	return putClock(ctx, s.plain(), game, c)
}

// MarkTold implements Turns.
func (s *SQLite) MarkTold(ctx context.Context, game string, move int) (_ bool, err error) {
	defer s.obs.done("mark-told", time.Now(), &err)
	return markTold(ctx, s.plain(), game, move)
}

// DropClock implements Turns.
func (s *SQLite) DropClock(ctx context.Context, game string) (err error) {
	defer s.obs.done("drop-clock", time.Now(), &err)
	_, err = s.plain().exec(ctx, `DELETE FROM turn_clocks WHERE game_id = ?`, game)
	return err
}

// GetClock implements Turns.
func (s *SQLite) GetClock(ctx context.Context, game string) (_ *Clock, err error) {
	defer s.obs.done("get-clock", time.Now(), &err)
	return getClock(ctx, s.plain(), game)
}

// DueClocks implements Turns.
func (s *SQLite) DueClocks(ctx context.Context, now time.Time, limit int) (_ []string, err error) {
	defer s.obs.done("due-clocks", time.Now(), &err)
	return dueClocks(ctx, s.plain(), now, limit)
}

// Subscribe implements Turns.
func (s *SQLite) Subscribe(ctx context.Context, sub PushSub, keep int) (err error) {
	defer s.obs.done("subscribe", time.Now(), &err)
	return s.inTx(ctx, func(d db) error { return subscribe(ctx, d, sub, keep) })
}

// Unsubscribe implements Turns.
func (s *SQLite) Unsubscribe(ctx context.Context, player, endpoint string) (err error) {
	defer s.obs.done("unsubscribe", time.Now(), &err)
	_, err = s.plain().exec(ctx, `DELETE FROM push_subs WHERE player_id = ? AND endpoint = ?`, player, endpoint)
	return err
}

// Subscriptions implements Turns.
func (s *SQLite) Subscriptions(ctx context.Context, player string) (_ []PushSub, err error) {
	defer s.obs.done("subscriptions", time.Now(), &err)
	return subscriptions(ctx, s.plain(), player)
}

// VAPIDKeys implements Turns.
func (s *SQLite) VAPIDKeys(ctx context.Context) (_, _ string, err error) {
	defer s.obs.done("vapid-keys", time.Now(), &err)
	var priv, pub string
	err = s.inTx(ctx, func(d db) error { priv, pub, err = vapidKeys(ctx, d); return err })
	return priv, pub, err
}

// PutClock implements Turns.
func (p *Postgres) PutClock(ctx context.Context, game string, c Clock) (_ bool, err error) {
	defer p.obs.done("put-clock", time.Now(), &err)
	return putClock(ctx, p.plain(), game, c)
}

// MarkTold implements Turns.
func (p *Postgres) MarkTold(ctx context.Context, game string, move int) (_ bool, err error) {
	defer p.obs.done("mark-told", time.Now(), &err)
	return markTold(ctx, p.plain(), game, move)
}

// DropClock implements Turns.
func (p *Postgres) DropClock(ctx context.Context, game string) (err error) {
	defer p.obs.done("drop-clock", time.Now(), &err)
	_, err = p.plain().exec(ctx, `DELETE FROM turn_clocks WHERE game_id = ?`, game)
	return err
}

// GetClock implements Turns.
func (p *Postgres) GetClock(ctx context.Context, game string) (_ *Clock, err error) {
	defer p.obs.done("get-clock", time.Now(), &err)
	return getClock(ctx, p.plain(), game)
}

// DueClocks implements Turns.
func (p *Postgres) DueClocks(ctx context.Context, now time.Time, limit int) (_ []string, err error) {
	defer p.obs.done("due-clocks", time.Now(), &err)
	return dueClocks(ctx, p.plain(), now, limit)
}

// Subscribe implements Turns.
func (p *Postgres) Subscribe(ctx context.Context, sub PushSub, keep int) (err error) {
	defer p.obs.done("subscribe", time.Now(), &err)
	return p.inTx(ctx, func(d db) error { return subscribe(ctx, d, sub, keep) })
}

// Unsubscribe implements Turns.
func (p *Postgres) Unsubscribe(ctx context.Context, player, endpoint string) (err error) {
	defer p.obs.done("unsubscribe", time.Now(), &err)
	_, err = p.plain().exec(ctx, `DELETE FROM push_subs WHERE player_id = ? AND endpoint = ?`, player, endpoint)
	return err
}

// Subscriptions implements Turns.
func (p *Postgres) Subscriptions(ctx context.Context, player string) (_ []PushSub, err error) {
	defer p.obs.done("subscriptions", time.Now(), &err)
	return subscriptions(ctx, p.plain(), player)
}

// VAPIDKeys implements Turns.
func (p *Postgres) VAPIDKeys(ctx context.Context) (_, _ string, err error) {
	defer p.obs.done("vapid-keys", time.Now(), &err)
	var priv, pub string
	err = p.inTx(ctx, func(d db) error { priv, pub, err = vapidKeys(ctx, d); return err })
	return priv, pub, err
}

var (
	_ Turns = (*SQLite)(nil)
	_ Turns = (*Postgres)(nil)
)
