#!/usr/bin/env bash
# Builds ROMIO's own test program test/coll_perf.c, taken from the openmpi source package of exactly the
# installed Open MPI (as build-mpi-jar.sh takes the Java bindings), with mpicc into a private build directory:
# the peer of `bin/jpio bench coll --mode overwrite` that HPC users know. Its code is never copied into the
# repository. One change is made, by sed, and checked: the global array coll_perf hard-codes
# (128*17 x 128*9 x 128*11 ints, 13 GiB) is read from COLL_PERF_GSIZES=X,Y,Z when that is set (bench coll
# sets it; unset, the program is ROMIO's as shipped). Quick no-op when the binary of this version exists.
#   JPIO_CACHE   where sources and the build are kept (default ~/.cache/jpio); the build directory
#                $JPIO_CACHE/romio-coll_perf is private (0700), and bench coll checks that before running it
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/openmpi-source.sh
source "$here/openmpi-source.sh"
openmpi_version
out=${JPIO_CACHE:-$HOME/.cache/jpio}/romio-coll_perf
if [ -x "$out/coll_perf" ] && [ "$(cat "$out/VERSION" 2>/dev/null)" = "$src_version" ]; then
  exit 0
fi
# Open MPI's wrapper by name: with MPICH installed beside it, plain mpicc is whichever the alternatives chose
command -v mpicc.openmpi >/dev/null || { echo "build-coll-perf: mpicc.openmpi is missing (libopenmpi-dev)" >&2; exit 1; }

openmpi_source
mkdir -p "$out"
chmod 700 "$out"
src=$(tar tf "$cache/$orig" | grep -E '/romio[0-9]*/romio/test/coll_perf\.c$' | sort | tail -1)
if [ -z "$src" ]; then
  echo "build-coll-perf: no romio/test/coll_perf.c in $cache/$orig" >&2
  exit 1
fi
build=$out/build
rm -rf "$build"
mkdir -m 700 "$build"
tar xf "$cache/$orig" -O "$src" > "$build/coll_perf.orig.c"

# jpio's only addition: where the sizes come from (a header included before ROMIO's file, written here)
cat > "$build/jpio_gsizes.h" <<'H'
#include <stdio.h>
#include <stdlib.h>
/* Dimension d of COLL_PERF_GSIZES=X,Y,Z, or coll_perf's own size when the variable is unset. */
static int jpio_gsize(int d, int dflt) {
    const char *e = getenv("COLL_PERF_GSIZES");
    int v[3];
    if (e == NULL) return dflt;
    if (sscanf(e, "%d,%d,%d", &v[0], &v[1], &v[2]) != 3 || v[0] < 1 || v[1] < 1 || v[2] < 1) {
        fprintf(stderr, "coll_perf: COLL_PERF_GSIZES=%s is not X,Y,Z\n", e);
        exit(2);
    }
    return v[d];
}
H
sed -E 's/^([[:space:]]*array_of_gsizes\[([0-2])\][[:space:]]*=[[:space:]]*)(128\*[0-9]+);/\1jpio_gsize(\2, \3);/' \
  "$build/coll_perf.orig.c" > "$build/coll_perf.c"
changed=$(diff "$build/coll_perf.orig.c" "$build/coll_perf.c" | grep -c '^>' || true)
if [ "$changed" != 3 ] || [ "$(grep -c 'jpio_gsize(' "$build/coll_perf.c")" != 3 ]; then
  echo "build-coll-perf: expected to change the 3 array_of_gsizes lines of $src, changed $changed; not building" >&2
  exit 1
fi
mpicc.openmpi -O2 -include "$build/jpio_gsizes.h" -o "$out/coll_perf" "$build/coll_perf.c"
echo "$src_version" > "$out/VERSION"
echo "build-coll-perf: built $out/coll_perf from $src of openmpi $src_version"
