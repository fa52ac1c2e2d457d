#!/usr/bin/env bash
# Runs Compose, whichever this machine has: the `docker compose` plugin (v2) or the
# standalone `docker-compose` (v1, Debian's package). `scripts/compose.sh up-wait [SECONDS]`
# starts the stack detached and waits until every started container is healthy, since
# v1 has no `up --wait`.
set -euo pipefail

cd "$(dirname "$0")/.."
if docker compose version >/dev/null 2>&1; then
    compose=(docker compose)
elif command -v docker-compose >/dev/null 2>&1; then
    compose=(docker-compose)
else
    echo "error: neither 'docker compose' nor 'docker-compose' is installed" >&2
    exit 1
fi

if [[ "${1:-}" != up-wait ]]; then
    exec "${compose[@]}" "$@"
fi

timeout="${2:-120}"
"${compose[@]}" up -d
deadline=$((SECONDS + timeout))
while :; do
    ids=$("${compose[@]}" ps -q)
    [[ -n "$ids" ]] || { echo "error: no container started" >&2; exit 1; }
    # Without a health check a running container counts as ready; a one-shot container (the keys
    # bootstrap) that exited 0 has done its job.
    states=$(docker inspect --format '{{.Name}} {{.State.Status}}:{{.State.ExitCode}} {{if .State.Health}}{{.State.Health.Status}}{{else}}healthy{{end}}' $ids)
    if ! grep -qvE ' (running|exited):0 healthy$' <<<"$states"; then
        echo "all services healthy"
        exit 0
    fi
    if grep -qE ' (exited:[1-9][0-9]*|dead:[0-9]+|restarting:[0-9]+) | unhealthy$' <<<"$states" || ((SECONDS >= deadline)); then
        echo "error: the stack did not become healthy:" >&2
        sed 's/^/  /' <<<"$states" >&2
        "${compose[@]}" logs --tail 20 >&2 || true
        exit 1
    fi
    sleep 1
done
