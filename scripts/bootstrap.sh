#!/usr/bin/env bash
# Installs everything the local stack and the tests need, on a fresh machine:
# uv + Python deps (locked), Java 17 and Node (Debian packages) if missing,
# DynamoDB Local from npm (never committed: its licence forbids redistribution).
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '[bootstrap] %s\n' "$*" >&2; }
apt_install() {
  if command -v apt-get >/dev/null 2>&1; then
    log "installing $* with apt-get"
    if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
  else
    log "please install: $*"; exit 1
  fi
}

# uv installs itself to ~/.local/bin, which a new shell may not have on PATH: look there first.
if ! command -v uv >/dev/null 2>&1 && [ -x "$HOME/.local/bin/uv" ]; then
  export PATH="$HOME/.local/bin:$PATH"
fi
if ! command -v uv >/dev/null 2>&1; then
  log "installing uv"
  python3 -m pip install --quiet --user uv 2>/dev/null || python3 -m pip install --quiet uv
  export PATH="$HOME/.local/bin:$PATH"
fi

if ! command -v java >/dev/null 2>&1; then
  apt_install openjdk-17-jre-headless
fi

if ! command -v npm >/dev/null 2>&1; then
  apt_install nodejs npm
fi

# The inspector's browser tests drive Debian's Chromium (a test tool never downloads a browser).
if ! command -v chromium >/dev/null 2>&1; then
  apt_install chromium
fi

JAR=tools/dynamodb-local/node_modules/amplify-dynamodb-simulator/emulator/DynamoDBLocal.jar
if [ ! -f "$JAR" ]; then
  log "installing DynamoDB Local (npm: amplify-dynamodb-simulator)"
  (cd tools/dynamodb-local && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi

# Says so only when the lock changed since the last sync (or on the first one): quiet otherwise.
STAMP=.venv/.engram-uv-lock
LOCK_HASH=$(sha256sum uv.lock | cut -d' ' -f1)
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$LOCK_HASH" ]; then
  log "installing the locked Python dependencies (uv.lock)"
fi
uv sync --frozen --quiet
echo "$LOCK_HASH" > "$STAMP"
