#!/usr/bin/env bash
# standin-image.sh: make a local stand-in for the Dockerfile's base image.
#
# Usage: scripts/standin-image.sh [--force] [IMAGE]
#
# Base images cannot be pulled on the machines this project runs on, so
# this builds one that looks like the official golang image from parts that
# are here: a Debian rootfs made with debootstrap (minbase plus git,
# ca-certificates and valgrind, which the Dockerfile would otherwise
# install from the network) from the mirror apt is configured with, and a
# copy of the local Go (/usr/local/go, or $GOROOT_SRC). It is tagged with exactly the
# name the Dockerfile's FROM uses (default: read from ./Dockerfile), so the
# real, unchanged Dockerfile builds with `podman build --pull=never`.
#
# The debootstrap result is kept as its own image
# (localhost/benchgate-standin/debian:<suite>-minbase), so a re-run, or a
# new Go, only redoes the cheap Go layer. Both images carry the label
# io.benchgate.standin.packages naming the extra packages; one made before
# a package was added is made again. An existing image that was not
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
# The packages beyond minbase. The label above keeps naming the Go version
# alone, as it did before this one existed.
packages=git,ca-certificates,valgrind
pkglabel=io.benchgate.standin.packages
# image_label prints label $1 of image $2, empty where it has none.
image_label() {
	local v
	v=$(pm image inspect --format "{{index .Labels \"$1\"}}" "$2")
	[ "$v" = "<no value>" ] || printf '%s' "$v"
}
if pm image exists "$image"; then
	have_label=$(image_label "$label" "$image")
	if [ -z "$have_label" ]; then
		log "$image exists and was not made by this script (a real image?): using it as it is"
		exit 0
	fi
	if [ "$have_label" = "$have_go" ] && [ "$(image_label "$pkglabel" "$image")" = "$packages" ] && ! $force; then
		log "$image: stand-in with $have_go and $packages is up to date"
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

if $force || ! pm image exists "$minbase" || [ "$(image_label "$pkglabel" "$minbase")" != "$packages" ]; then
	ensure_packages debootstrap
	# The mirror apt already uses (the network reaches Debian's archive only).
	mirror=${DEBIAN_MIRROR:-$(apt_mirror)}
	mirror=${mirror:-http://deb.debian.org/debian}
	log "debootstrap $suite (minbase, ${packages//,/, }) from $mirror: takes a few minutes once"
	if ! debootstrap --variant=minbase --include="$packages" "$suite" "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1; then
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
		--change 'CMD ["bash"]' --change "LABEL $pkglabel=$packages" - "$minbase" >/dev/null
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
	--change "LABEL $pkglabel=$packages" \
	"$ctr" "$image" >/dev/null

# It must behave like the real thing.
# shellcheck disable=SC2016 # expanded in the container
out=$(pm run --rm --network=none "${PODMAN_ULIMITS[@]}" "$image" sh -c 'go version && git --version && valgrind --version && echo "GOPATH=$GOPATH GOTOOLCHAIN=$GOTOOLCHAIN PWD=$PWD"')
printf '%s\n' "$out" | sed 's/^/    /' >&2
grep -q "^go version $have_go " <<<"$out" || die "$image does not run $have_go"
grep -q "^valgrind-" <<<"$out" || die "$image has no valgrind"
log "ready: $image (stand-in; label $label=$have_go)"
