// Package pgtest gives tests a PostgreSQL database: the server that
// SMASHUP_TEST_PG names (a connection URL; CI starts a throwaway one), or a
// skipped test without it.
package pgtest

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// URL returns SMASHUP_TEST_PG, skipping the test when it is not set.
func URL(t testing.TB) string {
	t.Helper()
	url := os.Getenv("SMASHUP_TEST_PG")
	if url == "" {
		t.Skip("SMASHUP_TEST_PG not set (CI starts a throwaway PostgreSQL)")
	}
	return url
}

// Fresh creates an empty database next to SMASHUP_TEST_PG's, dropped when the
// test ends, and returns its URL; it skips the test when SMASHUP_TEST_PG is
// not set.
func Fresh(t testing.TB) string {
	t.Helper()
	url := URL(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	name := fmt.Sprintf("smashup_test_%d", time.Now().UnixNano())
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if c, err := pgx.Connect(ctx, url); err == nil {
			c.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
			c.Close(ctx)
		}
	})
	i := strings.LastIndex(url, "/")
	if j := strings.Index(url[i:], "?"); j >= 0 {
		return url[:i+1] + name + url[i+j:]
	}
	return url[:i+1] + name
}
