#!/usr/bin/env bash
# act-start.sh: how long the Action takes to start, cold and warm, with the
# real action.yml run by act on podman (docs/container.md, "Job start").
#
# Usage: scripts/act-start.sh [REPS]     (default 3; KEEP=true keeps the logs)
#
# Each repetition runs the same pull request job (testdata/action/start.yml:
# the fixture package, 10 rounds of 20 ms, cache-dir .benchgate-cache) three
# ways, in this order:
#   dev      action.yml as on main (image: Dockerfile), as `uses: ./` and
#            every job of an unreleased action runs it: act builds the image
#            (the Dockerfile's default target, without the warm cache),
#            from podman's layer cache emptied first, as on a fresh runner;
#            the build cache is empty;
#   release  action.yml as scripts/release-action.sh makes it for a tag
#            (image: docker://...), the image (target release, with the
#            warm cache) present as after a pull; the cache-dir is empty,
#            so benchgate seeds it from the image's;
#   warm     release, with the build cache that the release run left in
#            the workspace, as actions/cache restores it.
# It prints, per run: act's wall time; "to first round", the time from
# act's start to benchgate's first round; and benchgate's own build time.
# Then the medians. Pulling the image from a registry is not measured
# (there is no registry here).
# Exit status: 0 measured, 1 a run failed, 2 setup failed.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

reps=${1:-3}
ensure_podman
ensure_act
command -v perl >/dev/null || die "perl is needed to timestamp act's log"
make_workdir act-start "${KEEP:-false}"
seed=
build_context seed false
"$BG_ROOT/scripts/standin-image.sh" || die "could not make the stand-in base image"
start_podman_service

OWNER=octo-org REPO=benchgate-fixture
ORIGIN=$WORK/origin
mkdir -p "$ORIGIN/.github/workflows"
tar -C "$seed" --exclude=./.git --exclude=./.github --exclude=./.benchgate -cf - . | tar -C "$ORIGIN" -xf -
cp "$BG_ROOT/testdata/action/start.yml" "$ORIGIN/.github/workflows/start.yml"
make_pr_origin "$ORIGIN" fixture package
REMOTE=https://github.com/$OWNER/$REPO
checkout_like_actions "file://$ORIGIN" "$WORK/checkout" "$MERGE_SHA"
fgit -C "$WORK/checkout" remote set-url origin "$REMOTE"
pr_event "$BG_ROOT/testdata/action/pull_request.json" "$OWNER" "$REPO" >"$WORK/event.json"
# The release's action.yml, made by the release script itself (it commits;
# the checkout goes back to the merge commit after).
cp "$WORK/checkout/action.yml" "$WORK/action.dev.yml"
RELEASE_IMAGE=localhost/benchgate-start
GIT_AUTHOR_NAME=benchgate GIT_AUTHOR_EMAIL=e2e@benchgate.invalid GIT_COMMITTER_NAME=benchgate GIT_COMMITTER_EMAIL=e2e@benchgate.invalid \
	"$WORK/checkout/scripts/release-action.sh" v0.0.0 "$RELEASE_IMAGE" >&2 || die "release-action.sh failed"
cp "$WORK/checkout/action.yml" "$WORK/action.release.yml"
fgit -C "$WORK/checkout" reset -q --hard "$MERGE_SHA"
grep -q "docker://$RELEASE_IMAGE:v0.0.0" "$WORK/action.release.yml" || die "release-action.sh did not point action.yml at the image"

# act's images: the one it builds for `uses: ./`, named act-dockeraction...
act_images() { pm images --format '{{.Repository}}:{{.Tag}}' | grep -E '(^|/)act-dockeraction' || true; }

# drop_build_cache: what a fresh runner has: no image of ours and no
# layers but the base image's.
drop_build_cache() {
	local i
	for i in $(act_images); do pm rmi -f "$i" >/dev/null 2>&1 || true; done
	pm rmi -f "$RELEASE_IMAGE:v0.0.0" "$WARM_IMAGE" >/dev/null 2>&1 || true
	pm image prune -f >/dev/null 2>&1 || true
}

