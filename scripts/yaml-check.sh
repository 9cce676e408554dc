#!/usr/bin/env bash
# yaml-check.sh: every workflow a user may copy parses as YAML: the
# ```yaml blocks of README.md, this repository's .github/workflows, the
# workflows under testdata/action, and action.yml; each workflow has on:
# and jobs:, and every job steps; action.yml's inputs hold no expression
# outside a default. (The runner reads the same YAML.)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! python3 -c 'import yaml' 2>/dev/null; then
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-yaml >/dev/null
fi
python3 - <<'PY'
import glob, re, sys, yaml
docs = []
readme = open("README.md").read()
for i, m in enumerate(re.finditer(r"```yaml\n(.*?)```", readme, re.S)):
    docs.append((f"README.md yaml block {i+1}", m.group(1), True))
for f in sorted(glob.glob(".github/workflows/*.yml") + glob.glob("testdata/action/*.yml")):
    docs.append((f, open(f).read(), True))
docs.append(("action.yml", open("action.yml").read(), False))
bad = 0
for name, text, workflow in docs:
    try:
        y = yaml.safe_load(text)
    except yaml.YAMLError as e:
        print(f"{name}: {e}".replace("\n", " ")); bad += 1; continue
    if workflow:
        # YAML reads the key on: as True.
        if not isinstance(y, dict) or "jobs" not in y or not (True in y or "on" in y):
            print(f"{name}: not a workflow (no on: or jobs:)"); bad += 1; continue
        for job, spec in y["jobs"].items():
            if "steps" not in spec and "uses" not in spec:
                print(f"{name}: job {job} has no steps"); bad += 1
    else:
        # The runner evaluates ${{ }} in an action's inputs (act refuses
        # the action outright: "expressions are not allowed here"), so only
        # a default may hold one (github-token's ${{ github.token }}).
        for inp, spec in (y.get("inputs") or {}).items():
            for key, val in (spec or {}).items():
                if key != "default" and "${{" in str(val):
                    print(f"{name}: input {inp}: an expression in its {key}"); bad += 1
print(f"{len(docs)} YAML documents, {bad} bad")
sys.exit(1 if bad else 0)
PY
