#!/usr/bin/env bash
# container-e2e.sh: build the action's image from the real Dockerfile and
# run it the way GitHub's runner runs a Docker container action.
#
# Usage: scripts/container-e2e.sh [--keep] [--no-suite] [--vendor-scratch]
#
#   --keep            keep the temporary directory (workspaces, logs, outputs)
#   --no-suite        skip the run of the built-in suite (about 2 minutes)
#   --vendor-scratch  if vendor/ is missing, build from a copy of the
#                     repository with `go mod vendor` run in it
#
# What it does (see docs/container.md):
#   1. makes the stand-in base image (scripts/standin-image.sh) and builds
#      the Dockerfile's release image (--target release, with the warm
#      build cache, as the release workflow publishes it) with podman,
#      offline (--pull=never --network=none);
#   2. makes a fixture repository with a pull request whose head commit
#      makes BenchmarkSlow about twice as slow, and checks it out the way
#      actions/checkout@v4 does: the test merge commit only, at depth 1, so
#      the base commit is missing; the workspace belongs to uid 1001;
#   3. runs the image with the runner's mounts (/github/workspace,
#      /github/home, /github/workflow/event.json, /github/file_commands),
#      its variables, and every input of action.yml as INPUT_<NAME> with
#      hyphens kept (defaults from action.yml, a few overridden), with no
#      network: the base commit is fetched from a file:// origin mounted
#      read-only at the path the clone's remote names;
#   4. checks the exit code, GITHUB_OUTPUT, the step summary, the results
#      directory, and that the benchmarks saw no secrets; then a hostile
#      pull request (testdata/action/fixture-hostile) must get the same
#      verdict with every attack denied; then an A/A run (base = head) must
#      pass, and so must an A/A run of the default configuration, the
#      built-in crypto suite (HMAC only), offline.
# Exit status: 0 all checks passed, 1 a check failed, 2 setup failed.
# The checks' regular expressions contain backquotes (Markdown code).
# shellcheck disable=SC2016,SC2119
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

keep=false scratch=false suite=true
for arg; do
	case $arg in
	--keep) keep=true ;;
	--no-suite) suite=false ;;
	--vendor-scratch) scratch=true ;;
	-h | --help) usage; exit 0 ;;
	*) die "unknown argument $arg" "usage: $0 [--keep] [--no-suite] [--vendor-scratch]" ;;
	esac
done

t_start=$SECONDS
ensure_podman
make_workdir e2e "$keep"

# The runner parses action.yml before anything else; so must we.
ensure_packages python3 python3-yaml
check "action.yml is valid YAML, a docker action built from Dockerfile" /usr/bin/python3 -c '
import sys, yaml
try:
    a = yaml.safe_load(open(sys.argv[1]))
except yaml.YAMLError as e:
    sys.exit("    action.yml: " + str(e).replace("\n", " "))
if a.get("runs") != {"using": "docker", "image": "Dockerfile"}:
    sys.exit("    action.yml: runs is %r" % (a.get("runs"),))
' "$BG_ROOT/action.yml"

IMAGE=localhost/benchgate-action:e2e
build_context ctx "$scratch"
t0=$SECONDS
build_image "$IMAGE" "$ctx"
t_build=$((SECONDS - t0))

# The repository the pull request lives in.
OWNER=octo-org REPO=fixture
ORIGIN=$WORK/origin
make_pr_origin "$ORIGIN" .
log "fixture: base $BASE_SHA, head $HEAD_SHA, merge $MERGE_SHA"

