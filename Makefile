# The team's vocabulary. Quick start: `make run` (local stack) and `make test` (whole suite).
SHELL := /bin/bash
# uv lives in a private virtual environment that scripts/bootstrap.sh makes (PEP 668 refuses pip --user).
UV := $(CURDIR)/.tools/uv/bin/uv
export UV
export UV_PYTHON_DOWNLOADS := never
export UV_SYSTEM_CERTS := true
PY := $(UV) run --frozen

.PHONY: bootstrap run test smoke unit lint typecheck format bench openapi layers synth test-infra token chat job keys-rotate
ENV ?= dev
CDK := npx --yes aws-cdk@2.1148.1
# pytest-xdist workers: the cores, and at least 3 (much of a test waits on DynamoDB Local, not the CPU)
TEST_WORKERS ?= $(shell n=$$(nproc); echo $$(( n < 3 ? 3 : n )))

bootstrap:
	@scripts/bootstrap.sh

run: bootstrap  ## start DynamoDB Local, tables, indexer poller and the local API on 127.0.0.1:8080
	@$(PY) engram run

test: bootstrap  ## lint, type-check and the whole test suite (starts and stops DynamoDB Local itself)
	@echo "==> lint (ruff)"
	@$(PY) ruff check . && $(PY) ruff format --check .
	@echo "==> type check (mypy, about a minute on a cold cache)"
	@$(PY) mypy
	@echo "==> tests (pytest on $(TEST_WORKERS) workers, each with its own DynamoDB Local; a few minutes)"
	@$(PY) pytest -q -n $(TEST_WORKERS) --dist loadgroup

smoke: bootstrap  ## end-to-end journeys as a pass/fail table: make smoke [URL=<ApiUrl> TOKEN=… FREE_TOKEN=… PUBLIC_KEY=… LINE_CHANNEL=…]; no URL: a stack of its own
	@ENGRAM_SMOKE_TOKEN="$${TOKEN:-}" ENGRAM_SMOKE_FREE_TOKEN="$${FREE_TOKEN:-}" $(PY) engram smoke $(if $(URL),--url $(URL)) $(if $(PUBLIC_KEY),--public-key $(PUBLIC_KEY)) $(if $(LINE_CHANNEL),--line-channel $(LINE_CHANNEL))

unit:
	@$(PY) pytest tests/unit

lint:
	@$(PY) ruff check . && $(PY) ruff format --check .

typecheck:
	@$(PY) mypy

format:
	@$(PY) ruff format . && $(PY) ruff check --fix .

bench: bootstrap
	@$(PY) python benchmarks/turn_overhead.py
	@$(PY) python benchmarks/cold_start.py

openapi:
	@$(PY) engram openapi > docs/openapi.json

layers:
	@$(PY) python -m infra.build_layers

synth:
	@PATH=.venv/bin:$$PATH $(CDK) synth -c env=$(ENV)

test-infra:
	@$(PY) pytest tests/infra

token:
	@$(PY) engram token --user $${USER_ID:-demo-user} $(if $(PLAN),--plan $(PLAN))

chat:
	@$(PY) engram chat

job:  ## run a scheduled job against the local stack: make job JOB=idle_sessions [NOW=2026-12-01T03:00:00Z]
	@$(PY) engram job $${JOB:-idle_sessions} $(if $(NOW),--now $(NOW))

keys-rotate:  ## P3 locally: a new wrapping key in .local/field-keys.json (then: make job JOB=rewrap_keys)
	@$(PY) engram keys rotate $(if $(RETIRE),--retire $(RETIRE))
