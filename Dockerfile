# syntax=docker/dockerfile:1
# Build: the Swift 6.3 toolchain image, a release binary with the Swift runtime linked in
# statically, stripped.
FROM swift:6.3-bookworm AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libmicrohttpd-dev libhiredis-dev zlib1g-dev pkg-config \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
RUN swift build -c release --static-swift-stdlib --product transition-sim \
 && install -D -m 0755 .build/release/transition-sim /out/transition-sim \
 && strip /out/transition-sim

# Runtime: Debian slim with libmicrohttpd and libhiredis (used only with --store redis://…); the
# binary needs nothing else but libc, libstdc++ and zlib (zlib1g is in every Debian base).
FROM debian:bookworm-slim AS runtime
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libmicrohttpd12 libhiredis0.14 \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin transition-sim
COPY --from=build /out/transition-sim /usr/local/bin/transition-sim
USER transition-sim
ENV TRANSITION_SIM_HOST=0.0.0.0 \
    TRANSITION_SIM_PORT=8080
EXPOSE 8080
# No curl in the image: the binary checks /livez itself.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/usr/local/bin/transition-sim", "healthcheck"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/transition-sim"]
