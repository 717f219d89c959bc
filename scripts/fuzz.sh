#!/usr/bin/env bash
# Runs each libFuzzer target for SECONDS (default 60): the front end
# (source → check → lower → encode → load, asserting the loader accepts what
# the compiler wrote and both lay out alike) and the loader (bytes → decode →
# layout → taps, a mutation, animations, moves with state changes). Corpora start from the samples,
# the diagnostic and layout fixtures, and the samples compiled; they grow in
# Fuzz/corpus/ (not committed). A crash leaves its input in Fuzz/artifacts/
# and makes this script fail: turn it into a regression test
# (Tests/CompilerTests/FuzzRegressionTests.swift reads Tests/FuzzRegressions/).
#
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (targets: FuzzFrontEnd FuzzLoader)
# Exit status: 0 nothing found, 1 a target failed, 3 no libFuzzer here.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(FuzzFrontEnd FuzzLoader)

echo "== building the fuzz targets (release, -sanitize=fuzzer)"
build_log=$(mktemp)
# Without --disable-build-manifest-caching, source files added to the main
# package since the last fuzz build were not compiled (SwiftPM reused its
# build plan for the path dependency: "cannot find … in scope").
if ! swift build -c release --sanitize fuzzer --disable-build-manifest-caching --package-path Fuzz >"$build_log" 2>&1; then
    tail -20 "$build_log"
    # Status 3: not a finding, the toolchain has no libFuzzer (.ci/run skips).
    if grep -qiE "fuzzer|unsupported option|libclang_rt" "$build_log"; then
        echo "fuzz: this toolchain cannot build with -sanitize=fuzzer" >&2
        exit 3
    fi
    exit 1
fi
tail -1 "$build_log"
bin=$(swift build -c release --sanitize fuzzer --package-path Fuzz --show-bin-path)

mkdir -p Fuzz/corpus/FuzzFrontEnd Fuzz/corpus/FuzzLoader Fuzz/artifacts
cp samples/*.stack Tests/CompilerTests/Fixtures/diagnostics/*.stack Fuzz/corpus/FuzzFrontEnd/ 2>/dev/null || true
find Tests/LayoutTests/Fixtures -name '*.stack' -exec cp {} Fuzz/corpus/FuzzFrontEnd/ \; 2>/dev/null || true
# interpolation_v interpolates an enum: a `caseName` for the loader to take apart.
for sample in samples/hotel.stack samples/settings.stack samples/checkout.stack Tests/LayoutTests/Fixtures/layout/interpolation_v.stack; do
    swift run -c release --skip-build stackc compile "$sample" -o "Fuzz/corpus/FuzzLoader/$(basename "$sample" .stack).stackc" >/dev/null 2>&1 \
        || .build/release/stackc compile "$sample" -o "Fuzz/corpus/FuzzLoader/$(basename "$sample" .stack).stackc" >/dev/null 2>&1 \
        || .build/debug/stackc compile "$sample" -o "Fuzz/corpus/FuzzLoader/$(basename "$sample" .stack).stackc" >/dev/null 2>&1 || true
done
cp Tests/FuzzRegressions/*.stack Fuzz/corpus/FuzzFrontEnd/ 2>/dev/null || true
cp Tests/FuzzRegressions/*.stackc Fuzz/corpus/FuzzLoader/ 2>/dev/null || true

status=0
for target in "${targets[@]}"; do
    echo "== $target for ${seconds}s"
    dict=()
    [ "$target" = FuzzFrontEnd ] && dict=(-dict=Fuzz/stack.dict)
    # No backtracer: a crash in it would hang instead of ending the run.
    log=Fuzz/artifacts/$target.log
    code=0
    SWIFT_BACKTRACE=enable=no "$bin/$target" Fuzz/corpus/$target "${dict[@]}" \
        -max_total_time="$seconds" -max_len=8192 -rss_limit_mb=4096 -timeout=10 \
        -artifact_prefix=Fuzz/artifacts/$target- -print_final_stats=1 >"$log" 2>&1 || code=$?
    grep -E "^(#[0-9]+ +(DONE|INITED)|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+== ERROR|.*Fatal error.*)" "$log" || true
    if [ "$code" -ne 0 ]; then
        echo "fuzz: $target stopped with status $code; see $log" >&2
        status=1
    fi
    if ls Fuzz/artifacts/$target-*[!g] >/dev/null 2>&1; then
        echo "fuzz: $target found a failing input: $(ls Fuzz/artifacts/$target-*)" >&2
        status=1
    fi
done
exit $status
