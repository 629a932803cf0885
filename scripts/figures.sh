#!/usr/bin/env bash
# Regenerates every figure of docs/BENCHMARKS.md into docs/figures/: each benchmark runs once with --plot
# NAME.png, drawn by scripts/plot.py from its rows, which --plot keeps beside the figure as NAME.jsonl; the
# table it prints goes to NAME.txt.
# Sized so the whole script takes minutes (about 25 on 2 cores), not hours; run it on a quiet machine for
# figures to quote.
#   scripts/figures.sh                 all figures
#   scripts/figures.sh seq coll-scale  only these (names: the list below)
# Needs `make build` first (and root for nothing: caches are dropped with posix_fadvise, not drop_caches).
set -euo pipefail
home=$(cd "$(dirname "$0")/.." && pwd)
out=$home/docs/figures
jpio=$home/bin/jpio
mkdir -p "$out"

declare -A cmd=(
  [bulk]="bench bulk --size 64m -p 1,2 -t 1,2 --repeat 3 --slow-size 1m"
  [bulk-sync]="bench bulk --size 64m -p 2 -t 2 --repeat 3 --sync --rows c-aligned,encode-decode,bulk-raf,arrayfile"
  [coll-new]="bench coll --dims 256,256,256 --backend twophase,independent --repeat 3 --mode new"
  [coll-overwrite]="bench coll --dims 256,256,256 --backend twophase,independent --repeat 3 --mode overwrite"
  [coll-overwrite-512]="bench coll --dims 512,512,512 --ranks 2 --backend twophase,independent --repeat 3 --mode overwrite"
  [coll-sync]="bench coll --dims 256,256,256 --backend twophase,independent --repeat 3 --sync"
  [coll-patterns]="bench coll --pattern block,cyclic,block-cyclic --dims 256,256,256 --ranks 2,4 --procs 2,4 --peers romio321 --repeat 3"
  [coll-interleaved]="bench coll --pattern interleaved --mode overwrite --ranks 2,4 --procs 2,4 --peers romio321 --repeat 3 --warmup 5"
  [coll-overlap]="bench coll --nonblocking --dims 384,384,384 --ranks 2 --repeat 5"
  [coll-scale]="bench coll-scale --repeat 3"
  [calls]="bench calls --repeat 3"
  [calls-16]="bench calls --procs 0 --ranks 8,16 --sizes 1k,1m --calls 200 --warmup 100 --opens 40 --repeat 3"
  [floor]="bench floor"
  [array]="bench array --repeat 3"
  [coll-memory]="bench coll-memory"
  [h5]="bench h5 --repeat 3"
  [sort]="bench sort --size 1g --slow-size 2m"
  [seq]="bench seq --size 400m --large 2g --repeat 2"
  [tuning]="bench tuning"
  [jvm-io]="bench jvm-io"
  [ckpt]="bench ckpt --steps 24 --every 8"
  [ckpt-h5]="bench ckpt --format h5 --steps 24 --every 8"
  [comm]="bench comm --np 2,4 --repeat 3"
)
order=(bulk bulk-sync coll-new coll-overwrite coll-overwrite-512 coll-sync coll-patterns coll-interleaved coll-overlap coll-scale coll-memory calls calls-16 floor
       array h5 sort seq tuning jvm-io ckpt ckpt-h5 comm)
names=("$@")
[ ${#names[@]} -eq 0 ] && names=("${order[@]}")
for name in "${names[@]}"; do
  if [ -z "${cmd[$name]:-}" ]; then
    echo "figures.sh: unknown figure=$name (known: ${order[*]})" >&2
    exit 2
  fi
done
for name in "${names[@]}"; do
  echo "== $name: bin/jpio ${cmd[$name]} --plot docs/figures/$name.png   ($(date -u +%H:%M) UTC, load $(cut -d' ' -f1-3 /proc/loadavg))"
  opts=${JAVA_OPTS:-}
  [ "$name" = sort ] && opts="${JAVA_OPTS:--Xmx3g}"
  [ "$name" = ckpt ] || [ "$name" = ckpt-h5 ] && opts="${JAVA_OPTS:--Xmx8g}"
  # shellcheck disable=SC2086  # the command is a list of words on purpose
  JAVA_OPTS=$opts "$jpio" ${cmd[$name]} --plot "$out/$name.png" > "$out/$name.txt"   # --plot keeps the rows in NAME.jsonl
done
