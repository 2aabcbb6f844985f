#!/usr/bin/env bash
# make test-slurm: the Slurm recipe of Docs/sweep.md ("Scale out") on a real one-node
# Slurm (Scripts/slurm-local.sh), compared byte for byte with the same sweep in one
# process.
#
#   Scripts/slurm_sweep_check.sh [STATE_DIR]      (default .build/slurm)
#
# 1. builds `hooke` (release) and puts it first on PATH, which sbatch passes to the jobs;
# 2. starts munged, slurmctld and slurmd with all their state under STATE_DIR;
# 3. in STATE_DIR/work, submits Docs/examples/sweep/slurm-sweep.sh and slurm-merge.sh
#    exactly as the docs do —
#        jobid=$(sbatch --parsable Docs/examples/sweep/slurm-sweep.sh)
#        sbatch --dependency=afterok:$jobid Docs/examples/sweep/slurm-merge.sh
#    — and polls `squeue` (there is no accounting) until every task has ended, for at
#    most SLURM_CHECK_TIMEOUT seconds (default 1800; a failed task ends the wait);
# 4. runs the sweep of slurm-sweep.sh (its options, read from the script, without
#    --shard) in one process, as JSON with the plot and as CSV;
# 5. compares the merge job's sweep.json, sweep.svg and sweep.csv with those (`cmp`).
#
# Exit status 0 when all three are identical, 1 on any difference, failed task or
# timeout. The daemons are stopped on every exit. Every file it writes is under
# STATE_DIR; the outputs (about 3 GB for the documented grid) are deleted after a
# success unless SLURM_CHECK_KEEP=1, and the logs and STATE_DIR/work/summary.txt kept.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

die() { echo "test-slurm: $*" >&2; exit 1; }

state_arg=${1:-.build/slurm}
mkdir -p "$state_arg"
state=$(cd "$state_arg" && pwd -P)
work=$state/work
TIMEOUT=${SLURM_CHECK_TIMEOUT:-1800}
SWIFT=${SWIFT:-swift}
sweep_script=$repo/Docs/examples/sweep/slurm-sweep.sh
merge_script=$repo/Docs/examples/sweep/slurm-merge.sh
[ -f "$sweep_script" ] && [ -f "$merge_script" ] || die "no $sweep_script or $merge_script"

# The array asks for --cpus-per-task; a node with fewer CPUs could never run it.
cpus_per_task=$(sed -n 's/^#SBATCH --cpus-per-task=\([0-9]*\)$/\1/p' "$sweep_script")
[ "$(nproc)" -ge "${cpus_per_task:-1}" ] \
    || die "slurm-sweep.sh asks for ${cpus_per_task} CPUs per task; this machine has $(nproc)"

