#!/bin/bash
# A balance run of a million games as a Slurm job array (run from a checkout
# of muster; the scenario is the engine's test module, put yours in its place): 100 tasks of
# 10,000 games each, then one job that merges their totals into the report.
#
#   sbatch docs/batch/slurm-array.sh                       # the array
#   sbatch --dependency=afterok:JOBID --kill-on-invalid-dep=yes --wrap \
#     'muster playtest merge --format html -o balance.html parts/part-*.json'
#
# A trial run first: MUSTER_GAMES=4000 sbatch --array=0-3 docs/batch/slurm-array.sh
# (the environment goes with the job). The merge job runs only when every
# task succeeded; if one failed or was cancelled, Slurm drops the merge
# (--kill-on-invalid-dep) and muster playtest merge, run by hand on the
# parts there are, names the missing shards and exits 1 (--partial reports
# on the rest). Each task's log is muster-sim-JOBID_TASK.out in the folder
# sbatch ran in: Slurm opens it before the script starts, so it cannot be
# in a folder the script makes.
#
# muster reads its shard from SLURM_ARRAY_TASK_ID (counted from
# SLURM_ARRAY_TASK_MIN) of SLURM_ARRAY_TASK_COUNT tasks when --shard is not
# given; the array must be contiguous (--array=0-99, not 0-198:2). Every
# task plays the same run (same --games, --seed, --bots and --option flags)
# and keeps the games whose index falls in its shard, so the merged report
# is the one a single machine would print, byte for byte.
#SBATCH --job-name=muster-sim
#SBATCH --array=0-99
#SBATCH --cpus-per-task=2
#SBATCH --time=00:30:00
#SBATCH --output=muster-sim-%A_%a.out
set -euo pipefail
mkdir -p parts
muster playtest sim rules/lgv/testdata/module/scenarios/01-chancellorsville.json \
  --games "${MUSTER_GAMES:-1000000}" --seed 7 --bots sensible,sensible \
  --workers "${SLURM_CPUS_PER_TASK:-1}" \
  --format json -o "parts/part-${SLURM_ARRAY_TASK_ID}.json"
