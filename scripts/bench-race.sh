#!/usr/bin/env bash
# The race of docs/BENCHMARKS.md: bench coll under mpirun on Open MPI's ROMIO (romio321), jpio's two-phase
# backend (automatic choice) and independent I/O beside the ROMIO backend, N = 1, 2, 4, at 256^3 and 512^3
# ints, on default hints and with two-phase forced on both sides. One JSON line per row; ratios are to ROMIO.
#   scripts/bench-race.sh [repeat] > race.jsonl
# Ranks run under Open MPI's default binding (each of up to 2 ranks bound to ONE core), which serialises a
# JVM rank's threads (GC, JIT, jpio's two-phase writer and prefetch threads); both backends run in the same
# process, so both run under the same binding. BIND="--bind-to none" lets the threads float instead.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
repeat=${1:-3}
for d in 256 512; do
  for np in 1 2 4; do
    for mode in default forced; do
      hints=()
      [ "$mode" = forced ] && hints=(--hint romio_cb_write=enable --hint romio_cb_read=enable)
      JAVA_OPTS="${JAVA_OPTS:--Xmx3g}" mpirun --allow-run-as-root --oversubscribe --mca io romio321 ${BIND:-} -np "$np" \
        "$here/bin/jpio" bench coll --dims "$d,$d,$d" --backend romio,twophase,independent --repeat "$repeat" --json "${hints[@]}" \
        | sed "s/^{/{\"hints_mode\":\"$mode\",/"
    done
  done
done
