#!/usr/bin/env bash
# act-e2e.sh: run the real action.yml with act (nektos/act) on podman.
#
# Usage: scripts/act-e2e.sh [--keep] [--vendor-scratch]
#
#   --keep            keep the temporary directory (repository, act log)
#   --vendor-scratch  if vendor/ is missing, seed the repository from a copy
#                     of benchgate with `go mod vendor` run in it
#
# What it does (see docs/container.md):
#   1. starts podman's Docker-compatible API service (runc, cgroupfs,
#      ulimits the machine allows) on a private socket, and makes the
#      stand-in base image the Dockerfile's FROM names;
#   2. makes an origin repository holding a copy of benchgate (action.yml,
#      Dockerfile, sources, vendor/, benchmarks/), the fixture package in
#      fixture/ and testdata/action/gate.yml as .github/workflows/gate.yml,
#      with a pull request whose head makes BenchmarkSlow about twice as
#      slow;
#   3. checks out the pull request's merge commit at depth 1, as
#      actions/checkout does, with the remote named as on GitHub
#      (https://github.com/octo-org/benchgate-fixture, from which act takes
#      github.repository), and runs act there for a pull_request event: act
#      copies that checkout for actions/checkout, builds the action's image
#      from the Dockerfile through podman and runs it with no network;
#      benchgate fetches the missing base commit from "GitHub", which git
#      in the container rewrites (url.insteadOf, passed as GIT_CONFIG_*
#      variables) to the origin, mounted read-only;
#   4. checks that the gate step failed, the outputs step saw
#      verdict=regression and regressions=1, and the log shows the
#      regression for BenchmarkSlow.
# Exit status: 0 all checks passed, 1 a check failed, 2 setup failed.
# The checks' regular expressions contain backquotes (Markdown code).
# shellcheck disable=SC2016
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

keep=false scratch=false
for arg; do
	case $arg in
	--keep) keep=true ;;
	--vendor-scratch) scratch=true ;;
	-h | --help) usage; exit 0 ;;
	*) die "unknown argument $arg" "usage: $0 [--keep] [--vendor-scratch]" ;;
	esac
done

t_start=$SECONDS
ensure_podman
ensure_act
make_workdir act "$keep"
seed=
build_context seed "$scratch"
"$BG_ROOT/scripts/standin-image.sh" || die "could not make the stand-in base image"
prune_old_images

start_podman_service

# The repository on "GitHub", with a pull request.
OWNER=octo-org REPO=benchgate-fixture
ORIGIN=$WORK/origin
mkdir -p "$ORIGIN/.github/workflows"
tar -C "$seed" --exclude=./.git --exclude=./.github --exclude=./.benchgate -cf - . | tar -C "$ORIGIN" -xf -
cp "$BG_ROOT/testdata/action/gate.yml" "$ORIGIN/.github/workflows/gate.yml"
make_pr_origin "$ORIGIN" fixture package
log "origin: base $BASE_SHA, head $HEAD_SHA, merge $MERGE_SHA"

# The checkout act runs in: what actions/checkout leaves (depth 1), with
# the remote named as on GitHub and rewritten to the local origin.
REMOTE=https://github.com/$OWNER/$REPO
checkout_like_actions "file://$ORIGIN" "$WORK/checkout" "$MERGE_SHA"
fgit -C "$WORK/checkout" remote set-url origin "$REMOTE"
[ "$(fgit -C "$WORK/checkout" rev-list --count HEAD)" = 1 ] || die "the checkout is not shallow"
pr_event "$BG_ROOT/testdata/action/pull_request.json" "$OWNER" "$REPO" >"$WORK/event.json"

log "act $ACT_VERSION: pull_request, workflow gate.yml"
t0=$SECONDS
act_code=0
run_act "$WORK/checkout" .github/workflows/gate.yml >"$WORK/act.log" || act_code=$?
t_act=$((SECONDS - t0))
log "act exited $act_code after ${t_act}s (log: $WORK/act.log)"

has() { grep -Eq "$1" "$WORK/act.log"; }
hasnt() { ! grep -Eq "$1" "$WORK/act.log"; }
# act v0.2.82 gives every step the same GITHUB_STEP_SUMMARY file, empties
# it before the next step, and renders nothing; it does log the file's
# content after the step as "Summary - ...". That section is the summary.
sed -n '/⚙  Summary - /,/^\[/p' "$WORK/act.log" | sed '$d; s/.*⚙  Summary - //' >"$WORK/summary.md"
summary_has() { grep -Eq "$1" "$WORK/summary.md"; }
log "checks"
check "act read action.yml (valid YAML)" hasnt '\] yaml: '
check "act exits non-zero (the job failed)" test "$act_code" -ne 0
check "act built the action's image from the Dockerfile" has 'docker build -t act-dockeraction'
check "the gate step failed" has 'Failure - Main \./'
check "the outputs step ran after it (if: always())" has 'gate-outcome=failure'
check "outputs: verdict=regression" has 'gate-verdict=regression$'
check "outputs: regressions=1" has 'gate-regressions=1$'
check "outputs: base-toolchain and head-toolchain are set" has 'gate-toolchains=go[0-9.]+ go[0-9.]+$'
check "the base commit was fetched into the shallow checkout" has 'base commit [0-9a-f]+ is not in this clone; fetching it from origin'
check "the log shows the regression for BenchmarkSlow" has 'Slow-[0-9]+ .*REGRESSION'
check "the log does not call BenchmarkFast a regression" hasnt 'Fast-[0-9]+ .*REGRESSION'
check "the error annotation names Slow" has '::error.*Slow'
check "the step summary has the regression row for Slow" summary_has '^\| `Slow(-[0-9]+)?` \| \*\*\+'
check "the step summary does not call Fast a regression" not summary_has '^\| `Fast(-[0-9]+)?` \| \*\*'
check "a later step can open the report output" has 'gate-report-readable=yes'
# The report's Regressions section (up to the next section) has Slow's row.
regressions_section() { sed -n '/gate-report| #### ❌ Regressions/,/gate-report| \(####\|<details>\)/p' "$WORK/act.log"; }
check "the report names the regression for Slow" eval 'regressions_section | grep -Eq "gate-report\| \| \`Slow(-[0-9]+)?\` \| \*\*\+"'
check "the report's regressions are Slow alone" eval '! regressions_section | grep -q "\`Fast"'
check "a later step finds base.txt and head.txt in the results-dir output" \
	eval 'has "gate-results-file=base.txt" && has "gate-results-file=head.txt"'
check "the benchmarks saw no secrets" has 'gate-secrets\| +[0-9]+ Fixture sees secrets: none$'
check "the benchmarks saw no secrets (no other answer)" hasnt 'gate-secrets\| .*secrets: [^n]'
check "the failed PR comment (no network) only warned" has "(commenting failed|cannot comment).* $OWNER/$REPO#7"
if [ ${#CHECKS_FAILED[@]} -gt 0 ]; then
	echo "---- act log (last 80 lines)" >&2
	tail -n 80 "$WORK/act.log" >&2
fi
log "timings: total $((SECONDS - t_start))s; act (image build and gate) ${t_act}s"
summarize act-e2e || exit 1