# The store the workflow's restore and save steps use, as actions/cache's.
CACHE_STORE=$WORK/cache-store
drop_go_cache() { rm -rf "$CACHE_STORE"; }

stamped_act() {
	local name=$1 rep=$2 log=$WORK/$1.$2
	local t0 t1
	t0=$(perl -MTime::HiRes=time -e 'printf "%.3f", time')
	run_act "$WORK/checkout" .github/workflows/start.yml --env "BG_CACHE_STORE=$CACHE_STORE" |
		perl -MTime::HiRes=time -ne 'BEGIN { $| = 1 } printf "%.3f %s", time, $_' >"$log.log" || true
	t1=$(perl -MTime::HiRes=time -e 'printf "%.3f", time')
	if ! grep -q 'Success - Main \./' "$log.log"; then
		tail -n 40 "$log.log" >&2
		echo "$name (rep $rep): the gate step did not succeed" >&2
		return 1
	fi
	local first builds
	first=$(awk '/round 1\/10 done/ { print $1; exit }' "$log.log")
	# benchgate prints Go durations: 9.2s, 1m40s.
	builds=$(grep -oE 'builds ([0-9]+m)?[0-9.]+s' "$log.log" | head -1 |
		awk '{ d = $2; m = 0; if (d ~ /m/) { m = d; sub(/m.*/, "", m); sub(/^[0-9]+m/, "", d) } sub(/s$/, "", d); print m * 60 + d }')
	printf '%-8s rep %d: act %6.1f s, to first round %6.1f s, benchgate builds %5s s\n' \
		"$name" "$rep" "$(echo "$t1 - $t0" | bc)" "$(echo "$first - $t0" | bc)" "$builds" | tee -a "$WORK/results.txt"
	printf '%s %s %s %s\n' "$name" "$(echo "$t1 - $t0" | bc)" "$(echo "$first - $t0" | bc)" "$builds" >>"$WORK/raw.txt"
}

log "act $ACT_VERSION, $reps repetitions of dev, release, warm (load: $(cut -d' ' -f1-3 /proc/loadavg))"
for rep in $(seq 1 "$reps"); do
	drop_build_cache
	drop_go_cache
	cp "$WORK/action.dev.yml" "$WORK/checkout/action.yml"
	stamped_act dev "$rep" || exit 1
	[ -n "$(act_images)" ] || die "act built no act-dockeraction image"
	for i in $(act_images); do pm rmi "$i" >/dev/null 2>&1 || true; done
	# The release image, as the release workflow builds it (not timed: a
	# job pulls it).
	build_image "$RELEASE_IMAGE:v0.0.0" "$WORK/checkout"
	drop_go_cache
	cp "$WORK/action.release.yml" "$WORK/checkout/action.yml"
	stamped_act release "$rep" || exit 1
	[ -d "$CACHE_STORE" ] || die "the release run saved no build cache"
	grep -q 'docker build' "$WORK/release.$rep.log" && die "act built an image for the release action.yml"
	stamped_act warm "$rep" || exit 1
	grep -q 'cache: restored' "$WORK/warm.$rep.log" || die "the warm run did not restore the build cache"
done
cp "$WORK/action.dev.yml" "$WORK/checkout/action.yml"
drop_build_cache

echo
echo "medians over $reps repetitions (load at the end: $(cut -d' ' -f1-3 /proc/loadavg)):"
for name in dev release warm; do
	awk -v n="$name" '$1 == n { a[++k] = $2; f[k] = $3; b[k] = $4 }
		function med(x, k,   i, j, t) { for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (x[j] < x[i]) { t = x[i]; x[i] = x[j]; x[j] = t }
			return k % 2 ? x[(k + 1) / 2] : (x[k / 2] + x[k / 2 + 1]) / 2 }
		END { printf "  %-8s act %6.1f s, to first round %6.1f s, benchgate builds %5.1f s\n", n, med(a, k), med(f, k), med(b, k) }' "$WORK/raw.txt"
done
