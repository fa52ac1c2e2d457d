#!/usr/bin/env bash
# Builds the local base image dsh/python-base:bookworm (Debian bookworm + python3 3.11)
# for machines that reach no image registry: debootstrap from Debian's mirror, then
# `docker import`. Reuses the image when it already exists, so a second run is instant.
set -euo pipefail

IMAGE="${BASE_IMAGE:-dsh/python-base:bookworm}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
SUITE=bookworm

if [[ "${FORCE:-0}" != 1 ]] && docker image inspect "$IMAGE" >/dev/null 2>&1; then
    echo "base image $IMAGE exists: reusing it (FORCE=1 rebuilds)"
    exit 0
fi

if [[ $(id -u) -ne 0 ]]; then
    echo "error: debootstrap needs root (run as root or via sudo)" >&2
    exit 1
fi

if ! command -v debootstrap >/dev/null 2>&1; then
    echo "installing debootstrap"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
fi

root=$(mktemp -d /tmp/dsh-base.XXXXXX)
# debootstrap leaves device nodes and root-owned files: always remove the tree.
trap 'rm -rf --one-file-system "$root"' EXIT

echo "debootstrap $SUITE from $MIRROR into $root"
debootstrap --variant=minbase \
    --include=python3,python3-venv,ca-certificates \
    "$SUITE" "$root" "$MIRROR"

# Smaller image: no package lists, apt caches, docs or man pages (nothing here
# needs them at run time; apt-get update restores the lists when a Dockerfile installs).
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin \
    "$root"/var/cache/apt/archives/*.deb "$root"/var/log/*.log \
    "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/* \
    "$root"/usr/share/locale/*
# Keep future apt-get installs inside derived images lean too.
cat > "$root/etc/dpkg/dpkg.cfg.d/01-dsh-nodoc" <<'CFG'
path-exclude=/usr/share/doc/*
path-exclude=/usr/share/man/*
path-exclude=/usr/share/info/*
path-exclude=/usr/share/locale/*
CFG
printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' \
    > "$root/etc/apt/apt.conf.d/01-dsh-norecommends"

# A python check before import: an image without a working 3.11 must not be tagged.
chroot "$root" /usr/bin/python3 -c 'import sys, venv, ensurepip; assert sys.version_info[:2] == (3, 11), sys.version'

tar --numeric-owner -C "$root" -c . | docker import \
    --change 'ENV LANG=C.UTF-8' \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["/usr/bin/python3"]' \
    - "$IMAGE"
echo "built $IMAGE"
docker image ls "$IMAGE"
