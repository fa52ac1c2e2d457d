#!/usr/bin/env bash
# Installs the Debian packages the test suite needs (redis-server for the Redis store,
# debootstrap for the offline container base image, chromium to open the HTML report
# headless) when they are missing.
set -euo pipefail
missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v redis-cli >/dev/null 2>&1 || missing+=(redis-tools)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "install-system-deps: missing ${missing[*]}; install them (Debian: apt-get install ${missing[*]}) or the tests that need them are skipped" >&2
  exit 0
fi
echo "install-system-deps: installing ${missing[*]}" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# The Debian package starts a system redis on 6379; the tests start their own servers.
if command -v systemctl >/dev/null 2>&1; then systemctl disable --now redis-server >/dev/null 2>&1 || true; fi
service redis-server stop >/dev/null 2>&1 || true
