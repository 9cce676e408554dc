#!/usr/bin/env bash
# render-check.sh: render benchgate's markdown reports the way GitHub shows
# a pull-request comment (GitHub-flavoured markdown, GitHub's stylesheet,
# mermaid 11) in headless Chromium at 800 pixels, keep a screenshot of each,
# and fail if anything overflows the comment or a chart does not render.
#
# Usage: scripts/render-check.sh [OUTDIR]   (default: a temporary directory)
#
# The reports are made by the benchgate built from this tree, from inputs
# in the repository: a regression, a clean pass, an inconclusive run, the
# long names of real published benchmarks (grafana-mimir-prometheus) and a
# toolchain bump of many benchmarks. It installs Debian's chromium and the
# npm packages in scripts/render (package-lock.json) when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=${1:-$(mktemp -d)}
mkdir -p "$out"

if ! command -v chromium >/dev/null; then
	echo "==> installing chromium (Debian)"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-color-emoji >/dev/null
fi
if [ ! -d scripts/render/node_modules/mermaid ]; then
	echo "==> npm ci in scripts/render"
	(cd scripts/render && npm ci --no-audit --no-fund --loglevel=error)
fi

bin="$out/benchgate"
go build -o "$bin" .
data=gate/compare/testdata/realdata
report() { # NAME ARGS...: a markdown report of benchgate compare ARGS
	local name=$1
	shift
	"$bin" compare -format markdown "$@" >"$out/$name.md" 2>/dev/null || true
	[ -s "$out/$name.md" ] || { echo "no report for $name" >&2; exit 1; }
}
report regression gate/report/testdata/base.txt gate/report/testdata/head.txt
report pass testdata/render/pass-base.txt testdata/render/pass-head.txt
report inconclusive testdata/render/inconclusive-base.txt testdata/render/inconclusive-head.txt
report long-names "$data/grafana-mimir-prometheus/before.txt" "$data/grafana-mimir-prometheus/after.txt"
report many "$data/cockroach-roachprod-microbench/set-a/pkg_util_hlc-report.log" "$data/cockroach-roachprod-microbench/set-b/pkg_util_hlc-report.log"
cp gate/report/testdata/golden.md "$out/golden.md"

echo "==> rendering at 800 px into $out"
node scripts/render/render.mjs "$out" "$out"/*.md
