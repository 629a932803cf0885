#!/usr/bin/env bash
# Builds ROMIO's own test programs (romio/test/*.c of the openmpi source package of exactly the installed
# Open MPI) with mpicc into a private build directory: the reference runs of jpio's ports of them
# (tests/src/test/java/org/jpio/romiotests), which run each program under mpirun with ROMIO
# (--mca io romio321) and compare the files it leaves with jpio's byte for byte. Their code is never copied
# into the repository and is not changed: a few use MPI-1 names Open MPI 4.1's mpi.h turns into compile
# errors (MPI_Type_struct, MPI_LB, MPI_UB; the library still exports them), so a header written here,
# included first, declares them as an Open MPI built with --enable-mpi1-compatibility does.
# Quick no-op when the programs of this version exist.
#   JPIO_CACHE   where sources and the build are kept (default ~/.cache/jpio); the build directory
#                $JPIO_CACHE/romio-tests is private (0700), and the tests check that before running from it
set -euo pipefail

PROGRAMS=(async async-multiple i_noncontig shared_fp ordered_fp split_coll status atomicity excl external32
          file_info misc noncontig noncontig_coll noncontig_coll2 error)

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/openmpi-source.sh
source "$here/openmpi-source.sh"
openmpi_version
out=${JPIO_CACHE:-$HOME/.cache/jpio}/romio-tests
# Programs the tests run must come from a directory only this user can change: refuse one of someone else's
if [ -e "$out" ] && { [ ! -d "$out" ] || [ -L "$out" ] || [ "$(stat -c %u "$out")" != "$(id -u)" ]; }; then
  echo "build-romio-tests: $out is not a directory owned by user $(id -un) (owner=$(stat -c %U "$out")): not using it" >&2
  exit 1
fi
if [ "$(cat "$out/VERSION" 2>/dev/null)" = "$src_version ${PROGRAMS[*]}" ]; then
  chmod 700 "$out"
  exit 0
fi
# Open MPI's wrapper by name: with MPICH installed beside it, plain mpicc is whichever the alternatives chose
command -v mpicc.openmpi >/dev/null || { echo "build-romio-tests: mpicc.openmpi is missing (libopenmpi-dev)" >&2; exit 1; }

openmpi_source
mkdir -p -m 700 "$out"
chmod 700 "$out"
testdir=$(tar tf "$cache/$orig" | grep -E '/romio[0-9]*/romio/test/async\.c$' | sort | tail -1)
testdir=${testdir%/async.c}
if [ -z "$testdir" ]; then
  echo "build-romio-tests: no romio/test/ in $cache/$orig" >&2
  exit 1
fi
build=$out/build
rm -rf "$build"
mkdir -m 700 "$build"
members=()
for p in "${PROGRAMS[@]}"; do members+=("$testdir/$p.c"); done
tar xf "$cache/$orig" -C "$build" --strip-components="$(( $(tr -cd / <<< "$testdir" | wc -c) + 1 ))" "${members[@]}"

cat > "$build/jpio_mpi1.h" <<'H'
/* MPI-1 names some ROMIO tests use, declared as Open MPI's mpi.h does with --enable-mpi1-compatibility. */
#define OMPI_OMIT_MPI1_COMPAT_DECLS 0
#include <mpi.h>
#ifndef MPI_LB
OMPI_DECLSPEC extern struct ompi_predefined_datatype_t ompi_mpi_lb;
OMPI_DECLSPEC extern struct ompi_predefined_datatype_t ompi_mpi_ub;
#define MPI_LB OMPI_PREDEFINED_GLOBAL(MPI_Datatype, ompi_mpi_lb)
#define MPI_UB OMPI_PREDEFINED_GLOBAL(MPI_Datatype, ompi_mpi_ub)
#endif
H
for p in "${PROGRAMS[@]}"; do
  mpicc.openmpi -O2 -w -include "$build/jpio_mpi1.h" -o "$out/$p" "$build/$p.c"
done
echo "$src_version ${PROGRAMS[*]}" > "$out/VERSION"
echo "build-romio-tests: built ${#PROGRAMS[@]} programs of $testdir (openmpi $src_version) into $out"
