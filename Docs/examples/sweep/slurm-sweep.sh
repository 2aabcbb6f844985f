#!/bin/bash
# A sharded `hooke sweep` as a Slurm job array: one shard per array task, then a
# dependent job that merges the parts.
#
#   jobid=$(sbatch --parsable Docs/examples/sweep/slurm-sweep.sh)
#   sbatch --dependency=afterok:$jobid Docs/examples/sweep/slurm-merge.sh
#
# `--shard auto` takes the shard from SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN and the
# shard count from SLURM_ARRAY_TASK_COUNT, so the array range below is the only place
# the number of shards is written. Every task writes its part atomically (temporary
# file + rename): a task that fails leaves no partial part, and the merge refuses to
# run with a shard missing.
#SBATCH --job-name=hooke-sweep
#SBATCH --array=0-15
#SBATCH --cpus-per-task=2
#SBATCH --time=00:30:00
#SBATCH --output=hooke-sweep-%A_%a.log
set -euo pipefail

parts=${HOOKE_SWEEP_PARTS:-$PWD/sweep-parts}
mkdir -p "$parts"

hooke sweep \
    --damping-ratio 0.05:1.5:0.001 --response 0.1:1:0.001 \
    --integrator euler --timestep 0.016666666666666666 --duration-limit 3 \
    --max-overshoot 0.02 --objective settle \
    --threads "${SLURM_CPUS_PER_TASK:-1}" \
    --shard auto --out "$parts/part-$SLURM_ARRAY_TASK_ID.json"
