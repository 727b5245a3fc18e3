package store

import (
	"context"
	"time"
)

// Report is what a person saw wrong at one moment of a game ("Something
// looks wrong?"): their words, and the game as it was, as a replay and as
// a scenario. It holds every hidden card of the game: the operator reads
// it; the reporter opens it in the sandbox only once the game is over.
type Report struct {
	ID      string
	Game    string
	KeyHash string // the reporter's key, hashed: who may open it
	Seat    int    // the reporter's seat, -1 for a spectator
	Move    int    // the decisions made when it was sent
	Text    string
	Created time.Time
	// Replay is the game's replay up to then (JSON); Scenario the game
	// written down as a scenario (empty when it could not be: Problem says
	// why); Position and Moves open the sandbox at that moment.
	Replay   []byte
	Scenario string
	Problem  string
	Position string
	Moves    string
}

// Reports is what a store that keeps reports offers (SQLite and PostgreSQL
// do). A report is kept with no tie to its game's rows: deleting old games
// (--keep) leaves it whole.
type Reports interface {
	SaveReport(ctx context.Context, r Report) error
	// LoadReport returns report id, or ErrNotFound.
	LoadReport(ctx context.Context, id string) (Report, error)
	// ListReports returns the latest reports first, at most limit.
	ListReports(ctx context.Context, limit int) ([]Report, error)
}

// reportsTable is declared on first use, as reviews are.
const reportsTable = `CREATE TABLE IF NOT EXISTS reports (
	id       TEXT PRIMARY KEY,
	game_id  TEXT NOT NULL,
	key_hash TEXT NOT NULL,
	seat     INTEGER NOT NULL,
	move     INTEGER NOT NULL,
	text     TEXT NOT NULL,
	created  BIGINT NOT NULL,
	replay   TEXT NOT NULL,
	scenario TEXT NOT NULL,
	problem  TEXT NOT NULL,
	position TEXT NOT NULL,
	moves    TEXT NOT NULL
)`

const reportColumns = `id, game_id, key_hash, seat, move, text, created, replay, scenario, problem, position, moves`

func reportArgs(r Report) []any {
	return []any{r.ID, r.Game, r.KeyHash, r.Seat, r.Move, r.Text, r.Created.UnixMilli(), string(r.Replay), r.Scenario, r.Problem, r.Position, r.Moves}
}

type scanner interface{ Scan(dest ...any) error }

func scanReport(row scanner) (Report, error) {
	var r Report
	var created int64
	var replay string
	err := row.Scan(&r.ID, &r.Game, &r.KeyHash, &r.Seat, &r.Move, &r.Text, &created, &replay, &r.Scenario, &r.Problem, &r.Position, &r.Moves)
	r.Created, r.Replay = time.UnixMilli(created).UTC(), []byte(replay)
	return r, err
}

func saveReport(ctx context.Context, d db, r Report) error {
	if _, err := d.exec(ctx, reportsTable); err != nil {
		return err
	}
	_, err := d.exec(ctx, `INSERT INTO reports (`+reportColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, reportArgs(r)...)
	return err
}

func loadReport(ctx context.Context, d db, id string) (Report, error) {
	if _, err := d.exec(ctx, reportsTable); err != nil {
		return Report{}, err
	}
	return scanReport(d.row(ctx, `SELECT `+reportColumns+` FROM reports WHERE id = ?`, id)) // a missing one: ErrNotFound (noRow)
}

func listReports(ctx context.Context, d db, limit int) (out []Report, err error) {
	if _, err := d.exec(ctx, reportsTable); err != nil {
		return nil, err
	}
	rs, done, err := d.rows(ctx, `SELECT `+reportColumns+` FROM reports ORDER BY created DESC, id LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	defer done()
	for rs.Next() {
		r, err := scanReport(rs)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rs.Err()
}

// SaveReport implements Reports.
func (s *SQLite) SaveReport(ctx context.Context, r Report) (err error) {
	defer s.obs.done("save-report", time.Now(), &err)
	return saveReport(ctx, s.plain(), r)
}

// LoadReport implements Reports.
func (s *SQLite) LoadReport(ctx context.Context, id string) (r Report, err error) {
	defer s.obs.done("load-report", time.Now(), &err)
	return loadReport(ctx, s.plain(), id)
}

// ListReports implements Reports.
func (s *SQLite) ListReports(ctx context.Context, limit int) (out []Report, err error) {
	defer s.obs.done("list-reports", time.Now(), &err)
	return listReports(ctx, s.plain(), limit)
}

// SaveReport implements Reports.
func (p *Postgres) SaveReport(ctx context.Context, r Report) (err error) {
	defer p.obs.done("save-report", time.Now(), &err)
	return saveReport(ctx, p.plain(), r)
}

// LoadReport implements Reports.
func (p *Postgres) LoadReport(ctx context.Context, id string) (r Report, err error) {
	defer p.obs.done("load-report", time.Now(), &err)
	return loadReport(ctx, p.plain(), id)
}

// ListReports implements Reports.
func (p *Postgres) ListReports(ctx context.Context, limit int) (out []Report, err error) {
	defer p.obs.done("list-reports", time.Now(), &err)
	return listReports(ctx, p.plain(), limit)
}
