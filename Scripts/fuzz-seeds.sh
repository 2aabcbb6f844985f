#!/usr/bin/env bash
# Regenerates the committed seed corpora of the fuzz targets (Fuzz/corpus/TARGET) from
# the examples and from outputs of the built CLI. Hand-written seeds (hand-*) are kept.
#
#   Scripts/fuzz-seeds.sh [HOOKE]     (default: the release build's hooke, built if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
HOOKE=${1:-}
if [ -z "$HOOKE" ]; then
    swift build -c release --product hooke
    HOOKE="$(swift build -c release --show-bin-path)/hooke"
fi
HOOKE=$(cd "$(dirname "$HOOKE")" && pwd)/$(basename "$HOOKE")
C=Fuzz/corpus
for target in scenario gesture sweep-merge fit-csv arguments; do
    mkdir -p "$C/$target"
    find "$C/$target" -type f ! -name 'hand-*' -delete
done

# scenario: every example file.
for f in Docs/examples/*.json; do cp "$f" "$C/scenario/example-$(basename "$f")"; done
for f in Docs/examples/interactions/*.json; do cp "$f" "$C/scenario/interactions-$(basename "$f")"; done

# gesture: the recorded gestures inside the interaction examples, and their long-press
# recognition's input (a pan).
python3 - "$C/gesture" Docs/examples/interactions/*.json <<'PY'
import json, os, sys
out = sys.argv[1]
for path in sys.argv[2:]:
    name = os.path.splitext(os.path.basename(path))[0]
    for i, interaction in enumerate(json.load(open(path)).get("interactions", [])):
        with open(os.path.join(out, f"{name}-{i}.json"), "w") as f:
            json.dump(interaction["gesture"], f, indent=1)
            f.write("\n")
PY

# sweep-merge: JSON outputs of sweeps, whole (shard 0/1) and in shards joined by "---"
# lines, over every parameterisation, with and without constraints.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sweep() {  # NAME SHARDS OPTIONS…
    local name=$1 shards=$2; shift 2
    local parts=()
    for ((i = 0; i < shards; i++)); do
        "$HOOKE" sweep "$@" --shard "$i/$shards" --format json --out "$work/$name-$i.json" >/dev/null
        parts+=("$work/$name-$i.json")
    done
    local first=1
    for part in "${parts[@]}"; do
        [ $first = 1 ] || printf -- '---\n'
        first=0
        cat "$part"
    done >"$C/sweep-merge/$name.json"
    "$HOOKE" sweep merge "${parts[@]}" --out "$work/$name-merged.json" >/dev/null
}
sweep ratio-response 1 --damping-ratio 0.5,0.8 --response 0.3
sweep ratio-response-shards 2 --damping-ratio 0.5,0.8 --response 0.3
sweep stiffness-damping-shards 3 --stiffness 100,200,300 --damping 10,20 --mass 1,2 \
    --max-overshoot 0.05 --max-settle 1 --min-oscillations 0 --max-oscillations 3 --objective overshoot
sweep duration-bounce 1 --duration 0.2:0.4:0.1 --bounce -0.2,0,0.3 --initial-velocity 0,5 \
    --integrator euler --timestep 0.01 --duration-limit 2 --from 10 --to -5 --tolerance 0.01 --objective rise
sweep verlet-shards 2 --damping-ratio 0.2 --response 0.1:0.5:0.2 --integrator verlet --max-settle 0.01
sweep rk4 1 --stiffness 50 --damping 1 --integrator rk4 --duration-limit 1

# fit-csv: the recorded animation with the options the docs use, and curves the CLI samples.
cp Docs/examples/sweep/recorded-animation.csv "$C/fit-csv/recorded-animation.csv"
{ echo "#args --columns time,y"; cat Docs/examples/sweep/recorded-animation.csv; } >"$C/fit-csv/recorded-animation-columns.csv"
{ echo "#args --columns 2,3 --fit-velocity --json --min-r-squared 0.9"; cat Docs/examples/sweep/recorded-animation.csv; } \
    >"$C/fit-csv/recorded-animation-positions.csv"
"$HOOKE" spring --damping-ratio 0.5 --response 0.4 --from 0 --to 100 --sample 0:1:0.05 >"$C/fit-csv/spring-underdamped.csv"
{ echo "#args --from 0 --to 1 --initial-velocity 2"; "$HOOKE" spring --stiffness 30 --damping 20 --sample 0:2:0.1 | tail -n +2; } \
    >"$C/fit-csv/spring-overdamped-headerless.csv"

# arguments: one argument per line; @scenario, @curve, @part0 and @part1 name the
# target's own input files.
args() {  # NAME ARGUMENT…
    local name=$1; shift
    printf '%s\n' "$@" >"$C/arguments/$name.txt"
}
args spring-summary spring --damping-ratio 0.5 --response 0.4 --from 0 --to 100
args spring-uikit-sample spring --uikit-duration 1 --uikit-damping 0.5 --sample 0:1:0.05
args spring-json spring --stiffness=200 --damping=10 --mass 2 --initial-velocity -3 --tolerance 0.01 --json
args spring-duration spring --duration 0.5 --bounce 0.3 --sample 0:0.5:0.1 --json
args spring-pop spring --bounciness 10 --speed 12
args spring-react spring --tension 170 --friction 26 --mass 1
args spring-help spring --help
args sweep-table sweep --damping-ratio 0.3:1:0.05 --response 0.2:0.8:0.05 --max-overshoot 0.02 --objective settle \
    --timestep 0.016666666666666666
args sweep-small-csv sweep --damping-ratio 0.5,1 --response 0.3 --duration-limit 1 --format csv
args sweep-out sweep --stiffness 100 --damping 5,10 --out sweep.json --plot sweep.svg --threads 1
args sweep-shard sweep --duration 0.3 --bounce 0,0.2 --shard 1/2 --format json --integrator rk4
args sweep-shard-auto sweep --duration 0.3 --bounce 0 --shard auto --shard-count 2
args sweep-merge sweep merge @part0 @part1 --out merged.json --format table
args sweep-merge-plot sweep merge @part1 @part0 --out /dev/null --plot merged.svg
args fit fit @curve --columns time,y
args fit-json fit @curve --columns 2,3 --fit-velocity --json --min-r-squared 0.5
args fit-fixed fit @curve --columns time,y --from 0 --to 260 --initial-velocity 0
args simulate simulate @scenario
args simulate-out simulate @scenario --out drop.json --duration 0.05
args simulate-csv simulate @scenario --out=drop.csv
args help --help
args unknown frobnicate --x
echo "seeds: $(find "$C" -type f | wc -l) files in $C"
