#!/usr/bin/env bash
# A striped XFS for jpio's tests: a loop device backed by a sparse file, made with a stripe geometry
# (mkfs.xfs -d su=,sw=), mounted for the tests and torn down after. Root required.
#   xfs.sh up DIR [SU] [SW]   DIR/xfs.img (1 GiB sparse: XFS needs a 64 MiB log), mkfs.xfs -d su=SU,sw=SW
#                             (default 64k, 4), mounted on DIR/mnt (mode 1777); prints the mount point.
#                             A failure on the way undoes what was done.
#   xfs.sh down DIR           unmounts, detaches the loop device, removes DIR (also after a failed up)
set -euo pipefail
usage="usage: xfs.sh up DIR [SU] [SW] | xfs.sh down DIR"
cmd=${1:?$usage}
dir=${2:?$usage}

down() {
    if mountpoint -q "$dir/mnt" 2>/dev/null; then umount "$dir/mnt"; fi
    if [ -f "$dir/loopdev" ]; then losetup -d "$(cat "$dir/loopdev")" 2>/dev/null || true; fi
    rm -rf "$dir"
}

up() {
    local su=${1:-64k} sw=${2:-4}
    [ "$(id -u)" = 0 ] || { echo "xfs.sh: needs root (loop devices, mkfs, mount)" >&2; exit 77; }
    for t in mkfs.xfs losetup mount; do
        command -v "$t" >/dev/null || { echo "xfs.sh: $t is missing (Debian package xfsprogs / util-linux)" >&2; exit 77; }
    done
    mkdir -p "$dir"
    trap 'echo "xfs.sh: up failed, tearing down $dir" >&2; down' ERR
    truncate -s 1G "$dir/xfs.img"
    losetup --find --show "$dir/xfs.img" > "$dir/loopdev"
    mkfs.xfs -q -f -d "su=$su,sw=$sw" "$(cat "$dir/loopdev")"
    mkdir -p "$dir/mnt"
    mount -t xfs "$(cat "$dir/loopdev")" "$dir/mnt"
    chmod 1777 "$dir/mnt"
    trap - ERR
    echo "$dir/mnt"
}

case "$cmd" in
    up) shift 2; up "$@" ;;
    down) down ;;
    *) echo "$usage" >&2; exit 2 ;;
esac
