#!/usr/bin/env bash
# Browser tests of `stackc preview` (Tests/Browser/test_preview.py) in
# headless Chromium through Playwright for Python. They need python3, the
# playwright package and a chromium binary; without them this prints what is
# missing and exits 0, so a machine without a browser still runs the rest.
#   apt-get install -y chromium && pip install playwright
set -uo pipefail
cd "$(dirname "$0")/.."
missing=()
command -v python3 >/dev/null || missing+=("python3")
python3 -c "import playwright.sync_api" 2>/dev/null || missing+=("the playwright Python package (pip install playwright)")
command -v "${CHROMIUM:-chromium}" >/dev/null || missing+=("chromium (apt-get install chromium)")
if [ ${#missing[@]} -ne 0 ]; then
    echo "SKIPPED: browser tests of stackc preview: missing ${missing[*]}"
    exit 0
fi
if [ ! -x "${STACKC:-.build/debug/stackc}" ]; then
    swift build --product stackc || exit 1
fi
exec python3 Tests/Browser/test_preview.py
