#!/usr/bin/env bash
# Runs the browser end-to-end test: installs Chromium and playwright-core when
# missing, starts `smashup serve` on a temporary database, drives it, stops it.
set -euo pipefail
cd "$(dirname "$0")"
art="${1:-../artifacts}"
mkdir -p "$art"
if [ ! -x /usr/bin/chromium ]; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || { echo "cannot install chromium"; exit 1; }
fi
{ [ -d node_modules/playwright-core ] && [ -d node_modules/axe-core ]; } || npm install --no-audit --no-fund --silent
tmp=$(mktemp -d)
(cd .. && go build -o "$tmp/smashup" ./cmd/smashup)
pid=
trap 'kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
# serve N: a server on a fresh database (the Nth), at $base; its log is
# $art/serve.log (serve-N.log for a retry's). Every browser of the test
# comes from one address, which may keep 8 computer games by default.
serve() {
  [ -z "$pid" ] || { kill -INT "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true; }
  port=$((30000 + RANDOM % 20000))
  push_port=$((port + 1)) # the local push service of turns.mjs
  base="http://127.0.0.1:$port"
  local log="$art/serve.log"
  [ "$1" = 1 ] || log="$art/serve-$1.log"
  "$tmp/smashup" serve --addr "127.0.0.1:$port" --db "$tmp/e2e-$1.db" --max-computer-games 100 --push-hosts "http://127.0.0.1:$push_port" > "$log" 2>&1 &
  pid=$!
  for i in $(seq 50); do curl -sf "$base/api/factions" >/dev/null && break; sleep 0.2; done
}
serve 1
servers=1
# js SCRIPT [URL]: one browser script; one that fails is run once more, on a
# fresh server (its limits per address start again), and the test fails if
# it fails again. Its waits are for a person's eye on a shared, loaded
# machine: one late page there is the machine, twice is the code. Each
# script takes new names and games, so a second run starts clean.
js() {
  local t=$SECONDS
  if PUSH_PORT=$push_port node "$1" ${2:+"$base"} "$art"; then echo "   ($1: $((SECONDS - t)) s)"; return 0; fi
  echo "== RETRY once: $1 failed after $((SECONDS - t)) s (a second failure fails the test); on a fresh server"
  servers=$((servers + 1))
  serve "$servers"
  PUSH_PORT=$push_port node "$1" ${2:+"$base"} "$art"
}
js words.mjs
js browser.mjs url
js table.mjs url
js render.mjs url # the page's render time at 4 players, alone (reported: RENDER ...)
js sandbox.mjs url
js lessons.mjs url
js anyone.mjs url
js turns.mjs url
