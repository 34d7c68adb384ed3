#!/usr/bin/env bash
# Runs the documented Slurm array job (docs/batch/slurm-array.sh) on a real
# single-node Slurm started on this machine, as the README tells a user to,
# and checks what a cluster user would rely on:
#   1. an array of 4 tasks, merged as documented (sbatch --dependency
#      --wrap 'muster playtest merge ...'), gives the report of the unsplit
#      run byte for byte;
#   2. an array with a cancelled task: merge names the missing shard and
#      exits 1, and --partial reports on the shards given;
#   3. the sweep (docs/batch/slurm-sweep.sh) as an array of 2, merged as
#      documented, gives the unsplit sweep's report byte for byte.
# It starts munged (if none runs), slurmctld and slurmd with a minimal
# slurm.conf for this host, and stops every daemon it started on exit.
# Needs Debian's slurm-wlm and munge (.ci/run installs them) and root, or a
# user with sudo (slurmd runs as root). Run from anywhere:
#   tools/slurm-array.sh
set -euo pipefail
cd "$(dirname "$0")/.."

for cmd in munged slurmctld slurmd sbatch squeue scancel scontrol; do
  command -v "$cmd" >/dev/null 2>&1 || { echo "no $cmd: apt-get install slurm-wlm munge" >&2; exit 1; }
done
as=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "slurmd runs as root: run as root or with sudo" >&2; exit 1; }
  as=(sudo -n)
fi

games=${MUSTER_GAMES:-4000}  # the whole run; each of the 4 tasks plays a quarter
work=$(mktemp -d)
chmod 755 "$work"
node=$(hostname -s)
started=()

stop() {
  set +e
  scancel --quiet --name muster-sim >/dev/null 2>&1
  for pidfile in "${started[@]}"; do
    [ -f "$pidfile" ] && "${as[@]}" kill "$(cat "$pidfile")" 2>/dev/null
  done
  sleep 1
  "${as[@]}" rm -rf "$work"
}
trap stop EXIT

echo "== muster for the jobs' PATH"
mkdir -p "$work/bin"
go build -o "$work/bin/muster" ./cmd/muster
export PATH="$work/bin:$PATH"

echo "== munge"
if ! munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
  "${as[@]}" install -d -o munge -g munge -m 0755 /run/munge
  if ! "${as[@]}" test -s /etc/munge/munge.key; then
    "${as[@]}" runuser -u munge -- mungekey --create
  fi
  "${as[@]}" runuser -u munge -- munged --pid-file="$work/munged.pid"
  started+=("$work/munged.pid")
  sleep 1
  munge -n </dev/null | unmunge >/dev/null
fi

echo "== a single-node Slurm on $node"
mkdir -p "$work/slurm/state" "$work/slurm/spool" "$work/slurm/log"
cat >"$work/slurm/slurm.conf" <<EOF
ClusterName=muster-ci
SlurmctldHost=$node
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$work/slurm/state
SlurmdSpoolDir=$work/slurm/spool
SlurmctldPidFile=$work/slurm/slurmctld.pid
SlurmdPidFile=$work/slurm/slurmd.pid
SlurmctldLogFile=$work/slurm/log/slurmctld.log
SlurmdLogFile=$work/slurm/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$node CPUs=$(nproc) State=UNKNOWN
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$work/slurm/slurm.conf"
"${as[@]}" env SLURM_CONF="$SLURM_CONF" slurmctld
started+=("$work/slurm/slurmctld.pid")
"${as[@]}" env SLURM_CONF="$SLURM_CONF" slurmd
started+=("$work/slurm/slurmd.pid")
for _ in $(seq 30); do
  sinfo -h -o '%t' 2>/dev/null | grep -q idle && break
  sleep 1
done
sinfo -h -o '%t' | grep -q idle || { cat "$work/slurm/log/"*.log; echo "the Slurm node is not idle" >&2; exit 1; }
sinfo

# The user's checkout: the batch script and the scenario it plays.
run() { # folder: a fresh copy of what the job reads
  mkdir -p "$1/docs/batch" "$1/rules/lgv/testdata"
  cp docs/batch/slurm-array.sh docs/batch/slurm-sweep.sh "$1/docs/batch/"
  cp -r rules/lgv/testdata/module "$1/rules/lgv/testdata/"
}
# waitfor JOBID: blocks until every task of the job has ended.
waitfor() { sbatch --quiet --wait --dependency="afterany:$1" --wrap true >/dev/null; }

echo "== the array of 4 and the documented merge"
run "$work/user"
cd "$work/user"
job=$(MUSTER_GAMES=$games sbatch --parsable --array=0-3 docs/batch/slurm-array.sh)
# The README's merge step, as a job that waits for the array.
sbatch --parsable --wait --dependency="afterok:$job" --kill-on-invalid-dep=yes --wrap \
  'muster playtest merge --format html -o balance.html parts/part-*.json' >/dev/null ||
  { cat ./*.out "$work/slurm/log/"*.log 2>/dev/null; echo "the array or its merge failed" >&2; exit 1; }
ls parts
muster playtest sim rules/lgv/testdata/module/scenarios/01-chancellorsville.json \
  --games "$games" --seed 7 --bots sensible,sensible --format html -o whole.html
cmp balance.html whole.html || { echo "the merged report differs from the unsplit run" >&2; exit 1; }
echo "merged report of 4 array tasks = the unsplit run, byte for byte ($(wc -c <balance.html) bytes)"

echo "== an array with a cancelled task"
run "$work/cancel"
cd "$work/cancel"
job=$(MUSTER_GAMES=$games sbatch --parsable --hold --array=0-3 docs/batch/slurm-array.sh)
scancel "${job}_2"
scontrol release "$job"
waitfor "$job"
ls parts
set +e
muster playtest merge -o merged.txt parts/part-*.json 2>merge.err
code=$?
set -e
cat merge.err
[ "$code" -eq 1 ] || { echo "merge with a cancelled task exited $code, want 1" >&2; exit 1; }
grep -q "shard 3 of 4 is missing" merge.err || { echo "merge does not name the missing shard 3 (task 2)" >&2; exit 1; }
[ ! -e merged.txt ] || { echo "merge wrote a report with a shard missing" >&2; exit 1; }
muster playtest merge --partial -o partial.txt parts/part-*.json
echo "a cancelled task: merge names its shard and exits 1; --partial reports on the rest"
echo "== the sweep as an array of 2 and the documented merge"
run "$work/sweep"
cd "$work/sweep"
sweepgames=${MUSTER_SWEEP_GAMES:-200}
job=$(MUSTER_GAMES=$sweepgames sbatch --parsable --array=0-1 docs/batch/slurm-sweep.sh)
sbatch --parsable --wait --dependency="afterok:$job" --kill-on-invalid-dep=yes --wrap \
  'muster playtest merge --format html -o sweep.html sweep-parts/part-*.json' >/dev/null ||
  { cat ./*.out "$work/slurm/log/"*.log 2>/dev/null; echo "the sweep array or its merge failed" >&2; exit 1; }
ls sweep-parts
muster playtest sweep rules/lgv/testdata/module/scenarios/01-chancellorsville.json \
  --vary bid=1..11/2 --games "$sweepgames" --seed 7 --bots greedy,random --format html -o whole-sweep.html
cmp sweep.html whole-sweep.html || { echo "the merged sweep differs from the unsplit sweep" >&2; exit 1; }
echo "merged sweep of 2 array tasks = the unsplit sweep, byte for byte ($(wc -c <sweep.html) bytes)"
echo "== slurm ok"
