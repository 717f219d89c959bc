#!/usr/bin/env bash
# Counts StackRuntime's public face: the symbols an app author sees.
# Builds the module, extracts its symbol graph at public access and prints
# the number of public types and of public symbols (types, members,
# functions, properties). Run from the repository root.
set -euo pipefail
swift build --target StackRuntime >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
swift symbolgraph-extract -module-name StackRuntime -I .build/debug/Modules \
    -target "$(uname -m)-unknown-linux-gnu" -minimum-access-level public -output-dir "$out" >/dev/null
python3 - "$out/StackRuntime.symbols.json" "${1:-}" <<'PY'
import json, sys
graph = json.load(open(sys.argv[1]))
symbols = graph["symbols"]
kinds = {}
for s in symbols:
    kinds[s["kind"]["identifier"]] = kinds.get(s["kind"]["identifier"], 0) + 1
types = sum(n for k, n in kinds.items() if k in ("swift.struct", "swift.enum", "swift.class", "swift.protocol", "swift.typealias"))
print(f"public types: {types}")
print(f"public symbols: {len(symbols)}")
if sys.argv[2] == "--list":
    for s in sorted(symbols, key=lambda s: s["pathComponents"]):
        print("  " + ".".join(s["pathComponents"]) + "  (" + s["kind"]["identifier"].removeprefix("swift.") + ")")
PY
