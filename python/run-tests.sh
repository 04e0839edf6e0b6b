#!/usr/bin/env bash
# The Python package's tests (python/tests) against this checkout: turnkit_env installed with pip
# into a fresh virtualenv, then pytest. A missing Python fails (exit 1), it is never skipped.
#   npm run test:python [-- pytest args]     TURNKIT_RANDOM_GAMES=200 for the long random-games run
set -euo pipefail
cd "$(dirname "$0")/.."
py="${PYTHON:-python3}"
if ! command -v "$py" >/dev/null 2>&1; then
  echo "test:python: $py not found: the Python tests need Python 3.9 or later (set PYTHON to another)" >&2
  exit 1
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$py" -m venv "$tmp/venv"
# One retry per unreachable index, not pip's five with back-off (a machine with only a local mirror
# waits minutes for an index it can't reach); PIP_RETRIES set outside wins.
export PIP_RETRIES="${PIP_RETRIES:-1}"
"$tmp/venv/bin/pip" install --disable-pip-version-check -q "./python[test]"
TURNKIT_ROOT="$PWD" "$tmp/venv/bin/python" -m pytest -q -p no:cacheprovider python/tests "$@"
