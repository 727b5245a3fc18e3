package server

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/smashup/smashup/internal/store"
	"github.com/smashup/smashup/internal/table"
	"github.com/smashup/smashup/internal/version"
)

// Main runs `smashup serve`.
func Main(args []string, out, errOut io.Writer) int {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	return serve(args, out, errOut, sigs)
}

// serve is Main, told of signals by sigs: on SIGTERM the server drains
// (/readyz says 503 while requests are still served, --drain long, cut short
// by a second signal), then stops; on Ctrl-C (SIGINT) it stops at once.
func serve(args []string, out, errOut io.Writer, sigs <-chan os.Signal) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(errOut)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	db := fs.String("db", "smashup.db", "SQLite file for the embedded store (created on first start)")
	pg := fs.String("pg", "", "PostgreSQL URL for a store shared by several instances (or $SMASHUP_PG); overrides --db")
	pushHosts := fs.String("push-hosts", "", "push services beyond the browsers' own that \"your turn\" messages may be posted to, comma-separated: host names (HTTPS), or whole origins such as http://127.0.0.1:8099 (a local receiver, for tests)")
	pushContact := fs.String("push-contact", "", "who the push services may contact about this server's messages: an https: URL or a mail address (default: --origin)")
	origin := fs.String("origin", "", "the server's public origin (e.g. https://smashup.example): the relying party of passkeys; empty: each request's own host")
	trustProxy := fs.Bool("trust-proxy", false, "behind a reverse proxy: take each client's address from the last X-Forwarded-For entry (for per-address limits)")
	fullSync := fs.Bool("full-sync", false, "SQLite: flush every move to the disk before answering (survives a power cut; slower)")
	logJSON := fs.Bool("log-json", false, "log JSON lines instead of text")
	debug := fs.Bool("debug", false, "log every request, static files included")
	answerPause := fs.Duration("answer-pause", 500*time.Millisecond, "the pace of the answers the server makes when a person sits at the table: a computer seat's answer reaches it this long after the question (twice for max, whose search stops there), a person's pass in a Me First window with nothing to play or answer without a real choice after a time drawn from their own answers (one to four pauses at first); so timing tells nothing of what a seat holds")
	fs.Var(durationAlias{answerPause}, "window-pause", "the older name of -answer-pause")
	maxComputerGames := fs.Int("max-computer-games", table.DefaultMaxComputerGames, "how many unfinished games with computer players one client address may have at once (0: no limit)")
	keep := fs.Duration("keep", 0, "delete finished games (their moves, replay and review) once they have been over this long, e.g. 720h for 30 days (0: keep them for ever)")
	keepIdle := fs.Duration("keep-unfinished", 0, "delete unfinished games that have had no move for this long, e.g. 2160h for 90 days (0: keep them for ever)")
	drain := fs.Duration("drain", 10*time.Second, "on SIGTERM, how long /readyz answers 503 (so that load balancers stop sending requests here) while requests are still served, before the server stops (Ctrl-C stops at once)")
	showVersion := fs.Bool("version", false, "print the version (the build's and the rules') and exit")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: smashup serve [flags]\n\nEvery flag may also be set by an environment variable, SMASHUP_ and its name in capitals with _ for -\n(--addr: SMASHUP_ADDR, --answer-pause: SMASHUP_ANSWER_PAUSE); a flag given wins over its variable.\n\nflags:")
		fs.PrintDefaults()
	}
	if err := FlagsFromEnv(fs, lookupEnv); err != nil {
		fmt.Fprintln(errOut, "error:", err)
		return 2
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *showVersion {
		fmt.Fprintln(out, version.Read())
		return 0
	}
	opts := &slog.HandlerOptions{Level: slog.LevelInfo}
	if *debug {
		opts.Level = slog.LevelDebug
	}
	var logger *slog.Logger
	if *logJSON {
		logger = slog.New(slog.NewJSONHandler(errOut, opts))
	} else {
		logger = slog.New(slog.NewTextHandler(errOut, opts))
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var st store.Store
	var err error
	where := ""
	if *pg != "" {
		st, err = store.OpenPostgres(ctx, *pg)
		where = "PostgreSQL"
	} else {
		var opts []store.SQLiteOption
		if *fullSync {
			opts = append(opts, store.FullSync())
		}
		st, err = store.OpenSQLite(*db, opts...)
		where = *db
	}
	if err != nil {
		fmt.Fprintln(errOut, "error:", err)
		return 1
	}
	defer st.Close()
	srv := New(st)
	srv.Logger = logger
	srv.TrustProxy = *trustProxy
	srv.Origin = *origin
	contact := *pushContact
	if contact == "" && *origin != "" {
		contact = *origin
	}
	srv.SetPushHosts(strings.Split(*pushHosts, ","), contact)
	srv.AnswerPause = *answerPause
	srv.MaxComputerGames = *maxComputerGames
	srv.KeepDone, srv.KeepIdle = *keep, *keepIdle
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		srv.Close()
		fmt.Fprintln(errOut, "error:", err)
		return 1
	}
	// timeouts on every connection: header, idle, a request read within
	// ReadTimeout and answered within WriteTimeout (a WebSocket clears both
	// when it takes the connection over: it has deadlines of its own)
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 60 * time.Second, IdleTimeout: 120 * time.Second, MaxHeaderBytes: 16 << 10,
		ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelWarn)}
	fmt.Fprintf(out, "smashup: serving on http://%s (store: %s). Open it in a browser to create a game.\n", ln.Addr(), where)
	logger.Info("serving", "addr", ln.Addr().String(), "store", where)
	// listen at once; stored games load on first use, and in the background
	// (so that computer seats carry on): /readyz says when that is done
	go func() {
		if err := srv.Resume(ctx); err != nil && ctx.Err() == nil {
			logger.Error("resuming stored games", "err", err)
		}
		srv.SetReady()
	}()
	// on SIGTERM: drain (/readyz says 503, requests are still served); then,
	// or at once on Ctrl-C: stop taking requests, let those in hand (a move
	// being stored) finish, then stop the computer players after their move
	// in hand and close every WebSocket with a reason
	done := make(chan struct{})
	go func() {
		defer close(done)
		select {
		case sig := <-sigs:
			if sig == syscall.SIGTERM && *drain > 0 {
				srv.Drain()
				logger.Info("draining: /readyz answers 503, requests are still served", "for", drain.String())
				select {
				case <-time.After(*drain):
				case <-sigs:
					logger.Info("draining cut short by a second signal")
				case <-ctx.Done():
				}
			}
			stop()
		case <-ctx.Done():
		}
		logger.Info("stopping: finishing the requests in hand")
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := hs.Shutdown(sctx); err != nil {
			logger.Warn("stopping: requests still in hand were cut", "err", err)
		}
		srv.Close()
		logger.Info("stopped")
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(errOut, "error:", err)
		stop()
		<-done
		return 1
	}
	<-done
	return 0
}

// durationAlias is a second flag name for a duration flag.
type durationAlias struct{ d *time.Duration }

func (a durationAlias) String() string {
	if a.d == nil {
		return ""
	}
	return a.d.String()
}

func (a durationAlias) Set(s string) error {
	v, err := time.ParseDuration(s)
	if err == nil {
		*a.d = v
	}
	return err
}

// lookupEnv reads the environment (tests replace it).
var lookupEnv = os.LookupEnv

// EnvName is the environment variable that sets flag name: SMASHUP_ and
// the name in capitals, - as _ (answer-pause: SMASHUP_ANSWER_PAUSE).
func EnvName(name string) string {
	return "SMASHUP_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
}

// FlagsFromEnv sets each flag of fs from its environment variable (EnvName),
// read with lookup, when it is set; call it before fs.Parse, so that a flag
// given on the command line wins. A value the flag refuses is an error that
// names the variable.
func FlagsFromEnv(fs *flag.FlagSet, lookup func(string) (string, bool)) error {
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		v, ok := lookup(EnvName(f.Name))
		if !ok || err != nil {
			return
		}
		if e := f.Value.Set(v); e != nil {
			err = fmt.Errorf("$%s=%q: %v", EnvName(f.Name), v, e)
		}
	})
	return err
}
