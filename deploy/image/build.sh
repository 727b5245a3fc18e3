#!/usr/bin/env bash
# build.sh [TAG [ARCHIVE]]: builds the smashup image without a Docker engine
# or a registry: the binary is built on this host (static, CGO_ENABLED=0), and
# the Dockerfile's last stage is built around it by buildah (apt-get install
# buildah), from scratch, so nothing is pulled. The image is written to an OCI
# archive (default smashup-image.tar), which `podman load`, `docker load` (on
# a machine with an engine), `skopeo copy` or a registry push takes.
set -euo pipefail
cd "$(dirname "$0")/../.."
tag=${1:-localhost/smashup:dev}
archive=${2:-smashup-image.tar}
command -v buildah >/dev/null || { echo "build.sh: buildah is not installed (apt-get install buildah)" >&2; exit 1; }
ctx=$(mktemp -d)
trap 'rm -rf "$ctx"' EXIT
sh deploy/image/rootfs.sh "$ctx/rootfs"
# vfs storage and chroot isolation: they work as root inside a container,
# where overlay mounts and user namespaces may not; nothing is RUN anyway
export STORAGE_DRIVER=${STORAGE_DRIVER:-vfs} BUILDAH_ISOLATION=${BUILDAH_ISOLATION:-chroot}
before=$(buildah images --filter dangling=true -q --no-trunc | sort)
buildah build --layers=false --build-arg FILES=prebuilt -f "$PWD/Dockerfile" -t "$tag" "$ctx"
# the intermediate image of the "prebuilt" stage, left untagged by the build,
# and the working container buildah 1.28 leaves on it
for id in $(comm -13 <(echo "$before") <(buildah images --filter dangling=true -q --no-trunc | sort)); do
	buildah rmi --force "$id" >/dev/null
done
rm -f "$archive"
buildah push "$tag" "oci-archive:$archive:$tag"
echo "build.sh: $tag written to $archive ($(du -h "$archive" | cut -f1))"