# The sweep's options, from the script's `hooke sweep \ … ` command, less those that
# place it in the array (--threads, --shard, --out).
command_text=$(sed -n '/^hooke sweep /,/[^\\]$/p' "$sweep_script" | tr -d '\\\n')
read -ra tokens <<<"$command_text"
[ "${tokens[0]:-}" = hooke ] && [ "${tokens[1]:-}" = sweep ] || die "no 'hooke sweep' command in $sweep_script"
options=()
for ((i = 2; i < ${#tokens[@]}; i++)); do
    case ${tokens[i]} in
    --threads | --shard | --out) i=$((i + 1)) ;;
    *[\$\"\'\`]*) die "cannot read the sweep options of $sweep_script: ${tokens[i]}" ;;
    *) options+=("${tokens[i]}") ;;
    esac
done
[[ " ${options[*]} " == *" --damping-ratio "* || " ${options[*]} " == *" --stiffness "* || " ${options[*]} " == *" --duration "* ]] \
    || die "no grid among the options read from $sweep_script: ${options[*]}"

echo "test-slurm: building hooke (release)"
$SWIFT build -c release --product hooke
bin=$($SWIFT build -c release --show-bin-path)
[ -x "$bin/hooke" ] || die "no $bin/hooke after the build"
export PATH=$bin:$PATH
# The recipe's own knob; unset, the parts go to $PWD/sweep-parts (inside $work).
unset HOOKE_SWEEP_PARTS

trap 'status=$?; "$repo/Scripts/slurm-local.sh" stop "$state" || true; exit $status' EXIT
trap 'exit 130' INT TERM
if [ -n "$(ls -A "$state")" ] && [ ! -e "$state/.slurm-local" ]; then
    die "$state is not empty and was not made by slurm-local.sh; give a new directory"
fi
rm -rf "$work"
"$repo/Scripts/slurm-local.sh" start "$state"
mkdir -p "$work"
export SLURM_CONF=$state/etc/slurm.conf
slurm_version=$(sinfo --version)
cpu_model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)

cd "$work"
echo "test-slurm: submitting in $work"
t0=$SECONDS
jobid=$(timeout 60 sbatch --parsable "$sweep_script")
jobid=${jobid%%;*}
[[ $jobid =~ ^[0-9]+$ ]] || die "sbatch printed no job id: $jobid"
merge_line=$(timeout 60 sbatch --dependency=afterok:$jobid "$merge_script")
echo "test-slurm: array job $jobid; $merge_line"
mergeid=${merge_line##* }
[[ $mergeid =~ ^[0-9]+$ ]] || die "sbatch printed no job id for the merge: $merge_line"

terminal='^(COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|BOOT_FAIL|DEADLINE|PREEMPTED)$'
last=""
while :; do
    listing=$(timeout 30 squeue -h -r -t all -j "$jobid,$mergeid" -o '%i %T %r') \
        || die "squeue failed while waiting for jobs $jobid and $mergeid"
    [ -n "$listing" ] || die "squeue knows neither job $jobid nor $mergeid"
    running=$(awk -v t="$terminal" '$2 !~ t' <<<"$listing" | wc -l)
    # A failed task dooms the merge (afterok); do not wait for the rest.
    if awk -v t="$terminal" '$2 ~ t && $2 != "COMPLETED" || $3 == "DependencyNeverSatisfied"' <<<"$listing" | grep -q .; then
        echo "$listing" | sort -V >&2
        tail -n 5 "$work"/hooke-sweep*.log >&2 || true
        die "a job failed or can never run (logs in $work)"
    fi
    summary=$(awk '{print $2}' <<<"$listing" | sort | uniq -c | awk '{printf "%s %s, ", $1, $2}')
    if [ "$summary" != "$last" ]; then
        echo "test-slurm: $((SECONDS - t0)) s: ${summary%, }"
        last=$summary
    fi
    [ "$running" -eq 0 ] && break
    [ $((SECONDS - t0)) -lt "$TIMEOUT" ] || die "jobs $jobid and $mergeid not finished after $TIMEOUT s"
    sleep 2
done
slurm_wall=$((SECONDS - t0))
times=$(squeue -h -r -t all -j "$jobid,$mergeid" -o '%i %T %S %e %M' | sort -V)
echo "$times"
if awk '$2 != "COMPLETED"' <<<"$times" | grep -q .; then
    tail -n 20 "$work"/hooke-sweep*.log >&2 || true
    die "not every job completed (logs in $work)"
fi
tasks=$(grep -c "^${jobid}_" <<<"$times")

echo "test-slurm: the same sweep in one process: hooke sweep ${options[*]}"
t1=$SECONDS
timeout "$TIMEOUT" hooke sweep "${options[@]}" --threads "$(nproc)" --out whole.json --plot whole.svg >one-process-json.log
timeout "$TIMEOUT" hooke sweep "${options[@]}" --threads "$(nproc)" --out whole.csv >one-process-csv.log
one_wall=$((SECONDS - t1))

status=0
results=()
for pair in "sweep.json whole.json" "sweep.svg whole.svg" "sweep.csv whole.csv"; do
    read -r merged whole <<<"$pair"
    if out=$(cmp "$merged" "$whole" 2>&1); then
        results+=("cmp $merged $whole: identical ($(stat -c %s "$merged") bytes)")
    else
        results+=("cmp $merged $whole: DIFFER: $out")
        status=1
    fi
done

{
    echo "Slurm check of Docs/examples/sweep/slurm-sweep.sh and slurm-merge.sh ($(date -u +%Y-%m-%dT%H:%M:%SZ))"
    echo "$slurm_version, one node $(hostname -s), $(nproc) CPUs ($cpu_model)"
    echo "array job $jobid ($tasks tasks), merge job $mergeid"
    echo "$times"
    echo "submission to merged: $slurm_wall s wall; one process (JSON+plot, then CSV): $one_wall s wall"
    printf '%s\n' "${results[@]}"
} | tee summary.txt

if [ $status -eq 0 ] && [ "${SLURM_CHECK_KEEP:-0}" != 1 ]; then
    rm -rf sweep-parts sweep.json sweep.svg sweep.csv whole.json whole.svg whole.csv
fi
[ $status -eq 0 ] || die "the merged sweep differs from the one-process sweep (files kept in $work)"
echo "test-slurm: the Slurm array's merged sweep is byte-identical to the one-process sweep"
