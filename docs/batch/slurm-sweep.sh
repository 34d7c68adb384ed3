#!/bin/bash
# A balance sweep as a Slurm job array (run from a checkout of muster; the
# scenario is the engine's test module, put yours in its place): the LGV
# bid from 1 to 11 in steps of 2, each point's games split over 10 tasks,
# then one job that merges their totals into the sweep's report.
#
#   sbatch docs/batch/slurm-sweep.sh                       # the array
#   sbatch --dependency=afterok:JOBID --kill-on-invalid-dep=yes --wrap \
#     'muster playtest merge --format html -o sweep.html sweep-parts/part-*.json'
#
# A trial run first: MUSTER_GAMES=400 sbatch --array=0-1 docs/batch/slurm-sweep.sh
# As with docs/batch/slurm-array.sh, muster reads its shard from
# SLURM_ARRAY_TASK_ID of SLURM_ARRAY_TASK_COUNT tasks; every task plays the
# same sweep (same --vary, --games, --seed and --bots) and keeps the games
# whose index falls in its shard, so the merged report is the one a single
# machine would print, byte for byte. A missing task's shard is named by
# merge (exit 1; --partial reports on the rest).
#SBATCH --job-name=muster-sweep
#SBATCH --array=0-9
#SBATCH --cpus-per-task=2
#SBATCH --time=00:30:00
#SBATCH --output=muster-sweep-%A_%a.out
set -euo pipefail
mkdir -p sweep-parts
muster playtest sweep rules/lgv/testdata/module/scenarios/01-chancellorsville.json \
  --vary bid=1..11/2 --games "${MUSTER_GAMES:-20000}" --seed 7 --bots greedy,random \
  --workers "${SLURM_CPUS_PER_TASK:-1}" \
  --format json -o "sweep-parts/part-${SLURM_ARRAY_TASK_ID}.json"
