#!/usr/bin/env bash
# The e2e tests drive Debian's chromium headless shell (the sigma-engine tests and the benches, the full
# chromium); install what is missing (as root), never a downloaded browser. CHROMIUM_PATH overrides both.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] && exit 0
  echo "Chromium not found at $CHROMIUM_PATH." >&2
  exit 1
fi
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
elif [ -x /usr/bin/chromium ]; then
  echo "Using /usr/bin/chromium for the journeys: chromium-headless-shell is missing (sudo apt-get install -y chromium-headless-shell runs them on about half the CPU)." >&2
else
  echo "Chromium not found. Install Debian's packages (sudo apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH." >&2
  exit 1
fi
