#!/usr/bin/env bash
# standin-image.sh: make a local stand-in for the Dockerfile's base image.
#
# Usage: scripts/standin-image.sh [--force] [IMAGE]
#
# Base images cannot be pulled on the machines this project runs on, so
# this builds one that looks like the official golang image from parts that
# are here: a Debian rootfs made with debootstrap (minbase plus git and
# ca-certificates) from the mirror apt is configured with, and a copy of
# the local Go (/usr/local/go, or $GOROOT_SRC). It is tagged with exactly the
# name the Dockerfile's FROM uses (default: read from ./Dockerfile), so the
# real, unchanged Dockerfile builds with `podman build --pull=never`.
#
# The debootstrap result is kept as its own image
# (localhost/benchgate-standin/debian:<suite>-minbase), so a re-run, or a
# new Go, only redoes the cheap Go layer. An existing image that was not
# made by this script (no io.benchgate.standin label: a real, pulled image)
# is never replaced. --force redoes everything.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

force=false
while [ $# -gt 0 ]; do
	case $1 in
	-f | --force) force=true ;;
	-h | --help) usage; exit 0 ;;
	-*) die "unknown flag $1" "usage: $0 [--force] [IMAGE]" ;;
	*) break ;;
	esac
	shift
done
[ $# -le 1 ] || die "too many arguments" "usage: $0 [--force] [IMAGE]"

if [ $# -eq 1 ]; then
	image=$(qualify_image "$1")
else
	# shellcheck disable=SC2119
	image=$(dockerfile_base_image) || exit 2
fi
goroot=${GOROOT_SRC:-/usr/local/go}

# The tag says which Go and which Debian: golang:1.26.8-bookworm.
repo=${image%:*} tag=${image##*:}
case $repo in
*/golang) ;;
*) die "$image is not a golang image; this script only makes golang stand-ins" ;;
esac
want_go=go${tag%%-*}
suite=bookworm
[[ $tag != *-* ]] || suite=${tag#*-}
[ -x "$goroot/bin/go" ] || die "no Go at $goroot" "set GOROOT_SRC to a Go installation"
have_go=$("$goroot/bin/go" env GOVERSION)
[ "$have_go" = "$want_go" ] || die "the Dockerfile wants $image but the Go at $goroot is $have_go" \
	"install $want_go at $goroot (or point GOROOT_SRC at it): the stand-in must carry the Go its tag names"

ensure_podman

label=io.benchgate.standin
if pm image exists "$image"; then
	have_label=$(pm image inspect --format "{{index .Labels \"$label\"}}" "$image")
	if [ -z "$have_label" ] || [ "$have_label" = "<no value>" ]; then
		log "$image exists and was not made by this script (a real image?): using it as it is"
		exit 0
	fi
	if [ "$have_label" = "$have_go" ] && ! $force; then
		log "$image: stand-in with $have_go is up to date"
		exit 0
	fi
fi

# apt_mirror prints the first Debian (not security) archive URI apt uses.
apt_mirror() {
	{
		cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '/^URIs:/ { for (i = 2; i <= NF; i++) print $i }'
		cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
			awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:/) { print $i; break } }'
	} | grep -v security | grep '/debian/*$' | head -n1 || true
}

minbase=localhost/benchgate-standin/debian:$suite-minbase
work=$(mktemp -d /var/tmp/benchgate-standin.XXXXXX)
on_exit "rm -rf $(printf %q "$work")"

if $force || ! pm image exists "$minbase"; then
	ensure_packages debootstrap
	# The mirror apt already uses (the network reaches Debian's archive only).
	mirror=${DEBIAN_MIRROR:-$(apt_mirror)}
	mirror=${mirror:-http://deb.debian.org/debian}
	log "debootstrap $suite (minbase, git, ca-certificates) from $mirror: takes a few minutes once"
	if ! debootstrap --variant=minbase --include=git,ca-certificates "$suite" "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1; then
		tail -n 30 "$work/debootstrap.log" >&2
		die "debootstrap failed (log above)" "check that $mirror is reachable (apt-get update works?) or set DEBIAN_MIRROR"
	fi
	# What the debian image leaves out: package caches, the host's resolver
	# and hostname (podman provides its own).
	rm -rf "$work"/rootfs/var/cache/apt/archives/*.deb "$work"/rootfs/var/lib/apt/lists/* \
		"$work/rootfs/etc/resolv.conf" "$work/rootfs/etc/hostname"
	printf 'deb http://deb.debian.org/debian %s main\n' "$suite" >"$work/rootfs/etc/apt/sources.list"
	log "importing $minbase"
	tar -C "$work/rootfs" --numeric-owner -cf - . | pm import -q \
		--change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
		--change 'CMD ["bash"]' - "$minbase" >/dev/null
	rm -rf "$work/rootfs"
else
	log "reusing $minbase (debootstrap skipped)"
fi

# The Go layer, laid out as the official golang image does it.
log "adding $have_go from $goroot"
mkdir -p "$work/go/bin" "$work/go/src"
chmod -R 1777 "$work/go"
ctr=$(pm create --network=none "$minbase" true)
on_exit "podman --runtime runc rm -f $ctr >/dev/null"
pm cp "$goroot" "$ctr:/usr/local/go"
pm cp "$work/go" "$ctr:/go"
pm commit -q \
	--change "ENV GOLANG_VERSION=${want_go#go}" \
	--change 'ENV GOTOOLCHAIN=local' \
	--change 'ENV GOPATH=/go' \
	--change 'ENV PATH=/go/bin:/usr/local/go/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
	--change 'WORKDIR /go' \
	--change 'CMD ["bash"]' \
	--change "LABEL $label=$have_go" \
	"$ctr" "$image" >/dev/null

# It must behave like the real thing.
# shellcheck disable=SC2016 # expanded in the container
out=$(pm run --rm --network=none "${PODMAN_ULIMITS[@]}" "$image" sh -c 'go version && git --version && echo "GOPATH=$GOPATH GOTOOLCHAIN=$GOTOOLCHAIN PWD=$PWD"')
printf '%s\n' "$out" | sed 's/^/    /' >&2
grep -q "^go version $have_go " <<<"$out" || die "$image does not run $have_go"
log "ready: $image (stand-in; label $label=$have_go)"
