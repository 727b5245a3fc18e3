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
port=$((30000 + RANDOM % 20000))
push_port=$((port + 1)) # the local push service of turns.mjs
(cd .. && go build -o "$tmp/smashup" ./cmd/smashup)
# every browser of the test comes from one address, which may keep 8 computer games by default
"$tmp/smashup" serve --addr "127.0.0.1:$port" --db "$tmp/e2e.db" --max-computer-games 100 --push-hosts "http://127.0.0.1:$push_port" > "$art/serve.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
for i in $(seq 50); do curl -sf "http://127.0.0.1:$port/api/factions" >/dev/null && break; sleep 0.2; done
# js SCRIPT ARGS...: one browser script; one that fails is run once more
# (the test fails if it fails again). Its waits are for a person's eye on a
# shared, loaded machine: one late page there is the machine, twice is the
# code. Each script takes new names and games, so a second run starts clean.
js() {
  local t=$SECONDS
  if node "$@"; then echo "   ($1: $((SECONDS - t)) s)"; return 0; fi
  echo "== RETRY once: $1 failed after $((SECONDS - t)) s (a second failure fails the test)"
  node "$@"
}
js words.mjs "$art"
js browser.mjs "http://127.0.0.1:$port" "$art"
js table.mjs "http://127.0.0.1:$port" "$art"
js sandbox.mjs "http://127.0.0.1:$port" "$art"
js lessons.mjs "http://127.0.0.1:$port" "$art"
js anyone.mjs "http://127.0.0.1:$port" "$art"
PUSH_PORT=$push_port js turns.mjs "http://127.0.0.1:$port" "$art"
