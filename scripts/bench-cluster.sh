#!/usr/bin/env bash
# bench coll on the simulated cluster (scripts/testbed/cluster.sh): 2 hosts x 2 ranks, jpio
# (bin/jpio bench coll under mpirun, ranks as MPI processes) against ROMIO (Open MPI's romio321 running
# native/target/bin/mpi_coll_perf, the coll_perf pattern) on the same hosts, in alternating rounds, on a
# striped XFS (su=64k, sw=4, seen by every host) and on CephFS (daemons behind the bridge, one ceph-fuse
# client per host), with links of RATE (tc tbf, both ways). Both bench modes (new file, overwrite) when
# bench coll has --mode. Prints one table row per file system, mode and jpio backend: medians and the
# ratio to ROMIO, and the bytes each run sent between hosts (eth0 of both hosts, from /proc/net/dev).
# Two placements of the 4 ranks: by slot (ranks 0,1 on h1: each host's ranks hold one half of the array,
# so domains can follow the hosts) and by node (ranks alternate hosts: half of every block crosses).
# Root required; needs `make build`. Not part of `make test` (docs/BENCHMARKS.md).
# Usage: scripts/bench-cluster.sh [--fs xfs,ceph] [--rate 1gbit] [--dims 256,256,256] [--rounds 3]
#                                 [--backends twophase,independent]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
fs=xfs,ceph rate=1gbit dims=256,256,256 rounds=3 backends=twophase,independent
while [ $# -gt 0 ]; do
    case "$1" in
        --fs) fs=$2; shift 2 ;;
        --rate) rate=$2; shift 2 ;;
        --dims) dims=$2; shift 2 ;;
        --rounds) rounds=$2; shift 2 ;;
        --backends) backends=$2; shift 2 ;;
        *) echo "bench-cluster.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
[ "$(id -u)" = 0 ] || { echo "bench-cluster.sh: needs root (namespaces, loop devices, FUSE)" >&2; exit 77; }
tb="$here/scripts/testbed"
work=$(mktemp -d /tmp/jpio-bench-cluster.XXXXXX)
out="$work/rows.jsonl"
cleanup() {
    [ -d "$work/ceph" ] && bash "$tb/ceph.sh" down "$work/ceph" >/dev/null 2>&1 || true
    [ -d "$work/cl" ] && bash "$tb/cluster.sh" down "$work/cl" >/dev/null 2>&1 || true
    [ -d "$work/xfs" ] && bash "$tb/xfs.sh" down "$work/xfs" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
modes=new
if "$here/bin/jpio" bench coll --help | grep -q -- "--mode"; then modes="new overwrite"; fi
peer_overwrite=no
if grep -q -- "--overwrite" "$here/native/src/main/c/bench/mpi_coll_perf.c"; then peer_overwrite=yes; fi
read -r X Y Z <<< "${dims//,/ }"

case ",$fs," in *,xfs,*) bash "$tb/xfs.sh" up "$work/xfs" 64k 4 >/dev/null ;; esac
bash "$tb/cluster.sh" up "$work/cl" 2 "$rate" >/dev/null
declare -A mnt
case ",$fs," in *,xfs,*) mnt[xfs]="$work/xfs/mnt" ;; esac
case ",$fs," in *,ceph,*)
    bash "$tb/cluster.sh" exec "$work/cl" sw bash "$tb/ceph.sh" up "$work/ceph" 10.213.77.254 >/dev/null
    mkdir -p "$work/cephfs"
    for h in h1 h2; do bash "$tb/ceph.sh" mount "$work/ceph" "$work/cephfs" "$(awk -v h=$h '$1 == h { print $2 }' "$work/cl/hosts")" >/dev/null; done
    mnt[ceph]="$work/cephfs" ;;
