package store

import (
	"context"
	"encoding/hex"
	"time"
)

// Passkeys carry an identity to other devices (docs/anyone.md): a person
// registers a passkey (WebAuthn) from a browser that holds their identity;
// another browser signs in with it and is given a key of its own for the
// same identity (player_keys: every key an identity has beyond its first,
// players.key_hash). A ceremony's challenge is kept between its two
// requests in webauthn_sessions, taken once, so that any instance may
// answer either request.

// Passkeys is what a store keeping passkeys offers (SQLite and PostgreSQL
// both do).
type Passkeys interface {
	// AddPlayerKey gives player another key (its hash), which PlayerByKey
	// then finds.
	AddPlayerKey(ctx context.Context, player, keyHash string) error
	// PutCeremony keeps a WebAuthn ceremony's data until expires, under id
	// (player: "" for a sign-in, whose person is not known yet);
	// TakeCeremony returns and deletes it (ErrNotFound: unknown, taken or
	// expired).
	PutCeremony(ctx context.Context, id, player string, data []byte, expires time.Time) error
	TakeCeremony(ctx context.Context, id string) (player string, data []byte, err error)
	// AddPasskey records a passkey of player (its credential id and
	// data, as the WebAuthn library keeps it); PlayerPasskeys returns
	// them, oldest first; UpdatePasskey replaces one's data (its sign
	// count after a sign-in).
	AddPasskey(ctx context.Context, player string, credential, data []byte) error
	PlayerPasskeys(ctx context.Context, player string) ([][]byte, error)
	UpdatePasskey(ctx context.Context, credential, data []byte) error
}

const passkeysSchema = `
CREATE TABLE IF NOT EXISTS player_keys (
	key_hash  TEXT PRIMARY KEY,
	player_id TEXT NOT NULL,
	created   BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS passkeys (
	credential TEXT PRIMARY KEY,
	player_id  TEXT NOT NULL,
	data       TEXT NOT NULL,
	created    BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS passkeys_player ON passkeys (player_id, created);
CREATE TABLE IF NOT EXISTS webauthn_sessions (
	id        TEXT PRIMARY KEY,
	player_id TEXT NOT NULL,
	data      TEXT NOT NULL,
	expires   BIGINT NOT NULL
);
`

// playerByKey finds the player whose first key, or any key given since,
// hashes to keyHash.
func playerByKey(ctx context.Context, d db, keyHash string) (Player, error) {
	return scanPlayer(d.row(ctx, `SELECT `+playerColumns+` FROM players WHERE key_hash = ?
		UNION ALL SELECT p.id, p.name, p.key_hash, p.mu, p.sigma, p.games, p.wins, p.created
		FROM player_keys k JOIN players p ON p.id = k.player_id WHERE k.key_hash = ? LIMIT 1`, keyHash, keyHash))
}

func addPlayerKey(ctx context.Context, d db, player, keyHash string) error {
	_, err := d.exec(ctx, `INSERT INTO player_keys (key_hash, player_id, created) VALUES (?, ?, ?)`, keyHash, player, time.Now().UnixMilli())
	return err
}

func putCeremony(ctx context.Context, d db, id, player string, data []byte, expires time.Time) error {
	// the expired ones go as new ones come
	if _, err := d.exec(ctx, `DELETE FROM webauthn_sessions WHERE expires < ?`, time.Now().UnixMilli()); err != nil {
		return err
	}
	_, err := d.exec(ctx, `INSERT INTO webauthn_sessions (id, player_id, data, expires) VALUES (?, ?, ?, ?)`, id, player, string(data), expires.UnixMilli())
	return err
}

func takeCeremony(ctx context.Context, d db, id string) (string, []byte, error) {
	var player, data string
	var expires int64
	if err := d.row(ctx, `SELECT player_id, data, expires FROM webauthn_sessions WHERE id = ?`, id).Scan(&player, &data, &expires); err != nil {
		return "", nil, err
	}
	n, err := d.exec(ctx, `DELETE FROM webauthn_sessions WHERE id = ?`, id)
	if err != nil {
		return "", nil, err
	}
	if n == 0 || time.Now().UnixMilli() > expires { // taken meanwhile by another request, or too late
		return "", nil, ErrNotFound
	}
	return player, []byte(data), nil
}

