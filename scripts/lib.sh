# shellcheck shell=bash
# Helpers shared by the container scripts (standin-image.sh, container-e2e.sh,
# act-e2e.sh). Source it; it does nothing by itself.
#
# Everything here is idempotent: a fresh CI machine gets the packages and
# configuration it needs, a machine that has them is left alone.

BG_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# The pinned act release that runs action.yml (see docs/container.md).
ACT_VERSION=${ACT_VERSION:-v0.2.82}

# Podman's defaults do not work in this sandbox: crun is not usable and the
# default ulimits (nofile=1048576) exceed the hard limit the machine gives us.
PODMAN_ULIMITS=(--ulimit nofile=20000:20000 --ulimit nproc=4096:4096)

# usage: print the calling script's header comment (its documentation).
usage() {
	awk 'NR == 1 { next } !/^#/ { exit } /^# (shellcheck|The checks)/ { next } { sub(/^# ?/, ""); print }' "$0"
}

log() { printf '==> %s\n' "$*" >&2; }
warn() { printf 'warning: %s\n' "$*" >&2; }

# die MESSAGE [HINT]: print an error (and a hint) and exit 2, the scripts'
# "could not set up" status; test failures exit 1.
die() {
	printf 'error: %s\n' "$1" >&2
	[ $# -lt 2 ] || printf 'hint: %s\n' "$2" >&2
	exit 2
}

pm() { podman --runtime runc "$@"; }

# ensure_packages PKG...: install the Debian packages that are missing.
ensure_packages() {
	local missing=() p
	for p in "$@"; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$p")
	done
	[ ${#missing[@]} -gt 0 ] || return 0
	[ "$(id -u)" = 0 ] || die "missing packages: ${missing[*]}" "run as root, or apt-get install them yourself"
	log "installing ${missing[*]}"
	apt-get update -q >/dev/null
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null
}

ensure_podman() {
	ensure_packages podman runc uidmap slirp4netns fuse-overlayfs git
}

# ensure_act: put act $ACT_VERSION on PATH (go install; the module proxy is
# reachable, GitHub is not).
ensure_act() {
	local gobin
	gobin=$(go env GOBIN)
	[ -n "$gobin" ] || gobin="$(go env GOPATH)/bin"
	export PATH="$gobin:$PATH"
	if command -v act >/dev/null && [ "$(act --version 2>/dev/null)" = "act version ${ACT_VERSION#v}" ]; then
		return 0
	fi
	log "installing act $ACT_VERSION"
	GOFLAGS='' GOTOOLCHAIN=local go install "github.com/nektos/act@$ACT_VERSION"
}

# dockerfile_base_image [DOCKERFILE]: the image the Dockerfile's first stage
# is FROM, fully qualified the way podman stores it
# (golang:1.26.8-bookworm -> docker.io/library/golang:1.26.8-bookworm).
dockerfile_base_image() {
	local df=${1:-$BG_ROOT/Dockerfile} ref
	ref=$(awk 'toupper($1) == "FROM" { for (i = 2; i <= NF; i++) if ($i !~ /^--/) { print $i; exit } }' "$df")
	[ -n "$ref" ] || die "no FROM line in $df"
	qualify_image "$ref"
}

qualify_image() {
	local ref=$1 first=${1%%/*}
	if [ "$first" = "$ref" ]; then
		ref="docker.io/library/$ref"
	elif [[ $first != *.* && $first != *:* && $first != localhost ]]; then
		ref="docker.io/$ref"
	fi
	printf '%s\n' "$ref"
}

# on_exit CMD: run CMD when the script exits, after the commands registered
# later.
BG_CLEANUP=()
bg_cleanup() {
	local i
	for ((i = ${#BG_CLEANUP[@]} - 1; i >= 0; i--)); do
		eval "${BG_CLEANUP[i]}" || true
	done
}
trap bg_cleanup EXIT
on_exit() { BG_CLEANUP+=("$1"); }

# make_workdir NAME KEEP: set WORK to a new directory
# /var/tmp/benchgate-NAME.XXXXXX, removed on exit unless KEEP is true.
make_workdir() {
	WORK=$(mktemp -d "/var/tmp/benchgate-$1.XXXXXX")
	if $2; then
		on_exit "echo 'kept $WORK' >&2"
	else
		on_exit "rm -rf $(printf %q "$WORK")"
	fi
}

# git with a fixed identity and no system or user configuration, so the
# fixtures are the same on every machine.
fgit() {
	GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null \
		GIT_AUTHOR_NAME=benchgate GIT_AUTHOR_EMAIL=e2e@benchgate.invalid \
		GIT_COMMITTER_NAME=benchgate GIT_COMMITTER_EMAIL=e2e@benchgate.invalid \
		git "$@"
}

# make_pr_origin DIR SUBDIR [package|module] [EXTRA]: make a repository at
# DIR shaped like a GitHub repository with an open pull request:
#   main          the base commit: what DIR already holds plus the fixture
#                 module (testdata/action/fixture) in SUBDIR ("." for the
#                 root); with "package", its go.mod is left out, so the
#                 fixture is a package of the module DIR holds;
#   slower        the head commit: fixture-head/work.go over it, and the
#                 files of the directory EXTRA if given (e.g.
#                 testdata/action/fixture-hostile);
#   refs/pull/7/merge  GitHub's test merge of slower into main, which is
#                 what actions/checkout checks out for pull_request events.
# Sets BASE_SHA, HEAD_SHA and MERGE_SHA.
make_pr_origin() {
	local dir=$1 sub=$2 fx=$BG_ROOT/testdata/action
	mkdir -p "$dir/$sub"
	if [ "${3:-}" = package ]; then
		cp "$fx"/fixture/*.go "$dir/$sub/"
	else
		cp "$fx"/fixture/* "$dir/$sub/"
	fi
	fgit -C "$dir" init -q -b main
	fgit -C "$dir" add -A
	fgit -C "$dir" commit -q -m "base: two benchmarks"
	BASE_SHA=$(fgit -C "$dir" rev-parse HEAD)
	fgit -C "$dir" checkout -q -b slower
	cp "$fx/fixture-head/work.go" "$dir/$sub/work.go"
	[ -z "${4:-}" ] || cp "$4"/* "$dir/$sub/"
	fgit -C "$dir" add -A
	fgit -C "$dir" commit -q -m "make Slow four times as slow"
	HEAD_SHA=$(fgit -C "$dir" rev-parse HEAD)
	fgit -C "$dir" checkout -q --detach main
	fgit -C "$dir" merge -q --no-ff -m "Merge $HEAD_SHA into $BASE_SHA" slower
	MERGE_SHA=$(fgit -C "$dir" rev-parse HEAD)
	fgit -C "$dir" update-ref refs/pull/7/head "$HEAD_SHA"
	fgit -C "$dir" update-ref refs/pull/7/merge "$MERGE_SHA"
	fgit -C "$dir" checkout -q main
}

# checkout_like_actions URL DIR SHA: what actions/checkout@v4 does for a
# pull_request event with its defaults (fetch-depth 1, persist-credentials):
# init, add origin, keep the token as an extraheader in .git/config (here
# CHECKOUT_TOKEN, a fake), fetch only the merge commit at depth 1, check it
# out detached.
CHECKOUT_TOKEN=ghs_e2eCheckoutToken0123456789
checkout_like_actions() {
	local url=$1 dir=$2 sha=$3
	fgit init -q "$dir"
	fgit -C "$dir" remote add origin "$url"
	fgit -C "$dir" config --local gc.auto 0
	fgit -C "$dir" config --local http.https://github.com/.extraheader \
		"AUTHORIZATION: basic $(printf 'x-access-token:%s' "$CHECKOUT_TOKEN" | base64)"
	fgit -C "$dir" -c protocol.version=2 fetch -q --no-tags --prune --no-recurse-submodules --depth=1 \
		origin "+$sha:refs/remotes/pull/7/merge"
	fgit -C "$dir" checkout -q --force refs/remotes/pull/7/merge
}

# pr_event TEMPLATE OWNER REPO: the pull_request payload for the fixture.
pr_event() {
	sed -e "s/@BASE_SHA@/$BASE_SHA/g" -e "s/@HEAD_SHA@/$HEAD_SHA/g" \
		-e "s/@OWNER@/$2/g" -e "s/@REPO@/$3/g" "$1"
}

# action_inputs [ACTION_YML]: each input of action.yml as NAME<TAB>DEFAULT
# (quotes removed). A small reader for this file's layout, not general YAML.
action_inputs() {
	awk '
		/^[^ #]/ { sect = $1 }
		sect == "inputs:" && /^  [A-Za-z0-9_-]+:[ ]*$/ { name = $1; sub(/:$/, "", name); names[++n] = name; def[name] = ""; next }
		sect == "inputs:" && /^    default:/ {
			v = $0; sub(/^    default:[ ]*/, "", v)
			if (v ~ /^".*"$/ || v ~ /^\047.*\047$/) v = substr(v, 2, length(v) - 2)
			def[name] = v
		}
		END { for (i = 1; i <= n; i++) print names[i] "\t" def[names[i]] }
	' "${1:-$BG_ROOT/action.yml}"
}

# read_outputs FILE: GITHUB_OUTPUT as NAME=VALUE lines, from both the
# "name<<DELIMITER" heredoc form (go-githubactions writes it) and the plain
# name=value form. Newlines inside a value are shown as \n.
read_outputs() {
	awk '
		mode == 1 { if ($0 == delim) { print name "=" val; mode = 0 } else { val = first ? $0 : val "\\n" $0; first = 0 }; next }
		/^[^=]*<</ { i = index($0, "<<"); name = substr($0, 1, i - 1); delim = substr($0, i + 2); mode = 1; val = ""; first = 1; next }
		/=/ { print }
	' "$1"
}

# output NAME FILE: one output's value.
output() {
	read_outputs "$2" | awk -v n="$1" 'index($0, n "=") == 1 { v = substr($0, length(n) + 2) } END { printf "%s", v }'
}

# not COMMAND...: succeed when COMMAND fails.
not() { ! "$@"; }

# Checks. check NAME COMMAND...: run COMMAND, record pass or fail.
CHECKS_PASSED=() CHECKS_FAILED=()
check() {
	local name=$1
	shift
	if "$@"; then
		CHECKS_PASSED+=("$name")
		printf '    ok    %s\n' "$name" >&2
	else
		CHECKS_FAILED+=("$name")
		printf '    FAIL  %s\n' "$name" >&2
	fi
}

# summarize SCRIPT: print the verdict; returns 1 when a check failed.
summarize() {
	local n
	echo
	if [ ${#CHECKS_FAILED[@]} -eq 0 ]; then
		echo "PASS: $1: all ${#CHECKS_PASSED[@]} checks passed"
	else
		echo "FAIL: $1: ${#CHECKS_FAILED[@]} of $((${#CHECKS_PASSED[@]} + ${#CHECKS_FAILED[@]})) checks failed:"
		for n in "${CHECKS_FAILED[@]}"; do echo "  - $n"; done
	fi
	echo "${#CHECKS_PASSED[@]} passed, ${#CHECKS_FAILED[@]} failed"
	[ ${#CHECKS_FAILED[@]} -eq 0 ]
}

# build_context DIR_VAR VENDOR_SCRATCH: the directory to build the image
# from: the repository itself, or, when vendor/ is missing and
# VENDOR_SCRATCH is true, a copy of it with `go mod vendor` run in it.
build_context() {
	local __var=$1 __scratch=$2 __dir
	if [ -f "$BG_ROOT/vendor/modules.txt" ]; then
		printf -v "$__var" %s "$BG_ROOT"
		return
	fi
	$__scratch || die "vendor/ is missing, and the image builds offline from vendored sources" \
		"run 'go mod vendor' at the repository root, or pass --vendor-scratch to vendor in a throwaway copy"
	__dir=$(mktemp -d /var/tmp/benchgate-ctx.XXXXXX)
	on_exit "rm -rf $(printf %q "$__dir")"
	warn "vendor/ is missing: building from a copy with 'go mod vendor' run in it (--vendor-scratch)"
	# Others may be editing the tree: a file that changes while tar reads
	# it is a warning (status 1), not a failure.
	{ tar -C "$BG_ROOT" --exclude=./.git --exclude=./.benchgate --warning=no-file-changed -cf - . || [ $? -eq 1 ]; } |
		tar -C "$__dir" -xf -
	(cd "$__dir" && GOFLAGS=-mod=mod go mod vendor) || die "go mod vendor failed in the copy"
	printf -v "$__var" %s "$__dir"
}

# prune_old_images: every build whose sources changed leaves its build
# stage behind as an untagged image (about 600 MB). Those older than an
# hour are dropped; newer ones stay as podman's layer cache.
prune_old_images() {
	pm image prune -f --filter until=1h >/dev/null 2>&1 || true
}

# WARM_IMAGE tags the Dockerfile's warm stage (the prebuilt Go cache),
# which depends only on benchmarks/ and the base image. Untagged, it would
# be pruned an hour after it was built, and the next run would spend about
# two minutes compiling the suite again.
WARM_IMAGE=localhost/benchgate-warm:cache

# build_target TARGET TAG CONTEXT WHAT: podman build of one stage of the
# real Dockerfile, offline, tagged TAG; on failure the log's tail and
# "WHAT did not build".
build_target() {
	local target=$1 tag=$2 ctx=$3 what=$4
	if ! pm build --pull=never --network=none "${PODMAN_ULIMITS[@]}" --target "$target" -t "$tag" \
		-f "$ctx/Dockerfile" "$ctx" >"$WORK/build-$target.log" 2>&1; then
		tail -n 40 "$WORK/build-$target.log" >&2
		die "$what did not build (log above)"
	fi
}

# keep_warm_stage CONTEXT: build (or find in the layer cache) the warm
# stage and tag it, so prune_old_images leaves it; a later build of the
# release image reuses its layers.
keep_warm_stage() {
	local ctx=$1 t0=$SECONDS
	build_target warm "$WARM_IMAGE" "$ctx" "the Dockerfile's warm stage"
	log "warm stage $WARM_IMAGE ready in $((SECONDS - t0))s"
}

# build_image TAG CONTEXT: podman build of the real Dockerfile's release
# image (target release, as .github/workflows/release.yml builds it),
# offline.
build_image() {
	local tag=$1 ctx=$2 t0=$SECONDS
	"$BG_ROOT/scripts/standin-image.sh" || die "could not make the stand-in base image"
	prune_old_images
	keep_warm_stage "$ctx"
	log "podman build $ctx/Dockerfile -> $tag"
	build_target release "$tag" "$ctx" "the image"
	log "image built in $((SECONDS - t0))s"
}

# start_podman_service: podman's Docker API, with the settings that work
# here, on a private socket in $WORK; sets SOCK. CONTAINERS_CONF points
# podman at our file, so the machine's /etc/containers is left alone.
start_podman_service() {
	cat >"$WORK/containers.conf" <<'CONF'
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=4096:4096"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
CONF
	SOCK=$WORK/podman.sock
	CONTAINERS_CONF=$WORK/containers.conf podman --runtime runc system service --time=0 "unix://$SOCK" \
		>"$WORK/podman-service.log" 2>&1 &
	local pid=$!
	on_exit "kill $pid 2>/dev/null; wait $pid 2>/dev/null"
	for _ in $(seq 50); do [ -S "$SOCK" ] && break; sleep 0.2; done
	[ -S "$SOCK" ] || { cat "$WORK/podman-service.log" >&2; die "podman system service did not start"; }
	least_cpu_weight "$pid" podman-service
}

# least_cpu_weight PID NAME: move process PID (all its threads) into a CPU
# cgroup NAME of its own, with the least weight, so that it runs only on
# CPU time nobody else wants; warns and goes on where cgroups cannot be
# written. Why: podman 4.3's Docker-compatible wait, which act calls on
# every container, polls the container's state in a loop that keeps a
# whole CPU busy (containers/podman#18150, fixed in podman 4.5; Debian
# bookworm has 4.3.1). On 2 CPUs that halved the gate's CPU under act:
# its builds took 111 s against 27 s for the same cold build in the same
# image run by podman's command line. The containers the service starts
# are not in its cgroup (cgroupfs puts them under /libpod_parent), so they
# keep their weight.
least_cpu_weight() {
	local pid=$1 g
	if [ -w /sys/fs/cgroup/cpu/cgroup.procs ]; then
		# cgroup v1: cpu.shares 2 is the least (1024 is everyone else's).
		g=/sys/fs/cgroup/cpu/benchgate-$2-$$
		mkdir -p "$g" && echo 2 >"$g/cpu.shares" && echo "$pid" >"$g/cgroup.procs" ||
			{ warn "could not lower the CPU weight of $2 (cgroup v1); act runs will be slower"; return 0; }
	elif grep -qw cpu /sys/fs/cgroup/cgroup.subtree_control 2>/dev/null; then
		# cgroup v2: cpu.weight 1 is the least (100 is the default).
		g=/sys/fs/cgroup/benchgate-$2-$$
		mkdir -p "$g" && echo 1 >"$g/cpu.weight" && echo "$pid" >"$g/cgroup.procs" ||
			{ warn "could not lower the CPU weight of $2 (cgroup v2); act runs will be slower"; return 0; }
	else
		warn "no writable CPU cgroup: $2 keeps its CPU weight; act runs will be slower"
		return 0
	fi
	# Exit handlers run last first: stop the process, then remove its
	# cgroup, which must be empty.
	on_exit "kill $pid 2>/dev/null; wait $pid 2>/dev/null; rmdir $(printf %q "$g") 2>/dev/null"
}

# run_act CHECKOUT WORKFLOW [ACT_ARG...]: act for the pull_request event in
# $WORK/event.json, in CHECKOUT (the depth-1 merge commit, remote
# $REMOTE), with a clean environment and its home in $WORK; git in the
# container rewrites $REMOTE to $ORIGIN, mounted read-only, and there is
# no network. act's log goes to standard output; returns act's status.
run_act() {
	local checkout=$1 workflow=$2
	shift 2
	mkdir -p "$WORK/home/.cache/act"
	(cd "$checkout" && env -i \
		HOME="$WORK/home" PATH="$PATH" DOCKER_HOST="unix://$SOCK" \
		act pull_request \
		-W "$workflow" "$@" \
		-e "$WORK/event.json" \
		-P ubuntu-latest=-self-hosted \
		-s GITHUB_TOKEN=ghs_actE2eFakeToken0123456789 \
		--env GIT_CONFIG_COUNT=1 --env "GIT_CONFIG_KEY_0=url.file://$ORIGIN.insteadOf" --env "GIT_CONFIG_VALUE_0=$REMOTE" \
		--pull=false --action-offline-mode \
		--container-daemon-socket - \
		--container-options "-v $WORK/home/.cache/act:$WORK/home/.cache/act -v $ORIGIN:$ORIGIN:ro --network none") 2>&1
}
