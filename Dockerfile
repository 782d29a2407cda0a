# syntax=docker/dockerfile:1
# Build: the Swift 6.3 toolchain image, a release binary with the Swift runtime linked in
# statically, stripped. VERSION and COMMIT go into the binary (--version, the start line,
# transition_sim_build_info) and the image's labels, SOURCE (the repository's URL) the labels:
#   docker build --build-arg COMMIT="$(git rev-parse --short=12 HEAD)" --build-arg SOURCE=… -t transition-sim .
ARG VERSION=0.1.0
ARG COMMIT=unknown
ARG SOURCE=

FROM swift:6.3-bookworm AS build
ARG VERSION
ARG COMMIT
# Not pinned (hadolint DL3008): the base image's tag fixes the Debian release, and within it the
# point releases are security fixes a rebuild should take.
# hadolint ignore=DL3008
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libmicrohttpd-dev libhiredis-dev zlib1g-dev pkg-config \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift openapi.yaml ./
COPY Plugins ./Plugins
COPY Sources ./Sources
# SwiftPM checks every target's folder when it loads the package, the test targets' too.
COPY Tests ./Tests
RUN TRANSITION_SIM_VERSION="$VERSION" TRANSITION_SIM_COMMIT="$COMMIT" \
    swift build -c release --static-swift-stdlib --product transition-sim \
 && install -D -m 0755 .build/release/transition-sim /out/transition-sim \
 && strip /out/transition-sim

# Runtime: Debian slim with libmicrohttpd and libhiredis (used only with --store redis://…); the
# binary needs nothing else but libc, libstdc++ and zlib (zlib1g is in every Debian base).
FROM debian:bookworm-slim AS runtime
ARG VERSION
ARG COMMIT
ARG SOURCE
LABEL org.opencontainers.image.title="transition-sim" \
      org.opencontainers.image.description="Deterministic simulation of UIKit view-controller transitions over HTTP" \
      org.opencontainers.image.source="$SOURCE" \
      org.opencontainers.image.version="$VERSION" \
      org.opencontainers.image.revision="$COMMIT" \
      org.opencontainers.image.licenses="LicenseRef-Proprietary"
# Not pinned, for the same reason as above.
# hadolint ignore=DL3008
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libmicrohttpd12 libhiredis0.14 \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 transition-sim \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin transition-sim
COPY --from=build /out/transition-sim /usr/local/bin/transition-sim
# Numeric, so that Kubernetes' runAsNonRoot can verify it without the image's /etc/passwd.
USER 10001:10001
ENV TRANSITION_SIM_HOST=0.0.0.0 \
    TRANSITION_SIM_PORT=8080
EXPOSE 8080
# No curl in the image: the binary checks /livez itself, with the server's own flags (it reads
# PID 1's arguments) and environment, so `docker run IMAGE --port 9000` stays healthy.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/usr/local/bin/transition-sim", "healthcheck"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/transition-sim"]
