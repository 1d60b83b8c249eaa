#!/usr/bin/env bash
# Installs everything the local stack and the tests need, on a fresh Debian/Ubuntu machine
# whose system Python is externally managed (PEP 668), as root or as a user with sudo:
#   uv, pinned, in a private virtual environment under the project (.tools/uv) — never
#   `pip install --user` or --break-system-packages, which PEP 668 refuses or forbids;
#   Java 17, Node and Chromium (Debian packages) if missing;
#   DynamoDB Local from npm (never committed: its licence forbids redistribution);
#   the TypeScript client's locked npm dependencies (clients/typescript), and its build;
#   the locked Python dependencies (uv.lock) into .venv, with the machine's own Python 3.11/3.12.
set -euo pipefail
cd "$(dirname "$0")/.."

UV_VERSION=0.13.9
UV_HOME="${ENGRAM_TOOLS_DIR:-.tools}/uv"  # ENGRAM_TOOLS_DIR: where the project keeps its own tools
UV="$UV_HOME/bin/uv"
# uv never downloads an interpreter: the project runs on the machine's python3 (3.11 or 3.12).
export UV_PYTHON_DOWNLOADS=never
# The machine's own CA store (a corporate or sandbox proxy's root lives there, not in uv's bundle).
export UV_SYSTEM_CERTS=true

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

# The interpreter that carries uv's private venv: the first Python 3.11/3.12 on PATH.
python_for_tools() {
  for candidate in python3.12 python3.11 python3; do
    if command -v "$candidate" >/dev/null 2>&1 \
      && "$candidate" -c 'import sys; sys.exit(0 if (3, 11) <= sys.version_info[:2] <= (3, 12) else 1)' 2>/dev/null; then
      command -v "$candidate"; return 0
    fi
  done
  return 1
}

if [ ! -x "$UV" ] || [ "$("$UV" --version 2>/dev/null | cut -d' ' -f2)" != "$UV_VERSION" ]; then
  PYTHON=$(python_for_tools) || { apt_install python3 python3-venv; PYTHON=$(python_for_tools); }
  # Debian ships venv's pip seed (ensurepip) in python3-venv; without it `-m venv` fails.
  if ! "$PYTHON" -c 'import ensurepip' >/dev/null 2>&1; then
    apt_install python3-venv
  fi
  log "installing uv $UV_VERSION into $UV_HOME (a private virtual environment)"
  rm -rf "$UV_HOME"
  "$PYTHON" -m venv "$UV_HOME"
  "$UV_HOME/bin/python" -m pip install --quiet --disable-pip-version-check "uv==$UV_VERSION"
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

# The TypeScript client's locked dev dependencies (package-lock.json; `npm ci` again only when the lock
# changed), then its build (dist/, what its tests load; only when its sources changed, so a bootstrap
# never removes dist/ under a running test): tests/integration/test_typescript_client.py.
TS_CLIENT=clients/typescript
TS_STAMP=$TS_CLIENT/node_modules/.engram-npm-lock
TS_LOCK_HASH=$(sha256sum "$TS_CLIENT/package-lock.json" | cut -d' ' -f1)
if [ ! -f "$TS_STAMP" ] || [ "$(cat "$TS_STAMP")" != "$TS_LOCK_HASH" ]; then
  log "installing the TypeScript client's locked dependencies (npm ci)"
  (cd "$TS_CLIENT" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
  echo "$TS_LOCK_HASH" > "$TS_STAMP"
fi
(cd "$TS_CLIENT" && npm run --silent build:if-changed >/dev/null)

# Says so only when the lock changed since the last sync (or on the first one): quiet otherwise.
STAMP=.venv/.engram-uv-lock
LOCK_HASH=$(sha256sum uv.lock | cut -d' ' -f1)
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$LOCK_HASH" ]; then
  log "installing the locked Python dependencies (uv.lock)"
fi
if [ -x .venv/bin/python ]; then
  # An existing environment is kept as it is: naming another interpreter (a PATH that finds a
  # different python3.11) would make uv rebuild it under whatever is running from it.
  "$UV" sync --frozen --quiet
else
  PYTHON=$(python_for_tools) || true
  "$UV" sync --frozen --quiet ${PYTHON:+--python "$PYTHON"}
fi
echo "$LOCK_HASH" > "$STAMP"
