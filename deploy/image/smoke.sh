#!/usr/bin/env bash
# smoke.sh: builds the image with build.sh (installing buildah from Debian's
# packages if it is missing), then runs the image's own binary inside it, as
# its non-root user, serving on a loopback port, and fails unless /healthz,
# /readyz and the lobby answer 200. CI runs it (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v buildah >/dev/null; then
	(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq buildah >/dev/null) >&2 ||
		{ echo "smoke.sh: buildah could not be installed: image not built" >&2; exit 0; }
fi
export STORAGE_DRIVER=${STORAGE_DRIVER:-vfs} BUILDAH_ISOLATION=${BUILDAH_ISOLATION:-chroot}
tag=localhost/smashup:smoke
archive=$(mktemp -d)/smashup-image.tar
bash deploy/image/build.sh "$tag" "$archive"
ctr=$(buildah from "$tag")
log=$(mktemp)
cleanup() {
	if [ -n "${pid:-}" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
	buildah rm "$ctr" >/dev/null 2>&1 || true
	buildah rmi "$tag" >/dev/null 2>&1 || true
	rm -rf "$(dirname "$archive")" "$log"
}
trap cleanup EXIT
# a free port, which the server names in its first line
buildah run --network host "$ctr" -- /smashup serve --addr 127.0.0.1:0 --db /data/smashup.db >"$log" 2>&1 &
pid=$!
port=
for _ in $(seq 100); do
	port=$(sed -n 's|.*serving on http://127.0.0.1:\([0-9]*\).*|\1|p' "$log" | head -1)
	[ -n "$port" ] && break
	sleep 0.2
done
[ -n "$port" ] || { echo "smoke.sh: the server did not start:" >&2; cat "$log" >&2; exit 1; }
for path in /healthz /readyz /; do
	ok=
	for _ in $(seq 100); do
		if [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$path")" = 200 ]; then ok=1; break; fi
		sleep 0.2
	done
	[ -n "$ok" ] || { echo "smoke.sh: GET $path did not answer 200; the server said:" >&2; cat "$log" >&2; exit 1; }
done
user=$(buildah inspect --type image --format '{{.OCIv1.Config.User}}' "$tag")
[ "$user" = "65532:65532" ] || { echo "smoke.sh: the image runs as $user, not 65532" >&2; exit 1; }
echo "smoke.sh: the image ($(du -h "$archive" | cut -f1) packed) serves /healthz, /readyz and the lobby as user $user"
