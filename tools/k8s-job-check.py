#!/usr/bin/python3
"""Checks docs/batch/kubernetes-indexed-job.yaml client-side, as far as no
cluster is needed: it parses as YAML (PyYAML, Debian's python3-yaml), it is a
batch/v1 Indexed Job with the fields and types the Job API takes, and its
muster command plays the same run as the Slurm array (docs/batch/
slurm-array.sh) with --shards equal to the completions, reading its shard
from JOB_COMPLETION_INDEX. It is not run against a cluster here."""
import re
import sys

import yaml

path = sys.argv[1] if len(sys.argv) > 1 else "docs/batch/kubernetes-indexed-job.yaml"
problems = []


def need(cond, what):
    if not cond:
        problems.append(what)


with open(path, encoding="utf-8") as f:
    docs = list(yaml.safe_load_all(f))
need(len(docs) == 1, f"one document, found {len(docs)}")
job = docs[0]
need(job.get("apiVersion") == "batch/v1", "apiVersion batch/v1")
need(job.get("kind") == "Job", "kind Job")
name = job.get("metadata", {}).get("name", "")
need(re.fullmatch(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?", name or "") is not None, "metadata.name a DNS-1123 label")
spec = job.get("spec", {})
known = {"completionMode", "completions", "parallelism", "backoffLimit", "template",
         "activeDeadlineSeconds", "ttlSecondsAfterFinished", "backoffLimitPerIndex",
         "maxFailedIndexes", "podFailurePolicy", "suspend", "selector", "manualSelector"}
need(set(spec) <= known, f"spec fields the Job API knows: {sorted(set(spec) - known)}")
need(spec.get("completionMode") == "Indexed", "spec.completionMode Indexed (JOB_COMPLETION_INDEX is set only then)")
completions = spec.get("completions")
need(isinstance(completions, int) and completions > 0, "spec.completions a positive integer")
need(isinstance(spec.get("parallelism", 1), int), "spec.parallelism an integer")
pod = spec.get("template", {}).get("spec", {})
need(pod.get("restartPolicy") in ("Never", "OnFailure"), "template.spec.restartPolicy Never or OnFailure (a Job's pods)")
containers = pod.get("containers", [])
need(len(containers) == 1, "one container")
c = containers[0] if containers else {}
need(bool(c.get("image")), "an image")
command = " ".join(c.get("command", []) + c.get("args", []))
need("muster playtest sim" in command, "the container runs muster playtest sim")
need(f"--shards {completions}" in command, f"--shards equal to the completions ({completions})")
need("${JOB_COMPLETION_INDEX}" in command, "the part file named by JOB_COMPLETION_INDEX")
mounts = {m.get("name"): m.get("mountPath") for m in c.get("volumeMounts", [])}
volumes = {v.get("name") for v in pod.get("volumes", [])}
need(set(mounts) <= volumes, "every volumeMount names a volume")
need(any(p and command.count(p + "/part-") for p in mounts.values()), "the parts are written into a mounted volume")
# The same run as the Slurm array: same seed and bots, so both merge to
# the report of the unsplit run.
with open("docs/batch/slurm-array.sh", encoding="utf-8") as f:
    slurm = f.read()
for flag in ("--seed", "--bots"):
    k8s_v = re.search(flag + r" (\S+)", command)
    slurm_v = re.findall(flag + r" (\S+)", slurm[slurm.index("muster playtest sim"):])
    need(k8s_v and slurm_v and k8s_v.group(1) == slurm_v[-1], f"{flag} as in the Slurm array")
if problems:
    for p in problems:
        print(f"{path}: {p}", file=sys.stderr)
    sys.exit(1)
print(f"{path}: an Indexed Job of {completions} completions, muster sim with --shards {completions}: ok")
