# The smashup image: one static binary (CGO_ENABLED=0: the SQLite driver,
# modernc.org/sqlite, is pure Go) on an empty base, run as a non-root user
# (65532), with the SQLite file in the volume /data. Its command serves the
# game on the embedded store; give other arguments to run anything else the
# binary does (sim, arena, sim merge...), with no shell in the image.
#
#   docker build -t smashup .
#   docker run --rm -p 8080:8080 -v smashup-data:/data smashup
#
# With no registry to pull the Go image from, build the binary on the host and
# hand it to the last stage: deploy/image/build.sh does that with buildah
# (Debian's package), and writes the image to an OCI archive. See
# docs/operating.md.

# the stage the files of the image come from: "build" compiles them here,
# "prebuilt" takes them as they are from the build context (rootfs/)
ARG FILES=build
ARG GO_IMAGE=docker.io/library/golang:1.26-bookworm

FROM ${GO_IMAGE} AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN sh deploy/image/rootfs.sh /rootfs

FROM scratch AS prebuilt
COPY rootfs/ /rootfs/

FROM ${FILES} AS files

FROM scratch
COPY --from=files /rootfs/etc/ /etc/
COPY --from=files /rootfs/smashup /smashup
COPY --from=files --chown=65532:65532 /rootfs/data/ /data/
USER 65532:65532
WORKDIR /data
VOLUME /data
EXPOSE 8080
ENTRYPOINT ["/smashup"]
CMD ["serve", "--addr", "0.0.0.0:8080", "--db", "/data/smashup.db"]
