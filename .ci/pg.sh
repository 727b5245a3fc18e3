#!/usr/bin/env bash
# Starts a throwaway PostgreSQL in a temporary directory and prints its URL.
# Usage: eval "$(bash .ci/pg.sh)"   (exports SMASHUP_TEST_PG and PGTMP)
set -euo pipefail
bindir=""
for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && bindir=$d; done
if [ -z "$bindir" ] && command -v initdb >/dev/null; then bindir=$(dirname "$(command -v initdb)"); fi
if [ -z "$bindir" ]; then
  (apt-get update -qq && apt-get install -y -qq postgresql >/dev/null) >&2 || { echo "echo 'no PostgreSQL available' >&2"; exit 0; }
  for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && bindir=$d; done
fi
tmp=$(mktemp -d /tmp/smashup-pg.XXXXXX)
chmod 777 "$tmp"
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*" 2>/dev/null || runuser -u nobody -- sh -c "$*"; else sh -c "$*"; fi; }
if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then useradd -r postgres >&2 || true; fi
run "$bindir/initdb -D $tmp/data -U smashup -A trust" >&2
port=$((20000 + RANDOM % 20000))
run "$bindir/pg_ctl -D $tmp/data -o '-p $port -k $tmp -c listen_addresses=127.0.0.1' -l $tmp/log -w start" >&2
echo "export PGTMP=$tmp PGBIN=$bindir SMASHUP_TEST_PG='postgres://smashup@127.0.0.1:$port/postgres?sslmode=disable'"