func addPasskey(ctx context.Context, d db, player string, credential, data []byte) error {
	_, err := d.exec(ctx, `INSERT INTO passkeys (credential, player_id, data, created) VALUES (?, ?, ?, ?)`, hex.EncodeToString(credential), player, string(data), time.Now().UnixMilli())
	return err
}

func playerPasskeys(ctx context.Context, d db, player string) ([][]byte, error) {
	r, done, err := d.rows(ctx, `SELECT data FROM passkeys WHERE player_id = ? ORDER BY created, credential`, player)
	if err != nil {
		return nil, err
	}
	defer done()
	var out [][]byte
	for r.Next() {
		var s string
		if err := r.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, []byte(s))
	}
	return out, r.Err()
}

func updatePasskey(ctx context.Context, d db, credential, data []byte) error {
	n, err := d.exec(ctx, `UPDATE passkeys SET data = ? WHERE credential = ?`, string(data), hex.EncodeToString(credential))
	if err == nil && n == 0 {
		return ErrNotFound
	}
	return err
}

// --- SQLite ---

// AddPlayerKey implements Passkeys.
func (s *SQLite) AddPlayerKey(ctx context.Context, player, keyHash string) (err error) {
	defer s.obs.done("add-player-key", time.Now(), &err)
	return addPlayerKey(ctx, s.plain(), player, keyHash)
}

// PutCeremony implements Passkeys.
func (s *SQLite) PutCeremony(ctx context.Context, id, player string, data []byte, expires time.Time) (err error) {
	defer s.obs.done("put-ceremony", time.Now(), &err)
	return putCeremony(ctx, s.plain(), id, player, data, expires)
}

// TakeCeremony implements Passkeys.
func (s *SQLite) TakeCeremony(ctx context.Context, id string) (_ string, _ []byte, err error) {
	defer s.obs.done("take-ceremony", time.Now(), &err)
	return takeCeremony(ctx, s.plain(), id)
}

// AddPasskey implements Passkeys.
func (s *SQLite) AddPasskey(ctx context.Context, player string, credential, data []byte) (err error) {
	defer s.obs.done("add-passkey", time.Now(), &err)
	return addPasskey(ctx, s.plain(), player, credential, data)
}

// PlayerPasskeys implements Passkeys.
func (s *SQLite) PlayerPasskeys(ctx context.Context, player string) (_ [][]byte, err error) {
	defer s.obs.done("passkeys", time.Now(), &err)
	return playerPasskeys(ctx, s.plain(), player)
}

// UpdatePasskey implements Passkeys.
func (s *SQLite) UpdatePasskey(ctx context.Context, credential, data []byte) (err error) {
	defer s.obs.done("update-passkey", time.Now(), &err)
	return updatePasskey(ctx, s.plain(), credential, data)
}

// --- PostgreSQL ---

// AddPlayerKey implements Passkeys.
func (p *Postgres) AddPlayerKey(ctx context.Context, player, keyHash string) (err error) {
	defer p.obs.done("add-player-key", time.Now(), &err)
	return addPlayerKey(ctx, p.plain(), player, keyHash)
}

// PutCeremony implements Passkeys.
func (p *Postgres) PutCeremony(ctx context.Context, id, player string, data []byte, expires time.Time) (err error) {
	defer p.obs.done("put-ceremony", time.Now(), &err)
	return putCeremony(ctx, p.plain(), id, player, data, expires)
}

// TakeCeremony implements Passkeys.
func (p *Postgres) TakeCeremony(ctx context.Context, id string) (_ string, _ []byte, err error) {
	defer p.obs.done("take-ceremony", time.Now(), &err)
	return takeCeremony(ctx, p.plain(), id)
}

// AddPasskey implements Passkeys.
func (p *Postgres) AddPasskey(ctx context.Context, player string, credential, data []byte) (err error) {
	defer p.obs.done("add-passkey", time.Now(), &err)
	return addPasskey(ctx, p.plain(), player, credential, data)
}

// PlayerPasskeys implements Passkeys.
func (p *Postgres) PlayerPasskeys(ctx context.Context, player string) (_ [][]byte, err error) {
	defer p.obs.done("passkeys", time.Now(), &err)
	return playerPasskeys(ctx, p.plain(), player)
}

// UpdatePasskey implements Passkeys.
func (p *Postgres) UpdatePasskey(ctx context.Context, credential, data []byte) (err error) {
	defer p.obs.done("update-passkey", time.Now(), &err)
	return updatePasskey(ctx, p.plain(), credential, data)
}
