#!/bin/sh
# rootfs.sh DIR: lays out in DIR the files of the smashup image: the static
# binary, the non-root user, CA certificates (for PostgreSQL over TLS with
# sslmode=verify-full) and the empty data directory. Run from the repository's
# root, by the Dockerfile's build stage and by build.sh on the host alike.
set -eu
dir=$1
mkdir -p "$dir/etc/ssl/certs" "$dir/data"
CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o "$dir/smashup" ./cmd/smashup
printf 'root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/data:/sbin/nologin\n' >"$dir/etc/passwd"
printf 'root:x:0:\nnonroot:x:65532:\n' >"$dir/etc/group"
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
	cp /etc/ssl/certs/ca-certificates.crt "$dir/etc/ssl/certs/"
else
	echo "rootfs.sh: no /etc/ssl/certs/ca-certificates.crt here (Debian's ca-certificates): the image will hold no CA certificates" >&2
fi
