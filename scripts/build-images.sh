#!/usr/bin/env bash
# Builds the service images (and the Redis image) without any registry: the local Debian
# base (reused when present), the wheelhouse (reused when the pins are unchanged), then
# `docker build` of the same Dockerfiles a registry user builds, with no package index.
set -euo pipefail

cd "$(dirname "$0")/.."
BASE="${BASE_IMAGE:-dsh/python-base:bookworm}"
TAG="${IMAGE_TAG:-local}"
SERVICES=(memory answerer harness)

BASE_IMAGE="$BASE" scripts/build-base-image.sh
scripts/build-wheelhouse.sh

offline=(--build-arg "BASE_IMAGE=$BASE" --build-arg "PIP_EXTRA=--no-index --find-links /wheels")
# One after the other, in the same order: the shared stages come from the layer cache after
# the first build, so the venv and the stubs are built once and identical in every image.
for name in "${SERVICES[@]}"; do
    echo "building dsh/$name:$TAG"
    docker build --quiet "${offline[@]}" -f "services/$name/Dockerfile" -t "dsh/$name:$TAG" . >/dev/null
done
# The local model server's image only when the llm profile is asked for: it needs the llama-cpp-python
# wheel that make llm-setup builds (a few minutes, once), which the other images do not.
if [[ ",${COMPOSE_PROFILES:-}," == *",llm,"* ]]; then
    scripts/llm-env.sh
    echo "building dsh/llm:$TAG"
    docker build --quiet --build-arg "BASE_IMAGE=$BASE" --build-arg "PIP_EXTRA=--no-index --find-links /wheels" \
        -f services/llm/Dockerfile -t "dsh/llm:$TAG" . >/dev/null
fi
echo "building dsh/redis:bookworm"
docker build --quiet --build-arg "BASE_IMAGE=$BASE" -f services/redis/Dockerfile -t dsh/redis:bookworm . >/dev/null

docker image ls --format '{{.Repository}}:{{.Tag}}\t{{.Size}}' | grep -E '^dsh/' | sort
