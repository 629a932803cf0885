#!/usr/bin/env bash
# Builds Open MPI's Java bindings (mpi.jar) for the installed Open MPI and installs the jar into the local
# Maven repository as org.open-mpi:mpi:<version>, so that tests can run mpiJava-style code next to jpio
# (MpiComm.adopt). Debian ships the JNI half (libmpi_java.so in libopenmpi3/libopenmpi-dev) but not the
# jar, so the Java sources are taken from the openmpi source package of exactly the installed version.
# Quick no-op when the jar is already installed. Needs root (or password-less sudo) for the deb-src entry
# (scripts/deb-src.sh derives it from the machine's own apt sources).
#   JPIO_CACHE   where sources and the jar are kept (default ~/.cache/jpio)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

# shellcheck source=scripts/openmpi-source.sh
source "$here/openmpi-source.sh"
openmpi_version
m2=${JPIO_M2_REPO:-$HOME/.m2/repository}                       # Maven's default local repository
installed="$m2/org/open-mpi/mpi/$version/mpi-$version.jar"
if [ -f "$installed" ]; then
  exit 0
fi

openmpi_source
cd "$cache"

# Only the Java bindings are needed; Debian's patches do not touch them (checked below).
top=openmpi-$version
java_dir=$top/ompi/mpi/java/java
rm -rf "$top"
tar xf "$orig" "$java_dir"
if ls openmpi_"$src_version".debian.tar.* >/dev/null 2>&1; then
  patched=$(tar xf openmpi_"$src_version".debian.tar.* -O --wildcards 'debian/patches/*' 2>/dev/null | grep -c '^+++ .*ompi/mpi/java/' || true)
  if [ "$patched" != 0 ]; then
    echo "build-mpi-jar: Debian patches change ompi/mpi/java in $src_version; applying them is not implemented" >&2
    exit 1
  fi
fi
# Some Open MPI versions generate sources from templates; 4.x has none. Refuse rather than build a partial jar.
if ls "$java_dir"/*.java.in >/dev/null 2>&1; then
  echo "build-mpi-jar: $java_dir has .java.in templates ($(ls "$java_dir"/*.java.in | xargs -n1 basename | tr '\n' ' '));" \
       "generating them is not implemented for Open MPI $version" >&2
  exit 1
fi

rm -rf classes && mkdir classes
javac -nowarn -encoding UTF-8 --release 17 -d classes "$java_dir"/*.java 2>&1 | grep -v '^Note:' || true
if [ ! -f classes/mpi/MPI.class ]; then
  echo "build-mpi-jar: compiling $java_dir failed" >&2
  exit 1
fi
jar cf "mpi-$version.jar" -C classes .

if ! log=$(mvn -B -q install:install-file -Dfile="$cache/mpi-$version.jar" -DgroupId=org.open-mpi -DartifactId=mpi \
             -Dversion="$version" -Dpackaging=jar -DgeneratePom=true -Dmaven.repo.local="$m2" 2>&1); then
  echo "$log" >&2
  echo "build-mpi-jar: mvn install:install-file of $cache/mpi-$version.jar failed" >&2
  exit 1
fi
echo "build-mpi-jar: installed org.open-mpi:mpi:$version ($installed); JNI part: $(ls /usr/lib/*/libmpi_java.so 2>/dev/null | head -1)"
