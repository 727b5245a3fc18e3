package server

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/smashup/smashup/internal/store"
)

// Main runs `smashup serve`.
func Main(args []string, out, errOut io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(errOut)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	db := fs.String("db", "smashup.db", "SQLite file for the embedded store (created on first start)")
	pg := fs.String("pg", os.Getenv("SMASHUP_PG"), "PostgreSQL URL for a store shared by several instances (or $SMASHUP_PG); overrides --db")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	logger := log.New(errOut, "smashup: ", log.LstdFlags)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var st store.Store
	var err error
	where := ""
	if *pg != "" {
		st, err = store.OpenPostgres(ctx, *pg)
		where = "PostgreSQL"
	} else {
		st, err = store.OpenSQLite(*db)
		where = *db
	}
	if err != nil {
		fmt.Fprintln(errOut, "error:", err)
		return 1
	}
	defer st.Close()
	srv := New(st)
	srv.Logger = logger
	defer srv.Close()
	if err := srv.Resume(ctx); err != nil {
		fmt.Fprintln(errOut, "error:", err)
		return 1
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(errOut, "error:", err)
		return 1
	}
	// header and idle timeouts on every connection (bodies are capped per
	// route); no whole-request read or write timeout, which would cut the
	// WebSockets that outlive their request
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout: 120 * time.Second, MaxHeaderBytes: 16 << 10}
	fmt.Fprintf(out, "smashup: serving on http://%s (store: %s). Open it in a browser to create a game.\n", ln.Addr(), where)
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(sctx)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(errOut, "error:", err)
		return 1
	}
	return 0
}
