# The benchgate GitHub Action's image (action.yml: runs.using docker,
# image Dockerfile). The runner builds it at the start of every job that
# uses the action, then runs it with the workspace mounted at
# /github/workspace, the inputs as INPUT_* variables, and the working
# directory set for it. See docs/container.md.

# Build stage: the benchgate binary, from the vendored sources only. No
# network is needed (GOPROXY=off, -mod=vendor); a missing or stale vendor/
# fails here rather than with a download.
FROM golang:1.26.8-bookworm AS build
# The release workflow passes the tag (v1.2.3), which benchgate version
# prints; a development build says devel.
ARG VERSION=devel
WORKDIR /src
ENV CGO_ENABLED=0 GOFLAGS=-mod=vendor GOPROXY=off GOTOOLCHAIN=local
COPY . .
RUN test -f vendor/modules.txt || { \
      echo 'error: vendor/ is missing from the build context'; \
      echo 'hint: run "go mod vendor" at the repository root and commit vendor/'; \
      exit 1; }; \
    go build -trimpath -ldflags "-X github.com/benchgate/benchgate/gate/cli.version=${VERSION}" -o /out/benchgate .

# Warm stage: the image's build cache. With an empty build cache,
# benchgate's builder compiles the standard library and the built-in suite
# before the first round: the suite's builds took 1m35s of a 1m36s run in
# container-e2e. The builder uses this cache on a run with no cache-dir
# input (and no GOCACHE in the step's env), and copies it into an empty
# cache-dir (gate/runner/caches.go, seedFromState). Compiled here once, as the builder would
# (the same Go, environment and flags: go test -c, -trimpath for the suite
# (see gate/runner/prepare.go), none for a package of the user's), they
# come from the cache instead. Only benchmarks/ goes in, so the layers are
# rebuilt when the suite or the base image changes, not with benchgate.
#
# Only the release image carries it (see the end of this file).
#
# The go command deletes the entries that went unused for five days, at
# the end of a build, once a day. A release image is older than that, so
# the first go test -c of a run would delete the entries the next ones
# need; dated in the future, the image's entries are never old. A
# container lasts one job, so nothing is lost by not trimming it.
FROM golang:1.26.8-bookworm AS warm
ENV GOTOOLCHAIN=auto GOFLAGS=-buildvcs=false GOCACHE=/var/cache/benchgate/go-build
COPY benchmarks /tmp/warm/suite
RUN cd /tmp/warm/suite && \
    go test -c -trimpath -o /tmp/warm/bin/ ./primitives ./jwt ./tls && \
    mkdir /tmp/warm/plain && cd /tmp/warm/plain && \
    printf 'module warm\n\ngo 1.19\n' >go.mod && \
    printf 'package warm\n\nimport "testing"\n\nfunc BenchmarkWarm(b *testing.B) {}\n' >warm_test.go && \
    go test -c -o /tmp/warm/bin/plain.test . && \
    find /var/cache/benchgate/go-build -exec touch -h -d 2100-01-01T00:00:00Z {} + && \
    du -sh /var/cache/benchgate/go-build

# Runtime stage: the same golang image, because benchgate builds the
# benchmarks it measures (go test -c) and lets the go command switch
# toolchains (GOTOOLCHAIN=goX.Y.Z downloads that release). The image
# already has git, which benchgate uses for worktrees and for fetching a
# base commit that a shallow checkout lacks. Everything but the binary and
# the warm cache: the two images below add those.
FROM golang:1.26.8-bookworm AS runtime
RUN git --version && go version

# valgrind, for measure "instructions" (instructions/op counted by
# cachegrind): Debian's package. Installed only where the base image lacks
# it, so that an image that has it (the offline stand-in of
# scripts/standin-image.sh) builds without a network.
RUN command -v valgrind >/dev/null || { \
      apt-get update && apt-get install -y --no-install-recommends valgrind && rm -rf /var/lib/apt/lists/*; }; \
    valgrind --version

# GOTOOLCHAIN=auto (the golang image says local): a repository whose go.mod
# asks for a newer Go gets it, as it would with actions/setup-go.
# GOFLAGS=-buildvcs=false: the workspace belongs to the runner's user, not
# to root, so VCS stamping would fail on git's ownership check (benchgate
# also marks the workspace safe.directory). A step's env: overrides both.
ENV GOTOOLCHAIN=auto GOFLAGS=-buildvcs=false

# The golang image makes GOPATH (/go, with /go/bin first on PATH) writable
# by everyone. benchgate runs the code under test as unprivileged users;
# with /go/bin theirs to write, they could plant a "git" or "go" for root
# to run. The builder gets a GOPATH of its own.
RUN chmod -R go-w,-t /go

# benchgate gives the builder its caches in /var/cache/benchgate when no
# cache-dir is set; that directory must be root's and writable by no one
# else, or benchgate does not use it (gate/runner/caches.go's ownDir).
RUN mkdir -m 755 -p /var/cache/benchgate

# Exec form, and the binary itself: the runner passes inputs as INPUT_FAIL-ON
# and the like, which a shell (Debian's dash) would drop. No WORKDIR: the
# runner sets the working directory to the workspace. Runs as root, as the
# runner expects of Docker actions (the workspace and file commands are
# written as root).
ENTRYPOINT ["/usr/local/bin/benchgate"]

# Release image (docker build --target release; .github/workflows/release.yml
# publishes it, and a release tag's action.yml runs it): with the warm
# cache, owned by the builder (gate/runner/isolation.go's builderID), so a
# job's first builds come from it. The cache goes in before the binary, so
# that its layer is reused when only benchgate changes.
FROM runtime AS release
COPY --from=warm --chown=2000000000:2000000000 /var/cache/benchgate/go-build /var/cache/benchgate/go-build
COPY --from=build /out/benchgate /usr/local/bin/benchgate

# Development image, the default target: what `image: Dockerfile` on main
# (`uses: ./`, `@main`) builds at the start of every job. Without the warm
# cache: compiling it here would cost each such job about two minutes of
# image build to save under a minute of benchgate's builds (docs/container.md,
# "Job start"). BuildKit, and podman's Docker API that act uses, do not
# build the warm stage for this target.
FROM runtime
COPY --from=build /out/benchgate /usr/local/bin/benchgate
