package server

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smashup/smashup/internal/engine"
	"github.com/smashup/smashup/internal/scenario"
	"github.com/smashup/smashup/internal/store"
)

// A report keeps the game as it was, in words and as a scenario; the
// reporter opens it (in the sandbox) only once the game is over, and only
// with their key; a report without words, or on a game that is not there,
// is refused and nothing is kept.
func TestReportsOpenOnlyAfterTheGame(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "r.db")
	s := newSQLiteServer(t, dbPath)
	s.reportLimit = newLimiter(1e6, 1e6) // the limit is tried last
	h := s.Handler()
	cr := createHTTP(t, h, `{"seats":["human","human"],"seed":7}`)
	l := playRandom(t, s, cr.ID, 40, 3)
	moves := l.Moves()
	do := func(method, path, token, body string) (int, string) {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code, rec.Body.String()
	}
	path := "/api/games/" + cr.ID + "/report"
	for _, bad := range []string{`{"text":""}`, `{"text":"   "}`, `{"text":"` + strings.Repeat("x", 1001) + `"}`, `{"text":3}`, `nonsense`} {
		if code, body := do("POST", path, tokenOf(cr.Links[0]), bad); code != 400 {
			t.Errorf("report %.30s: %d %s", bad, code, body)
		}
	}
	if code, _ := do("POST", "/api/games/nosuchgame/report", "", `{"text":"hm"}`); code != 404 {
		t.Errorf("a report on no game: %d", code)
	}
	kept := func() int {
		l, err := s.store.(store.Reports).ListReports(context.Background(), 10)
		if err != nil {
			t.Fatal(err)
		}
		return len(l)
	}
	if n := kept(); n != 0 {
		t.Fatalf("%d reports kept of refused requests", n)
	}
	code, body := do("POST", path, tokenOf(cr.Links[0]), `{"text":"My minion\nwas not destroyed"}`)
	if code != 201 {
		t.Fatalf("report: %d %s", code, body)
	}
	var made ReportCreated
	if err := json.Unmarshal([]byte(body), &made); err != nil || made.Report == "" || made.Key == "" {
		t.Fatalf("report: %s", body)
	}
	if code, body := do("POST", path, tokenOf(cr.Spectator), `{"text":"watching: odd"}`); code != 201 { // a spectator may report
		t.Errorf("a spectator's report: %d %s", code, body)
	}
	open := "/api/reports/" + made.Report
	if code, body := do("GET", open, made.Key, ""); code != 409 || strings.Contains(body, "sandbox") {
		t.Errorf("opened during the game: %d %s", code, body)
	}
	for _, key := range []string{"", "wrong", tokenOf(cr.Links[0])} {
		if code, _ := do("GET", open, key, ""); code != 404 {
			t.Errorf("opened with key %q: %d", key, code)
		}
	}
	if code, _ := do("GET", "/api/reports/nosuch", made.Key, ""); code != 404 {
		t.Errorf("an unknown report: %d", code)
	}
	if n := kept(); n != 2 {
		t.Errorf("%d reports kept, 2 made", n)
	}
	playRandom(t, s, cr.ID, 100000, 4)
	if !l.Ended() {
		t.Fatal("the game did not end")
	}
	code, body = do("GET", open, made.Key, "")
	if code != 200 {
		t.Fatalf("opened after the game: %d %s", code, body)
	}
	var got ReportOpened
	if err := json.Unmarshal([]byte(body), &got); err != nil || got.Text != "My minion\nwas not destroyed" || !strings.HasPrefix(got.Sandbox, "/sandbox#") {
		t.Fatalf("opened: %s", body)
	}
	// the sandbox link is the game at the reported moment
	text, pick, ms, err := scenario.ParseShare(got.Sandbox)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := scenario.ParsePosition("report", text, pick)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(pos.Setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	rep, _ := l.ReplayFile()
	want, err := rep.Play(moves)
	if err != nil {
		t.Fatal(err)
	}
	if g.Turn != want.Turn || g.Pending.Player != want.Pending.Player || g.NumOptions() != want.NumOptions() || g.Players[0].VP != want.Players[0].VP {
		t.Errorf("the sandbox opens at turn %d (%d options for seat %d), the report was at turn %d (%d options for seat %d)",
			g.Turn, g.NumOptions(), g.Pending.Player, want.Turn, want.NumOptions(), want.Pending.Player)
	}
	// the operator's command: the list, and the report as a scenario that
	// plays to the reported moment (its last check, what was offered, holds)
	var out, errOut strings.Builder
	if code := ReportsMain([]string{"--db", dbPath}, &out, &errOut); code != 0 || !strings.Contains(out.String(), made.Report) || !strings.Contains(out.String(), "My minion") {
		t.Errorf("smashup reports: %d\n%s%s", code, out.String(), errOut.String())
	}
	out.Reset()
	if code := ReportsMain([]string{"--db", dbPath, "show", made.Report}, &out, &errOut); code != 0 {
		t.Fatalf("smashup reports show: %d %s", code, errOut.String())
	}
	if !strings.HasPrefix(out.String(), "# Report "+made.Report) || !strings.Contains(out.String(), "#   was not destroyed") {
		t.Errorf("the scenario does not begin with the report:\n%.300s", out.String())
	}
	scs, err := scenario.Parse("report.yaml", []byte(out.String()))
	if err != nil {
		t.Fatal(err)
	}
	if res := scenario.Run(scs[0]); !res.Pass {
		t.Errorf("the report's scenario: %s", res.Reason)
	}
	if code := ReportsMain([]string{"--db", dbPath, "show", "nosuch"}, &out, &errOut); code != 1 {
		t.Errorf("show of no report: %d", code)
	}
	s.reportLimit = newLimiter(reportRate, reportBurst)
	h = s.Handler() // the handlers hold the limiter they were made with
	for i := 0; i <= reportBurst; i++ {
		code, _ := do("POST", path, tokenOf(cr.Spectator), `{"text":"again"}`)
		if want := map[bool]int{true: 429, false: 201}[i == reportBurst]; code != want {
			t.Errorf("report %d of a burst of %d: %d", i+1, reportBurst, code)
		}
	}
}
