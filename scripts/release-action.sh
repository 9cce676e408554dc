#!/usr/bin/env bash
# release-action.sh: make the release commit of a version. It points
# action.yml's runs.image at the prebuilt image in the registry, so that a
# workflow using this version pulls the image instead of building the
# Dockerfile, and commits that (on a detached HEAD: main keeps
# `image: Dockerfile`, which `uses: ./` builds for development).
#
# Usage: scripts/release-action.sh VERSION IMAGE     e.g. v1.2.3 ghcr.io/benchgate/benchgate
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:?usage: $0 VERSION IMAGE}
image=${2:?usage: $0 VERSION IMAGE}
case $version in
v[0-9]*.[0-9]*.[0-9]*) ;;
*) echo "release-action.sh: $version is not a version such as v1.2.3" >&2; exit 2 ;;
esac
grep -q '^  image: Dockerfile$' action.yml || { echo "release-action.sh: action.yml's runs.image is not Dockerfile" >&2; exit 1; }
sed -i "s|^  image: Dockerfile\$|  image: 'docker://$image:$version'|" action.yml
git add action.yml
git -c commit.gpgsign=false commit -q -m "release $version: action.yml runs $image:$version"
echo "release commit $(git rev-parse --short HEAD): action.yml runs $image:$version"
