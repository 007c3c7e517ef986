#!/usr/bin/env bash
# Installs the system packages the tests need, from Debian's apt, when they are missing:
# Chromium and its headless shell (browser tests), CJK fonts (pages render Chinese), PostgreSQL server binaries (API tests),
# Redis and nginx (npm run cluster, npm run test:faults).
set -euo pipefail

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
# the browser files run in Chromium's headless shell (decision 066), the same version as Debian's Chromium
[ -x "${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}" ] || missing+=(chromium-headless-shell)
fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || missing+=(fonts-noto-cjk)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || [ -n "${TEST_POSTGRES_URL:-}" ] || missing+=(postgresql)
# the scale-out recipe (npm run cluster) and the fault suite (npm run test:faults)
command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ] || missing+=(redis-server)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "missing system packages: ${missing[*]} — install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
