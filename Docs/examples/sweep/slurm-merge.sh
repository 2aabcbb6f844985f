#!/bin/bash
# Merges the parts written by slurm-sweep.sh into what one process would have written,
# with the recommendation over the whole grid and its plot.
#SBATCH --job-name=hooke-sweep-merge
#SBATCH --time=00:10:00
#SBATCH --output=hooke-sweep-merge-%j.log
set -euo pipefail

parts=${HOOKE_SWEEP_PARTS:-$PWD/sweep-parts}
hooke sweep merge "$parts"/part-*.json --out sweep.json --plot sweep.svg
hooke sweep merge "$parts"/part-*.json --out sweep.csv
