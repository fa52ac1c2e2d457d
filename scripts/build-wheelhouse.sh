#!/usr/bin/env bash
# Builds build/wheelhouse/: every pinned wheel the images install (requirements.txt, which includes
# the memory and answerer images' own requirements-{common,memory,answerer}.txt, plus
# the grpcio-tools pin that generates the stubs), for CPython 3.11 on manylinux x86_64,
# so `docker build` installs with --no-index. Skips the download when the pins are unchanged.
# manylinux_2_28 as well as manylinux2014: numpy, pillow and contourpy (the HTML report's
# charts) ship only 2_28 wheels for 3.11; the images' Debian bookworm base has glibc 2.36.
set -euo pipefail

cd "$(dirname "$0")/.."
OUT="${WHEELHOUSE:-build/wheelhouse}"
PYTHON="${PYTHON:-python3}"

tools_pin=$(grep -E '^grpcio-tools==' requirements-dev.txt) || {
    echo "error: no grpcio-tools==... pin in requirements-dev.txt" >&2
    exit 1
}
# redis declares `async-timeout; python_full_version < "3.11.3"`, and pip evaluates markers
# against the host's interpreter, not --python-version: Debian bookworm's python3 is 3.11.2,
# so the wheel is fetched explicitly (the installer in the image takes it only when needed).
extra_pins=("async-timeout==5.0.1")

key=$(cat requirements.txt requirements-common.txt requirements-memory.txt requirements-answerer.txt <(echo "$tools_pin") <(printf '%s\n' "${extra_pins[@]}") | sha256sum | cut -d' ' -f1)
if [[ -f "$OUT/.stamp" && "$(cat "$OUT/.stamp")" == "$key" ]]; then
    echo "wheelhouse $OUT is up to date"
    exit 0
fi

tmp=$(mktemp -d "${OUT%/*}/.wheelhouse.XXXXXX" 2>/dev/null || { mkdir -p "${OUT%/*}"; mktemp -d "${OUT%/*}/.wheelhouse.XXXXXX"; })
trap 'rm -rf "$tmp"' EXIT

"$PYTHON" -m pip download --disable-pip-version-check --quiet \
    --only-binary=:all: --platform manylinux2014_x86_64 --platform manylinux_2_28_x86_64 \
    --implementation cp --python-version 3.11 --abi cp311 \
    --dest "$tmp" -r requirements.txt "$tools_pin" "${extra_pins[@]}"

echo "$key" > "$tmp/.stamp"
# Swap in whole, so an interrupted run never leaves a half wheelhouse that looks complete.
rm -rf "$OUT"
mv "$tmp" "$OUT"
trap - EXIT
echo "wheelhouse $OUT: $(ls "$OUT"/*.whl | wc -l) wheels, $(du -sh "$OUT" | cut -f1)"
