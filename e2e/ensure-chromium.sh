#!/usr/bin/env bash
# The e2e tests drive Debian's chromium; install it when missing (as root), never a downloaded browser.
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$path" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium not found at $path. Install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