# run_action NAME [INPUT=VALUE...]: one step of the action, as the runner
# runs it. Leaves $WORK/NAME/{workspace,stdout,stderr,code,outputs,summary}.
run_action() {
	local name=$1 d=$WORK/$1 kv in def id t0=$SECONDS
	shift
	local -A inputs=()
	while IFS=$'\t' read -r in def; do
		# An expression default (github-token: ${{ github.token }}) is
		# evaluated by the runner; here there is no token.
		[[ $def != *'${{'* ]] || def=
		inputs[$in]=$def
	done < <(action_inputs)
	[ ${#inputs[@]} -gt 0 ] || die "read no inputs from action.yml"
	for kv; do
		[ -n "${inputs[${kv%%=*}]+set}" ] || die "run_action: action.yml has no input ${kv%%=*}"
		inputs[${kv%%=*}]=${kv#*=}
	done

	mkdir -p "$d"/{home,workflow,file_commands}
	# The runner's user must be able to reach the workspace, as on a runner
	# (mktemp made $WORK private to root).
	chmod 755 "$WORK" "$d"
	checkout_like_actions "file://$ORIGIN" "$d/workspace" "$MERGE_SHA"
	# A run's own setup of the workspace (what actions/cache restored).
	if declare -F "prepare_$name" >/dev/null; then "prepare_$name" "$d/workspace"; fi
	pr_event "$BG_ROOT/testdata/action/pull_request.json" "$OWNER" "$REPO" >"$d/workflow/event.json"
	id=0f1e2d3c-$name
	for f in set_output step_summary set_env add_path save_state; do : >"$d/file_commands/${f}_$id"; done
	# The runner's user owns everything it mounts; the container runs as root.
	chown -R 1001:1001 "$d/workspace" "$d/home" "$d/workflow" "$d/file_commands"

	local env=(
		-e HOME=/github/home
		-e CI=true -e GITHUB_ACTIONS=true
		-e GITHUB_WORKSPACE=/github/workspace
		-e GITHUB_EVENT_NAME=pull_request
		-e GITHUB_EVENT_PATH=/github/workflow/event.json
		-e "GITHUB_OUTPUT=/github/file_commands/set_output_$id"
		-e "GITHUB_STEP_SUMMARY=/github/file_commands/step_summary_$id"
		-e "GITHUB_ENV=/github/file_commands/set_env_$id"
		-e "GITHUB_PATH=/github/file_commands/add_path_$id"
		-e "GITHUB_STATE=/github/file_commands/save_state_$id"
		-e "GITHUB_REPOSITORY=$OWNER/$REPO" -e "GITHUB_REPOSITORY_OWNER=$OWNER"
		-e GITHUB_REF=refs/pull/7/merge -e "GITHUB_SHA=$MERGE_SHA"
		-e GITHUB_HEAD_REF=slower -e GITHUB_BASE_REF=main -e GITHUB_REF_NAME=7/merge
		-e GITHUB_SERVER_URL=https://github.com
		-e GITHUB_API_URL=http://127.0.0.1:9 -e GITHUB_GRAPHQL_URL=http://127.0.0.1:9/graphql
		-e GITHUB_WORKFLOW=bench -e GITHUB_JOB=gate -e GITHUB_ACTION=benchgate
		-e GITHUB_RUN_ID=4242 -e GITHUB_RUN_NUMBER=1 -e GITHUB_RUN_ATTEMPT=1 -e GITHUB_ACTOR="$OWNER"
		-e RUNNER_OS=Linux -e RUNNER_ARCH=X64 -e RUNNER_NAME="GitHub Actions 2" -e RUNNER_ENVIRONMENT=github-hosted
		-e RUNNER_TEMP=/home/runner/work/_temp -e RUNNER_TOOL_CACHE=/opt/hostedtoolcache
		-e RUNNER_WORKSPACE=/home/runner/work/fixture
		-e ACTIONS_RUNTIME_URL=http://127.0.0.1:9/runtime/ -e ACTIONS_RUNTIME_TOKEN=runtime-secret-e2e
		-e ACTIONS_CACHE_URL=http://127.0.0.1:9/cache/
		-e ACTIONS_ID_TOKEN_REQUEST_URL=http://127.0.0.1:9/oidc -e ACTIONS_ID_TOKEN_REQUEST_TOKEN=oidc-secret-e2e
	)
	for in in "${!inputs[@]}"; do
		env+=(-e "INPUT_${in^^}=${inputs[$in]}")
	done

	log "run $name: $(for kv; do printf '%s ' "$kv"; done)"
	local code=0
	on_exit "podman --runtime runc rm -f -i benchgate-e2e-$name-$$ >/dev/null 2>&1"
	pm run --rm --name "benchgate-e2e-$name-$$" --network=none "${PODMAN_ULIMITS[@]}" \
		--workdir /github/workspace \
		-v "$d/workspace:/github/workspace" \
		-v "$d/home:/github/home" \
		-v "$d/workflow:/github/workflow" \
		-v "$d/file_commands:/github/file_commands" \
		-v "$ORIGIN:$ORIGIN:ro" \
		"${env[@]}" "$IMAGE" >"$d/stdout" 2>"$d/stderr" || code=$?
	echo "$code" >"$d/code"
	cp "$d/file_commands/set_output_$id" "$d/outputs"
	cp "$d/file_commands/step_summary_$id" "$d/summary"
	log "run $name: exit $code after $((SECONDS - t0))s"
	echo "$((SECONDS - t0))" >"$d/seconds"
}

# show NAME: the log and outputs of a run, for a failure.
show() {
	local d=$WORK/$1
	{
		echo "---- $1: stdout (last 40 lines)"
		tail -n 40 "$d/stdout"
		echo "---- $1: stderr (last 40 lines)"
		tail -n 40 "$d/stderr"
		echo "---- $1: outputs"
		read_outputs "$d/outputs" | cut -c1-200
		echo "----"
	} >&2
}

# Helpers for checks on run NAME.
exit_is() { [ "$(cat "$WORK/$1/code")" = "$2" ]; }
output_is() { [ "$(output "$2" "$WORK/$1/outputs")" = "$3" ]; }
output_matches() { [[ $(output "$2" "$WORK/$1/outputs") =~ $3 ]]; }
output_set() { [ -n "$(output "$2" "$WORK/$1/outputs")" ]; }
# results_file NAME FILE: the file in the results dir the outputs name,
# mapped from the container's path to ours.
results_file() {
	local dir
	dir=$(output results-dir "$WORK/$1/outputs")
	case $dir in
	/github/workspace/*) dir=$WORK/$1/workspace/${dir#/github/workspace/} ;;
	/*) return 1 ;;
	*) dir=$WORK/$1/workspace/$dir ;;
	esac
	printf '%s/%s\n' "$dir" "$2"
}
results_has() { local f; f=$(results_file "$1" "$2") && [ -s "$f" ] && grep -Eq "$3" "$f"; }
no_secrets_seen() {
	local f
	for f in base.txt head.txt; do
		results_has "$1" "$f" '^Fixture sees secrets: none$' || return 1
		! results_has "$1" "$f" '^Fixture sees secrets: .*[A-Z]' || return 1
	done
}
# paths_outside NAME OUTPUT...: the outputs name paths that mean the same
# outside the container. The runner's later steps (run:, upload-artifact)
# see the workspace at $GITHUB_WORKSPACE on the host, where /github/...
# does not exist; a path relative to the workspace works in both.
paths_outside() {
	local run=$1 o v ok=0
	shift
	for o; do
		v=$(output "$o" "$WORK/$run/outputs")
		case $v in
		/github/* | /tmp/* | /root/*) echo "    output $o=$v exists only inside the container" >&2; ok=1 ;;
		esac
	done
	return $ok
}
# readable_by_runner NAME: files the action leaves are root's; later steps
# run as the runner's user.
readable_by_runner() {
	local f dir bad=0
	f=$(results_file "$1" base.txt) || return 1
	dir=$(dirname "$f")
	for f in "$dir"/*; do
		if ! setpriv --reuid=1001 --regid=1001 --clear-groups cat "$f" >/dev/null 2>&1; then
			echo "    uid 1001 cannot read $(stat -c '%n (%A %U)' "$f")" >&2
			bad=1
		fi
	done
	return $bad
}
# owned_by_runner NAME: the results are handed to the workspace's owner,
# so that later steps can remove or rewrite them.
owned_by_runner() {
	local f dir bad=0
	f=$(results_file "$1" base.txt) || return 1
	dir=$(dirname "$f")
	for f in "$dir" "$dir"/*; do
		if [ "$(stat -c %u "$f")" != 1001 ]; then
			echo "    $(stat -c '%n is owned by %U (%u)' "$f"), not the workspace's owner (1001)" >&2
			bad=1
		fi
	done
	return $bad
}
summary_has() { grep -Eq "$2" "$WORK/$1/summary"; }
# Not "cat | grep -q": grep -q quits at the first match, cat then dies of
# SIGPIPE on a long log, and pipefail turns the match into a failure.
log_has() { grep -Eq "$2" "$WORK/$1/stdout" "$WORK/$1/stderr"; }
workspace_clean() {
	local ws=$WORK/$1/workspace st
	st=$(git -c safe.directory='*' -C "$ws" status --porcelain --untracked-files=normal)
	# The results directory holds a .gitignore of its own, so git status
	# shows nothing at all; anything else is left behind.
	[ -d "$ws/$2" ] && { [ -z "$st" ] || [ "$st" = "?? $2/" ]; } ||
		{ echo "    git status: $st" >&2; return 1; }
	[ "$(git -c safe.directory='*' -C "$ws" worktree list --porcelain | grep -c '^worktree ')" = 1 ] ||
		{ echo "    worktrees left: $(git -c safe.directory='*' -C "$ws" worktree list)" >&2; return 1; }
}

# 1. The pull request: a real regression, base commit not in the clone.
# 10 rounds, not 6: with 6, the rank test over 6 Holm-corrected
# comparisons tolerates at most one base sample slower than a head sample,
# which a loaded 2-core machine breaks now and then (docs/container.md).
run_action pr \
	packages=./... rounds=10 benchtime=20ms fail-on=regression \
	results-dir=bench-results github-token=ghs_e2eFakeToken0123456789 comment=on-regression
log "checks: pull request with a regression"
check "pr: exit code 1 (regression)" exit_is pr 1
check "pr: output verdict=regression" output_is pr verdict regression
check "pr: output regressions=1" output_is pr regressions 1
for o in report json results-dir base-toolchain head-toolchain; do
	check "pr: output $o is set" output_set pr "$o"
done
check "pr: results-dir output is bench-results (the hyphenated input INPUT_RESULTS-DIR was read)" \
	output_matches pr results-dir '(^|/)bench-results/?$'
check "pr: summary has the regression row for BenchmarkSlow" summary_has pr '^\| `Slow(-[0-9]+)?` \| \*\*\+'
check "pr: summary does not call BenchmarkFast a regression" not summary_has pr '^\| `Fast(-[0-9]+)?` \| \*\*'
check "pr: an error annotation names Slow" log_has pr '^::error .*Slow'
check "pr: the base commit was fetched into the shallow clone" log_has pr "fetch"
check "pr: path outputs can be opened by later steps on the runner (relative to the workspace, not /github/...)" \
	paths_outside pr report json results-dir
check "pr: the runner's user (uid 1001) can read every file in the results dir (upload-artifact)" \
	readable_by_runner pr
check "pr: the results dir belongs to the workspace's owner (uid 1001), not root" owned_by_runner pr
check "pr: results dir has base.txt naming BenchmarkSlow" results_has pr base.txt '^BenchmarkSlow'
check "pr: results dir has head.txt naming BenchmarkSlow" results_has pr head.txt '^BenchmarkSlow'
check "pr: the benchmarks saw no secrets (tokens, INPUT_*, file commands)" no_secrets_seen pr
check "pr: the PR comment failed (no network) and only warned" log_has pr '^::warning.*comment'
check "pr: the token is not in the log" not log_has pr ghs_e2eFakeToken
check "pr: the workspace holds only the results (worktrees removed)" workspace_clean pr bench-results
[ ${#CHECKS_FAILED[@]} -eq 0 ] || show pr

# 2. A hostile pull request: the same regression, and a head whose test
# code (testdata/action/fixture-hostile, an init in every process) tries
# what a security probe did: read the tokens from benchgate's
# /proc/1/environ, append verdict=pass and more to every file command,
# plant files in the workspace, the results and /go/bin, replace the base
# side's binary with its own, find the token actions/checkout persists in
# .git/config, signal PID 1, and leave a setsid grandchild that appends
# verdict=pass and prints ::error:: once the outputs are written. The
# benchmarks run as uids of their own (benchgate is root in the
# container): every attempt must fail, and the verdict and exit code must
# be those of the code's real speed.
nfail=${#CHECKS_FAILED[@]}
saved_origin=("$ORIGIN" "$BASE_SHA" "$HEAD_SHA" "$MERGE_SHA")
ORIGIN=$WORK/origin-hostile
make_pr_origin "$ORIGIN" . module "$BG_ROOT/testdata/action/fixture-hostile"
run_action hostile \
	packages=./... rounds=10 benchtime=20ms fail-on=regression \
	results-dir=bench-results github-token=ghs_e2eFakeToken0123456789 comment=on-regression
log "checks: a hostile pull request"
hfile() { printf '%s/hostile/file_commands/%s_0f1e2d3c-hostile\n' "$WORK" "$1"; }
head_txt() { results_file hostile head.txt; }
hostile_tried() {
	local f n
	f=$(head_txt) || return 1
	n=$(grep -c '^# hostile denied:' "$f")
	# 17 attempts in each of head's processes: environ twice, five file
	# commands, five files, the base binary twice, git config,
	# .git/config, PID 1; the listing and every round make them.
	[ "$n" -ge $((17 * 10)) ] || { echo "    only $n denied attempts in head.txt" >&2; return 1; }
	grep -q '^# hostile started a grandchild that writes later$' "$f"
}
hostile_all_denied() {
	local f
	f=$(head_txt) || return 1
	! grep '^# hostile ok' "$f" | sort | uniq -c | sed 's/^/    /' | grep . >&2
}
no_token_anywhere() {
	local d=$WORK/hostile t dir
	dir=$(dirname "$(head_txt)") || return 1
	for t in ghs_e2eFakeToken runtime-secret-e2e oidc-secret-e2e "$CHECKOUT_TOKEN" \
		"$(printf 'x-access-token:%s' "$CHECKOUT_TOKEN" | base64)"; do
		if grep -rqF -- "$t" "$d/stdout" "$d/stderr" "$dir"; then
			echo "    $t found" >&2
			return 1
		fi
	done
}
one_verdict() {
	local n
	n=$(read_outputs "$WORK/hostile/outputs" | grep -c '^verdict=')
	[ "$n" = 1 ] || { echo "    GITHUB_OUTPUT sets verdict $n times" >&2; return 1; }
}
file_commands_empty() {
	local f
	for f in set_env add_path save_state; do
		[ ! -s "$(hfile "$f")" ] || { echo "    $f: $(head -c 200 "$(hfile "$f")")" >&2; return 1; }
	done
}
nothing_planted() {
	local ws=$WORK/hostile/workspace
	[ ! -e "$ws/pwned" ] && [ ! -e "$ws/bench-results/pwned" ] && [ ! -e "$ws/.benchgate/pwned" ]
}
git_dir_restored() { [ "$(stat -c %a "$WORK/hostile/workspace/.git")" = 755 ]; }
check "hostile: exit code 1 (regression)" exit_is hostile 1
check "hostile: output verdict=regression" output_is hostile verdict regression
check "hostile: output regressions=1" output_is hostile regressions 1
check "hostile: GITHUB_OUTPUT sets the verdict once (no late verdict=pass)" one_verdict
check "hostile: GITHUB_ENV, GITHUB_PATH and GITHUB_STATE are empty" file_commands_empty
check "hostile: the benchmarks ran as uids of their own" log_has hostile "privilege separation: the go command runs as uid 2000000000, base's benchmarks as uid [0-9]+, head's benchmarks as uid [0-9]+"
check "hostile: the head's code made its attempts, in every process, and started its grandchild" hostile_tried
check "hostile: every attempt was denied (environ, file commands, workspace, results, /go/bin, base binary, .git, PID 1)" hostile_all_denied
check "hostile: no token in the log or the results (runner tokens, input, the persisted checkout token)" no_token_anywhere
check "hostile: nothing the grandchild printed reached the log" not log_has hostile 'pwned by a grandchild'
check "hostile: no file planted in the workspace or the results" nothing_planted
check "hostile: the workspace's .git is open to its owner's group and others again" git_dir_restored
check "hostile: the summary has the regression row for BenchmarkSlow" summary_has hostile '^\| `Slow(-[0-9]+)?` \| \*\*\+'
[ ${#CHECKS_FAILED[@]} -eq "$nfail" ] || show hostile
ORIGIN=${saved_origin[0]} BASE_SHA=${saved_origin[1]} HEAD_SHA=${saved_origin[2]} MERGE_SHA=${saved_origin[3]}

# 3. A/A: the checked-out commit on both sides passes. These runs check the
# plumbing (base = head in a shallow clone, the default results-dir), so
# they gate at 25%: 6 rounds of 20ms on two shared cores once measured a
# +9% "regression" of identical code (p=0.002). The false-alarm rate at
# real settings is measured by internal/cmd/power and scripts/aa-suite.sh
# (docs/statistics.md).
nfail=${#CHECKS_FAILED[@]}
run_action aa \
	packages=./... rounds=8 benchtime=20ms threshold=25% "base-ref=$MERGE_SHA" github-token=
log "checks: A/A"
check "aa: exit code 0" exit_is aa 0
# Inconclusive passes too: under load an interval can still reach 25%.
check "aa: output verdict=pass or inconclusive" output_matches aa verdict '^(pass|inconclusive)$'
check "aa: output regressions=0" output_is aa regressions 0
check "aa: results in the default results-dir (.benchgate)" results_has aa head.txt '^BenchmarkSlow'
[ ${#CHECKS_FAILED[@]} -eq "$nfail" ] || show aa

# 4. The same pull request counted in instructions/op (measure:
# instructions): valgrind in the image, each package counted inside one
# process per side and round by the patched testing package, the builder
# and the sides as uids of their own. (What a counted process prints is not
# kept in the results, which benchgate writes itself, so the fixture's
# check for secrets is the pull request's above: the counted processes get
# the same side environment, and BENCHGATE_COUNT.)
nfail=${#CHECKS_FAILED[@]}
run_action instr \
	packages=./... measure=instructions fail-on=regression results-dir=bench-results github-token=ghs_e2eFakeToken0123456789 comment=never
log "checks: instructions/op"
check "instr: exit code 1 (regression)" exit_is instr 1
check "instr: output verdict=regression" output_is instr verdict regression
check "instr: output regressions=1" output_is instr regressions 1
check "instr: counted inside one process per package" log_has instr 'inside one process per package, side and round, counted by valgrind-'
check "instr: head.txt has BenchmarkSlow in instructions/op, counted inside the process" \
	eval "results_has instr head.txt '^BenchmarkSlow\s+[0-9]+\s+[0-9.]+ instructions/op' && results_has instr head.txt 'counts of the runs at 1x and [0-9]+x inside one process'"
check "instr: the summary has the regression row for BenchmarkSlow" summary_has instr '^\| `Slow` \| \*\*\+'
check "instr: the token is not in the log" not log_has instr ghs_e2eFakeToken
[ ${#CHECKS_FAILED[@]} -eq "$nfail" ] || show instr

# 5. No packages, so the built-in crypto suite, which must build in the
# image with no network (its module is vendored); A/A, as a workflow asks
# for it (base-toolchain and head-toolchain local: refs alone, the same at
# every commit for the suite, are refused). Only the
# HMAC benchmarks run; the three suite packages are still built per side.
# 8 rounds: at the default alpha, 0.01, Holm over its 6 informative
# comparisons needs 7 for the U-test (with 6 every row is "too few
# samples"); the default paired test gets adaptive rounds up to 32.
suite_time=skipped
if $suite; then
	nfail=${#CHECKS_FAILED[@]}
	run_action suite \
		packages= bench=HMAC rounds=8 benchtime=10ms threshold=25% base-toolchain=local head-toolchain=local "base-ref=$MERGE_SHA" "head-ref=$MERGE_SHA" github-token=
	log "checks: built-in suite"
	check "suite: exit code 0" exit_is suite 0
	check "suite: output verdict=pass or inconclusive" output_matches suite verdict '^(pass|inconclusive)$'
	check "suite: output regressions=0" output_is suite regressions 0
	check "suite: the image's Go built both sides" \
		eval 'output_is suite base-toolchain go1.26.8 && output_is suite head-toolchain go1.26.8'
	check "suite: head.txt has the suite's HMAC benchmarks" results_has suite head.txt '^BenchmarkHMAC/'
	check "suite: head.txt names the suite's package" results_has suite head.txt '^pkg: github.com/benchgate/benchgate/benchmarks/primitives'
	[ ${#CHECKS_FAILED[@]} -eq "$nfail" ] || show suite
	suite_time="$(cat "$WORK/suite/seconds")s"
fi

# 5b. No packages and no toolchain input, on the pull request's own
# commits, whose go.mod files ask for one toolchain: the toolchain-bump
# workflow on a go.mod change that bumps nothing. Both sides would build
# the suite alike, so the step builds and measures nothing, passes, and
# says why, with a results directory that says the same to a later
# report step.
nfail=${#CHECKS_FAILED[@]}
run_action notrun packages= github-token= comment=never
log "checks: a suite run both sides would build alike"
check "notrun: exit code 0" exit_is notrun 0
check "notrun: output verdict=pass" output_is notrun verdict pass
check "notrun: output head-toolchain is empty (nothing was built)" output_is notrun head-toolchain ""
check "notrun: the summary says nothing was measured, and why" \
	eval "summary_has notrun '^\*\*Nothing was measured\*\*' && summary_has notrun 'both sides would build it with the same toolchain'"
check "notrun: nothing was built or measured" eval "not log_has notrun 'building|round 1'"
check "notrun: the manifest says why" results_has notrun manifest.json '"not_run": "same-suite"'
check "notrun: done in under 30 s (the base commit's fetch included)" eval '[ "$(cat "$WORK/notrun/seconds")" -lt 30 ]'
[ ${#CHECKS_FAILED[@]} -eq "$nfail" ] || show notrun

# 6. The image's warm build cache (the Dockerfile's warm stage): a first
# run builds the built-in suite, and a package of the user's, from it. In a
# container of the image, as root as the runner starts it, the CLI runs the
# suite A/A and then one package that imports only the testing package;
# the check counts the files each run adds to the builder's cache
# (/var/cache/benchgate/go-build). Cold, the suite adds about 2,500; warm,
# none, or the go command's index of its packages (8 small entries, keyed
# on the files' mtimes, so new for each run's copy of the suite, and only
# written for files over 2 s old). The package adds its own compile and its
# test main (12 entries), nothing of the standard library's.
nfail=${#CHECKS_FAILED[@]}
mkdir -p "$WORK/warm"
log "run warm: the built-in suite and a one-file package, from the image's build cache"
t0=$SECONDS
pm run --rm --network=none "${PODMAN_ULIMITS[@]}" --entrypoint bash "$IMAGE" -c '
	c=/var/cache/benchgate/go-build
	count() { find "$c" -type f ! -name trim.txt ! -name README ! -name testexpire.txt | wc -l; }
	echo "entries $(count)"
	echo "not future-dated $(find "$c" -type f ! -newermt "+1 year" | wc -l)"
	# The go command trims the cache at the end of a build at most once a
	# day: make this run trim, as a release image'"'"'s first run does.
	echo $(( $(date +%s) - 2 * 86400 )) >"$c/trim.txt"
	n=$(count)
	mkdir -p /tmp/w && cd /tmp/w
	benchgate run -base-toolchain local -head-toolchain local -bench HMAC -rounds 8 -benchtime 5ms -threshold 25% -out /tmp/w/suite-out >/tmp/w/suite.log 2>&1
	echo "suite exit $? added $(( $(count) - n ))"
	grep -h "not using /var/cache" /tmp/w/suite.log
	mkdir -p /tmp/w/m && cd /tmp/w/m
	printf "module example.com/m\n\ngo 1.19\n" >go.mod
	printf "package m\n\nimport \"testing\"\n\nfunc BenchmarkNop(b *testing.B) {\n\tfor i := 0; i < b.N; i++ {\n\t}\n}\n" >m_test.go
	n=$(count)
	benchgate run -base-toolchain local -head-toolchain local -rounds 8 -benchtime 5ms -threshold 25% -out /tmp/w/m-out . >/tmp/w/m.log 2>&1
	echo "package exit $? added $(( $(count) - n ))"
' >"$WORK/warm/stdout" 2>"$WORK/warm/stderr" || true
log "run warm: done after $((SECONDS - t0))s: $(tr '\n' ';' <"$WORK/warm/stdout")"
warm_field() { sed -n "s/^$1 //p" "$WORK/warm/stdout"; }
log "checks: the image's build cache"
check "warm: the image holds a build cache (over 1,000 entries)" eval '[ "$(warm_field entries)" -gt 1000 ]'
check "warm: every entry is dated in the future, so the go command never trims it" eval '[ "$(warm_field "not future-dated")" = 0 ]'
check "warm: the builder used the image's cache (no fallback note)" not grep -q 'not using /var/cache' "$WORK/warm/stdout"
check "warm: the built-in suite built from the cache, after a trim (exit 0; at most 20 entries added, of the package index)" \
	eval '[[ $(warm_field suite) =~ ^exit\ 0\ added\ ([0-9]+)$ ]] && [ "${BASH_REMATCH[1]}" -le 20 ]'
check "warm: a one-file package added only its own entries (12 measured; at most 20: cold, with the testing package's dependencies, 1,023)" \
	eval '[[ $(warm_field package) =~ ^exit\ 0\ added\ ([0-9]+)$ ]] && [ "${BASH_REMATCH[1]}" -le 20 ]'
[ ${#CHECKS_FAILED[@]} -eq "$nfail" ] || { echo "---- warm"; cat "$WORK/warm/stdout" "$WORK/warm/stderr"; } >&2

# 7. The README's workflow on its first run: cache-dir names a directory
# actions/cache has not filled yet, so GOCACHE is an empty directory of the
# workspace. benchgate seeds it from the image's cache, builds the suite
# from it (no compile: at most the package index's entries, as in 6) and
# hands it to the workspace's owner, for the cache step to save.
# actions/cache has restored a module cache of an earlier job, whose
# directories the go command made read-only (a toolchain's too).
prepare_seeded() {
	local mod=$1/.benchgate-cache/mod
	mkdir -p "$mod/cache/download/example.com/restored/@v" "$mod/example.com/restored@v1.0.0/sub"
	echo 'package restored' >"$mod/example.com/restored@v1.0.0/sub/r.go"
	chmod 444 "$mod/example.com/restored@v1.0.0/sub/r.go"
	chmod 555 "$mod/example.com/restored@v1.0.0/sub" "$mod/example.com/restored@v1.0.0" "$mod/example.com"
}
# removable_by_owner DIR: the workspace's owner (a self-hosted runner's
# next checkout) can remove the tree, tried on a copy as uid 1001.
removable_by_owner() {
	local tmp
	tmp=$(mktemp -d) && chown 1001:1001 "$tmp" && cp -a "$1" "$tmp/copy" &&
		setpriv --reuid=1001 --regid=1001 --clear-groups rm -rf "$tmp/copy" 2>&1 | head -n 3 >&2
	[ ! -e "$tmp/copy" ] && rm -rf "$tmp"
}
nfail=${#CHECKS_FAILED[@]}
run_action seeded \
	packages= bench=HMAC rounds=8 benchtime=10ms threshold=25% cache-dir=.benchgate-cache base-toolchain=local head-toolchain=local "base-ref=$MERGE_SHA" "head-ref=$MERGE_SHA" github-token=
seeded_dir=$WORK/seeded/workspace/.benchgate-cache/go-build
seeded_files() { sed -En 's/.*GOCACHE=.* was empty: seeded it from .* \(([0-9]+) files, .*/\1/p' "$WORK/seeded/stdout" "$WORK/seeded/stderr" | head -n 1; }
log "checks: a first run with cache-dir"
check "seeded: exit code 0" exit_is seeded 0
check "seeded: the empty cache-dir was seeded from the image's cache (over 1,000 files)" \
	eval '[ "$(seeded_files)" -gt 1000 ]'
check "seeded: the suite built from the copy (at most 20 files added to it, of the package index)" \
	eval '[ "$(find "$seeded_dir" -type f | wc -l)" -le "$(( $(seeded_files) + 20 ))" ]'
check "seeded: the copies are dated now, not 2100 (the go command trims them as its own)" \
	eval '[ "$(find "$seeded_dir" -type f -newermt "+1 day" | wc -l)" = 0 ]'
check "seeded: the cache belongs to the workspace's owner after the run (actions/cache saves it)" \
	eval '[ "$(find "$(dirname "$seeded_dir")" ! -uid 1001 | wc -l)" = 0 ]'
check "seeded: the owner can remove the cache, the restored module cache's read-only directories too (a self-hosted runner's next checkout)" \
	removable_by_owner "$(dirname "$seeded_dir")"
[ ${#CHECKS_FAILED[@]} -eq "$nfail" ] || show seeded

log "timings: total $((SECONDS - t_start))s; image build ${t_build}s; pr run $(cat "$WORK/pr/seconds")s; hostile run $(cat "$WORK/hostile/seconds")s; A/A run $(cat "$WORK/aa/seconds")s; instructions run $(cat "$WORK/instr/seconds")s; suite run $suite_time; seeded run $(cat "$WORK/seeded/seconds")s"
summarize container-e2e || exit 1
