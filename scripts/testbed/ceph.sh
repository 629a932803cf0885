#!/usr/bin/env bash
# CephFS for jpio's tests, from Debian's ceph packages: one monitor, one OSD (memstore: objects in memory),
# one MDS, no authentication, and ceph-fuse clients. Root required. Everything lives under DIR.
#   ceph.sh up DIR [ADDR]       daemons listening on ADDR (default 127.0.0.1), a file system "cephfs";
#                               prints DIR/ceph.conf once the MDS is active (about 10 s)
#   ceph.sh mount DIR MNT [PID] a ceph-fuse client on MNT, run inside the network and mount namespaces
#                               of process PID when given (a simulated host); prints MNT
#   ceph.sh down DIR            unmounts every client first (an MDS gone leaves clients hanging), stops
#                               MDS, OSD and monitor, removes DIR; also after a failed up
# A failure of up or mount tears everything under DIR down before exiting.
set -euo pipefail
usage="usage: ceph.sh up DIR [ADDR] | ceph.sh mount DIR MNT [PID] | ceph.sh down DIR"
cmd=${1:?$usage}
dir=${2:?$usage}
export CEPH_CONF="$dir/ceph.conf"
cli() { timeout 60 ceph --connect-timeout 30 "$@"; }

stop() { # pid file, seconds to wait before SIGKILL
    local f=$1 pid
    [ -f "$f" ] || return 0
    pid=$(cat "$f")
    kill "$pid" 2>/dev/null || return 0
    for _ in $(seq 1 "$2"0); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
}

down() {
    if [ -f "$dir/mounts" ]; then
        while read -r pid mnt client; do
            if [ "$pid" = - ]; then umount "$mnt" 2>/dev/null || umount -l "$mnt" 2>/dev/null || true
            else nsenter -t "$pid" -m umount "$mnt" 2>/dev/null || nsenter -t "$pid" -m umount -l "$mnt" 2>/dev/null || true; fi
            echo "$client" > "$dir/run/stopping.pid"
            stop "$dir/run/stopping.pid" 2
        done < "$dir/mounts"
    fi
    # the clients are gone and the data is thrown away: no clean shutdown needed
    for d in mds.a osd.0 mon.a; do stop "$dir/run/$d.pid" 0; done
    rm -rf "$dir"
}

fail() { echo "ceph.sh: $cmd failed, tearing down $dir" >&2; tail -n 20 "$dir"/log/*.log >&2 2>/dev/null || true; down; exit 1; }

up() {
    local addr=${1:-127.0.0.1} port fsid
    [ "$(id -u)" = 0 ] || { echo "ceph.sh: needs root (daemons, FUSE mounts)" >&2; exit 77; }
    for t in ceph-mon ceph-osd ceph-mds ceph-fuse ceph monmaptool; do
        command -v "$t" >/dev/null || { echo "ceph.sh: $t is missing (Debian packages ceph-mon ceph-osd ceph-mds ceph-fuse ceph-common)" >&2; exit 77; }
    done
    [ -e /dev/fuse ] || { echo "ceph.sh: no /dev/fuse" >&2; exit 77; }
    mkdir -p "$dir"/{run,log,mon.a,osd.0,mds.a}
    trap fail ERR
    port=$(( 40000 + RANDOM % 9000 ))
    fsid=$(cat /proc/sys/kernel/random/uuid)
    cat > "$CEPH_CONF" <<CONF
[global]
fsid = $fsid
mon host = v2:$addr:$port
public addr = $addr
ms bind msgr1 = false
auth cluster required = none
auth service required = none
auth client required = none
auth allow insecure global id reclaim = true
keyring = /dev/null
run dir = $dir/run
admin socket = $dir/run/\$name.asok
log file = $dir/log/\$name.log
pid file = $dir/run/\$name.pid
mon cluster log file = $dir/log/cluster.log
mon data = $dir/\$name
osd data = $dir/\$name
mds data = $dir/\$name
osd objectstore = memstore
memstore device bytes = 2147483648
osd pool default size = 1
osd pool default min size = 1
osd crush chooseleaf type = 0
mon allow pool size one = true
mon allow pool delete = true
mon warn on pool no redundancy = false
mon data avail warn = 1
CONF
    monmaptool --create --addv a "[v2:$addr:$port]" --fsid "$fsid" "$dir/monmap" >/dev/null
    ceph-mon --mkfs -i a --monmap "$dir/monmap"
    ceph-mon -i a
    local uuid id
    uuid=$(cat /proc/sys/kernel/random/uuid)
    id=$(cli osd new "$uuid")
    ceph-osd -i "$id" --mkfs --osd-uuid "$uuid" >/dev/null 2>&1
    ceph-osd -i "$id" 2>/dev/null
    cli osd pool create cephfs_data 8 >/dev/null 2>&1
    cli osd pool create cephfs_metadata 8 >/dev/null 2>&1
    cli fs new cephfs cephfs_metadata cephfs_data >/dev/null 2>&1
    ceph-mds -i a >/dev/null 2>&1
    for _ in $(seq 1 120); do
        cli mds stat 2>/dev/null | grep -q "up:active" && break
        sleep 0.5
    done
    cli mds stat | grep -q "up:active"
    trap - ERR
    echo "$CEPH_CONF"
}

mount_client() {
    local mnt=${1:?$usage} pid=${2:--} n
    trap fail ERR
    n=$(( $( [ -f "$dir/mounts" ] && wc -l < "$dir/mounts" || echo 0) + 1 ))
    # each client its own pid file, admin socket and log: several mount the same file system
    local opts=(--id admin --pid-file "$dir/run/client$n.pid" --admin-socket "$dir/run/client$n.asok" --log-file "$dir/log/client$n.log")
    if [ "$pid" = - ]; then
        mkdir -p "$mnt"
        ceph-fuse "${opts[@]}" "$mnt" >/dev/null 2>&1
    else
        nsenter -t "$pid" -n -m mkdir -p "$mnt"
        nsenter -t "$pid" -n -m env CEPH_CONF="$CEPH_CONF" ceph-fuse "${opts[@]}" "$mnt" >/dev/null 2>&1
    fi
    echo "$pid $mnt $(cat "$dir/run/client$n.pid")" >> "$dir/mounts"
    if [ "$pid" = - ]; then chmod 1777 "$mnt"; else nsenter -t "$pid" -m chmod 1777 "$mnt"; fi
    trap - ERR
    echo "$mnt"
}

case "$cmd" in
    up) shift 2; up "$@" ;;
    mount) shift 2; mount_client "$@" ;;
    down) down ;;
    *) echo "$usage" >&2; exit 2 ;;
esac
