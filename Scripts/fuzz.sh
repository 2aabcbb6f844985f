#!/usr/bin/env bash
# make fuzz: builds Hooke's libFuzzer targets (Fuzz/Targets) with AddressSanitizer and
# runs each for FUZZ_SECONDS seconds on its seed corpus (Fuzz/corpus/TARGET) plus the
# corpus it has grown in earlier runs (.build/fuzz/corpus/TARGET, never committed).
#
#   Scripts/fuzz.sh [SECONDS] [TARGET…]      (default: 60 s, every target)
#   Scripts/fuzz.sh --build-only
#
# The package's modules are compiled by SwiftPM with -sanitize=fuzzer,address (coverage
# instrumentation and ASan) and -enable-testing, into .build/fuzz; each target is one
# entry file (LLVMFuzzerTestOneInput) plus Fuzz/Targets/FuzzSupport.swift, linked with
# those objects, including the `hooke` executable's (its entry point is renamed
# hooke_main by SwiftPM, so libFuzzer's main is the one that runs, and `@testable import
# hooke` reaches the CLI's internal types).
#
# A crash, a timeout (a unit over FUZZ_TIMEOUT seconds, default 10), an out-of-memory
# (FUZZ_RSS_MB, default 2048) or a failed invariant keeps the input in
# .build/fuzz/artifacts/TARGET/ and makes the script exit 1 after every target has run.
set -euo pipefail
cd "$(dirname "$0")/.."

ALL_TARGETS="scenario gesture sweep-merge fit-csv arguments snapshot"
SECONDS_PER_TARGET=60
BUILD_ONLY=0
if [ "${1:-}" = "--build-only" ]; then BUILD_ONLY=1; shift; fi
if [ $# -gt 0 ] && [[ "$1" =~ ^[0-9]+$ ]]; then SECONDS_PER_TARGET=$1; shift; fi
TARGETS=${*:-$ALL_TARGETS}
TIMEOUT=${FUZZ_TIMEOUT:-10}
RSS_MB=${FUZZ_RSS_MB:-2048}
SWIFT=${SWIFT:-swift}

SCRATCH=$PWD/.build/fuzz
FLAGS=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing -Xcc -fsanitize=fuzzer-no-link,address)

echo "fuzz: building the package's modules with -sanitize=fuzzer,address (scratch $SCRATCH)"
$SWIFT build -c release --scratch-path "$SCRATCH" "${FLAGS[@]}" --target hooke
RELEASE=$($SWIFT build -c release --scratch-path "$SCRATCH" "${FLAGS[@]}" --show-bin-path)
MODULES=(CHookeSIMD HookeCore HookeBatch HookeCollision HookeWorld HookeScenario HookeTuning Hooke HookeLinear HookeInteractions HookeIO hooke)
OBJECTS=()
for module in "${MODULES[@]}"; do OBJECTS+=("$RELEASE/$module.build/"*.o); done
OPENBLAS_CFLAGS=$(pkg-config --cflags openblas)

mkdir -p "$SCRATCH/bin"
for target in $TARGETS; do
    source="Fuzz/Targets/$target.swift"
    test -f "$source" || { echo "fuzz: no target $target ($source)" >&2; exit 2; }
    binary="$SCRATCH/bin/fuzz-$target"
    # Relink only when the entry file, the support file or a module object is newer.
    if [ -x "$binary" ] && [ -z "$(find "$source" Fuzz/Targets/FuzzSupport.swift "${OBJECTS[@]}" -newer "$binary" | head -1)" ]; then
        continue
    fi
    echo "fuzz: linking $binary"
    swiftc -O -sanitize=fuzzer,address -parse-as-library -swift-version 6 -warnings-as-errors \
        -enable-upcoming-feature ExistentialAny -use-ld=lld \
        -module-name "Fuzz_${target//-/_}" -I "$RELEASE/Modules" \
        -Xcc -fmodule-map-file="$RELEASE/CHookeSIMD.build/module.modulemap" \
        -Xcc -I -Xcc Sources/CHookeSIMD/include \
        -Xcc -fmodule-map-file=Sources/COpenBLAS/module.modulemap $OPENBLAS_CFLAGS \
        "$source" Fuzz/Targets/FuzzSupport.swift "${OBJECTS[@]}" -o "$binary"
done
[ "$BUILD_ONLY" = 1 ] && exit 0

# The Swift runtime's crash backtracer would wait on a fuzzer's crash; ASan reports it.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=0:handle_abort=1}
# OpenBLAS's worker threads are no use on the tiny matrices the targets make.
export OPENBLAS_NUM_THREADS=1
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/Scripts/lsan-suppressions.txt:print_suppressions=0}

failed=()
summary=()
for target in $TARGETS; do
    corpus="$SCRATCH/corpus/$target"
    artifacts="$SCRATCH/artifacts/$target"
    log="$SCRATCH/logs/$target.log"
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    dictionary=()
    [ -f "Fuzz/dictionaries/$target.dict" ] && dictionary=(-dict="$PWD/Fuzz/dictionaries/$target.dict")
    echo "fuzz: $target for $SECONDS_PER_TARGET s (log $log)"
    status=0
    "$SCRATCH/bin/fuzz-$target" "$corpus" "$PWD/Fuzz/corpus/$target" "${dictionary[@]}" \
        -max_total_time="$SECONDS_PER_TARGET" -timeout="$TIMEOUT" -rss_limit_mb="$RSS_MB" \
        -artifact_prefix="$artifacts/" -print_final_stats=1 -close_fd_mask=1 \
        >"$log" 2>&1 || status=$?
    units=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    corpus_size=$(find "$corpus" -type f | wc -l)
    line=$(printf '%-12s %10s inputs/s %12s inputs  corpus %6s  ' "$target" "${rate:-?}" "${units:-?}" "$corpus_size")
    if [ "$status" -ne 0 ]; then
        kept=$(ls -t "$artifacts" 2>/dev/null | head -1)
        line+="FAILED (status $status; input kept: $artifacts/$kept)"
        failed+=("$target")
        grep -E '^(==[0-9]+==ERROR|SUMMARY|Fatal error|.*fuzz invariant|ALARM)' "$log" | head -5 >&2 || true
    else
        line+="ok"
    fi
    summary+=("$line")
    echo "$line"
done

echo
echo "fuzz: $SECONDS_PER_TARGET s per target on $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1) ($(nproc) cores)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: failed: ${failed[*]} (inputs in $SCRATCH/artifacts/; logs in $SCRATCH/logs/)" >&2
    exit 1
fi