esac
# bytes sent by both hosts so far (eth0 of each host's network namespace)
sent() {
    local total=0 h
    for h in h1 h2; do
        total=$(( total + $(bash "$tb/cluster.sh" exec "$work/cl" "$h" cat /proc/net/dev | awk '$1 == "eth0:" { print $10 }') ))
    done
    echo "$total"
}
# one run: label, placement, rounds in the run (jpio's warm-up is one more), program...; appends its JSON
# lines with the label and the bytes both hosts sent per round (to each other, and to CephFS's servers)
run() {
    local label=$1 map=$2 per=$3 before after; shift 3
    before=$(sent)
    bash "$tb/cluster.sh" mpirun "$work/cl" -np 4 --host h1:2,h2:2 --map-by "$map" --mca io romio321 "$@" | grep '^{' > "$work/run.jsonl"
    after=$(sent)
    sed "s/^{/{$label,\"map\":\"$map\",\"host_bytes\":$(( (after - before) / per )),/" "$work/run.jsonl" >> "$out"
}
for f in "${!mnt[@]}"; do
    for mode in $modes; do
        for map in slot node; do
            for r in $(seq 1 "$rounds"); do
                label="\"fs\":\"$f\",\"mode\":\"$mode\",\"round\":$r"
                peer=(); [ "$mode" = overwrite ] && [ $peer_overwrite = yes ] && peer=(--overwrite)
                [ "$mode" = overwrite ] && [ $peer_overwrite = no ] && { echo "bench-cluster.sh: mpi_coll_perf has no --overwrite" >&2; exit 1; }
                run "$label,\"row\":\"ROMIO coll_perf\"" "$map" 1 "$here/native/target/bin/mpi_coll_perf" "$X" "$Y" "$Z" int "${mnt[$f]}/romio.bin" "${peer[@]}"
                jm=(); [ "$modes" != new ] && jm=(--mode "$mode")
                for b in ${backends//,/ }; do # one backend per run, so the bytes sent are that backend's
                    run "$label" "$map" 2 "$here/bin/jpio" bench coll --json --repeat 1 --warmup 1 --dims "$dims" --backend "$b" \
                        --file "${mnt[$f]}/jpio.bin" "${jm[@]}"
                done
            done
        done
    done
done
/usr/bin/python3 - "$out" "$rate" "$dims" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
print(f"bench-cluster: coll_perf {sys.argv[3]} int, 2 hosts x 2 ranks, links {sys.argv[2]} (tbf), medians over rounds; x = ratio to ROMIO in the same round")
print("MiB sent: what both hosts sent per round (a write and a read), to each other and to CephFS's servers")
print(f"{'fs':5} {'mode':9} {'map':4} {'row':18} {'write MiB/s':>11} {'read MiB/s':>10} {'write x':>8} {'read x':>7} {'MiB sent':>8}  choice")
keys = []
for r in rows:
    k = (r["fs"], r["mode"], r["map"], r["row"])
    if k not in keys: keys.append(k)
for fs, mode, mp, row in keys:
    mine = [r for r in rows if (r["fs"], r["mode"], r["map"], r["row"]) == (fs, mode, mp, row)]
    wx, rx = [], []
    for r in mine:
        base = [b for b in rows if (b["fs"], b["mode"], b["map"], b["round"], b["row"]) == (fs, mode, mp, r["round"], "ROMIO coll_perf")][0]
        wx.append(r["write_mibs"] / base["write_mibs"]); rx.append(r["read_mibs"] / base["read_mibs"])
    bad = sum(r.get("errors", 0) for r in mine)
    sent = statistics.median(r["host_bytes"] for r in mine) / 1048576
    print(f"{fs:5} {mode:9} {mp:4} {row:18} {statistics.median(r['write_mibs'] for r in mine):11.1f} {statistics.median(r['read_mibs'] for r in mine):10.1f}"
          f" {statistics.median(wx):8.2f} {statistics.median(rx):7.2f} {sent:8.1f}  {('ERRORS=%d ' % bad) if bad else ''}{mine[-1].get('choice', '')}")
PY
