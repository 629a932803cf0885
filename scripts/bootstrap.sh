#!/usr/bin/env bash
# Installs what jpio needs on Debian bookworm, and is quick when everything is there.
# Used by both README commands (make demo, make test) and by CI through them.
#   Debian packages: JDK 17, Maven, gcc/make, Open MPI and MPICH side by side (the build and MpiRun name
#                    each MPI's tools: mpicc.openmpi/mpirun.openmpi, mpicc.mpich/mpirun.mpich; the plain
#                    mpirun of the benchmarks and a few tests stays Open MPI's, which Debian's alternatives
#                    rank first), HDF5 Java,
#                    liburing, numpy/h5py for the interop tests, matplotlib for the benchmarks' figures
#                    (--plot, scripts/plot.py), h5dump (hdf5-tools) for the HDF5 tests, parallel HDF5
#                    (libhdf5-openmpi-dev) for the C peer of bench h5,
#   and the test beds of scripts/testbed (docs/STRIPES.md): xfsprogs (a striped XFS on a loop device),
#   ceph-mon/osd/mds, ceph-fuse, ceph-base, ceph-common (CephFS), iproute2 (the simulated cluster's links and tc)
#   Open MPI's mpi.jar, compiled from Debian's openmpi source package (scripts/build-mpi-jar.sh)
#   ROMIO's test/coll_perf.c from the same source package, built into a private cache (scripts/build-coll-perf.sh),
#   the peer of bin/jpio bench coll --mode overwrite
#   the HDF5 Java bindings' jar in the local Maven repository (scripts/install-hdf5-jar.sh)
#   ROMIO's test programs (romio/test/*.c) from the same source package, built into a private cache
#   (scripts/build-romio-tests.sh), the reference runs of the tests' ports of them (org.jpio.romiotests)
#   A JDK 22+ (Temurin 25 by default, -Djpio.jdk25 in pom.xml): it compiles the FFM engine and runs the Java 25
#   tests. Debian 12 has none, so this script checks for it and says where to get it.
# As root it installs; otherwise it uses sudo when that works without a password, else it stops and prints
# the one command to run.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

PACKAGES=(openjdk-17-jdk-headless maven gcc make
          openmpi-bin libopenmpi-dev
          mpich libmpich-dev
          libhdf5-java libhdf5-jni hdf5-tools libhdf5-openmpi-dev
          liburing-dev
          python3 python3-numpy python3-h5py python3-matplotlib
          dpkg-dev
          xfsprogs ceph-mon ceph-osd ceph-mds ceph-fuse ceph-base ceph-common iproute2)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo "$@"
  else
    echo "jpio bootstrap: needs root to run: $*" >&2
    echo "Run this once, then retry:  sudo bash $here/scripts/bootstrap.sh" >&2
    exit 1
  fi
}

if [ ${#missing[@]} -gt 0 ]; then
  echo "jpio bootstrap: installing Debian packages: ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

jdk25=$(sed -n 's:.*<jpio.jdk25>\(.*\)</jpio.jdk25>.*:\1:p' "$here/pom.xml")
if ! "$jdk25/bin/javac" -version 2>&1 | grep -Eq 'javac (2[2-9]|[3-9][0-9])'; then
  echo "jpio bootstrap: no JDK 22+ at $jdk25 (pom.xml, property jpio.jdk25)." >&2
  echo "It compiles the FFM engine (META-INF/versions/22) and runs the Java 25 tests. Install Temurin 25" >&2
  echo "(https://adoptium.net, package temurin-25-jdk) or point the property at another JDK 22+:" >&2
  echo "  mvn -Djpio.jdk25=/path/to/jdk ..." >&2
  exit 1
fi

if [ -x "$here/scripts/build-mpi-jar.sh" ]; then
  "$here/scripts/build-mpi-jar.sh"
fi
"$here/scripts/build-coll-perf.sh"
"$here/scripts/install-hdf5-jar.sh"
"$here/scripts/build-romio-tests.sh"
