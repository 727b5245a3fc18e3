package server

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/smashup/smashup/internal/store"
)

// ReportsMain runs `smashup reports`: the operator's list of what players
// reported, and each report as a scenario (`smashup reports show ID`: save
// it, make its last check say what should have happened, and it is a
// failing scenario for `smashup scenario`), or as its game's replay
// (`smashup reports replay ID`, for `smashup replay`).
func ReportsMain(args []string, out, errOut io.Writer) int {
	fs := flag.NewFlagSet("reports", flag.ContinueOnError)
	fs.SetOutput(errOut)
	db := fs.String("db", "smashup.db", "the SQLite file the server uses")
	pg := fs.String("pg", os.Getenv("SMASHUP_PG"), "the PostgreSQL URL the servers use (or $SMASHUP_PG); overrides --db")
	limit := fs.Int("limit", 50, "list at most this many reports, the latest first")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: smashup reports [flags]              list the reports, the latest first\n       smashup reports [flags] show ID      print report ID as a scenario\n       smashup reports [flags] replay ID    print the replay of report ID's game up to it\n\nflags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	rest := fs.Args()
	if len(rest) != 0 && (len(rest) != 2 || (rest[0] != "show" && rest[0] != "replay")) {
		fs.Usage()
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var st store.Store
	var err error
	if *pg != "" {
		st, err = store.OpenPostgres(ctx, *pg)
	} else {
		if _, serr := os.Stat(*db); serr != nil {
			fmt.Fprintln(errOut, "error:", serr)
			return 1
		}
		st, err = store.OpenSQLite(*db)
	}
	if err != nil {
		fmt.Fprintln(errOut, "error:", err)
		return 1
	}
	defer st.Close()
	rs, ok := st.(store.Reports)
	if !ok {
		fmt.Fprintln(errOut, "error: this store keeps no reports")
		return 1
	}
	if len(rest) == 0 {
		l, err := rs.ListReports(ctx, max(*limit, 1))
		if err != nil {
			fmt.Fprintln(errOut, "error:", err)
			return 1
		}
		if len(l) == 0 {
			fmt.Fprintln(out, "no reports")
		}
		for _, r := range l {
			first, _, _ := strings.Cut(r.Text, "\n")
			who := "spectator"
			if r.Seat >= 0 {
				who = fmt.Sprintf("seat %d", r.Seat+1)
			}
			as := "scenario"
			if r.Scenario == "" {
				as = "replay only: " + r.Problem
			}
			fmt.Fprintf(out, "%s  %s  game %s, decision %d, %s (%s)\n    %s\n", r.ID, r.Created.Format("2006-01-02 15:04"), r.Game, r.Move, who, as, first)
		}
		return 0
	}
	r, err := rs.LoadReport(ctx, rest[1])
	if err != nil {
		fmt.Fprintln(errOut, "error: report", rest[1]+":", err)
		return 1
	}
	switch {
	case rest[0] == "replay":
		out.Write(r.Replay)
		fmt.Fprintln(out)
	case r.Scenario == "":
		fmt.Fprintf(errOut, "error: report %s could not be written as a scenario (%s); its replay: smashup reports replay %s\n", r.ID, r.Problem, r.ID)
		return 1
	default:
		io.WriteString(out, r.Scenario)
	}
	return 0
}
