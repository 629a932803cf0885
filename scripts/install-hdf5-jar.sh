#!/usr/bin/env bash
# Installs the HDF Group's Java bindings (Debian's libhdf5-java: /usr/share/java/jarhdf5.jar) into the local
# Maven repository as org.hdfgroup:jarhdf5:<upstream version>, so that jpio's h5 array format compiles and
# runs against them (they are an optional dependency: without them jpio works and lists h5 as unavailable,
# saying what is missing). The JNI half, libhdf5_java.so, comes from libhdf5-jni. Quick no-op when installed.
#   JPIO_M2_REPO   the local repository (default: -Dmaven.repo.local in MAVEN_OPTS, else ~/.m2/repository)
set -euo pipefail

pkg=libhdf5-java
if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
  echo "install-hdf5-jar: $pkg is not installed (run scripts/bootstrap.sh)" >&2
  exit 1
fi
version=$(dpkg-query -W -f='${Version}' "$pkg")       # e.g. 1.10.8+repack1-1
version=${version#*:}
version=${version%%[+-]*}                                # upstream version, e.g. 1.10.8
jar=/usr/share/java/jarhdf5.jar
if [ ! -f "$jar" ]; then
  echo "install-hdf5-jar: $jar is missing although $pkg is installed" >&2
  exit 1
fi

m2=${JPIO_M2_REPO:-}
if [ -z "$m2" ]; then
  for opt in ${MAVEN_OPTS:-}; do
    case "$opt" in -Dmaven.repo.local=*) m2=${opt#-Dmaven.repo.local=} ;; esac
  done
fi
m2=${m2:-$HOME/.m2/repository}
installed="$m2/org/hdfgroup/jarhdf5/$version/jarhdf5-$version.jar"
if [ -f "$installed" ] && cmp -s "$jar" "$installed"; then
  exit 0
fi

if ! log=$(mvn -B -q install:install-file -Dfile="$jar" -DgroupId=org.hdfgroup -DartifactId=jarhdf5 \
             -Dversion="$version" -Dpackaging=jar -DgeneratePom=true -Dmaven.repo.local="$m2" 2>&1); then
  echo "$log" >&2
  echo "install-hdf5-jar: mvn install:install-file of $jar failed" >&2
  exit 1
fi
echo "install-hdf5-jar: installed org.hdfgroup:jarhdf5:$version ($installed); JNI part: $(ls /usr/lib/*/jni/libhdf5_java.so 2>/dev/null | head -1)"
