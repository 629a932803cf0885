#!/usr/bin/env bash
# Builds the consumer against the installed jpio artifacts (run `mvn install` in jpio first) and runs it
# as a user would, with no jpio setting: 4 in-JVM ranks on Java 17 and on Java 25, then MPI processes
# under Open MPI's and under MPICH's mpirun, on Java 17 and on Java 25. Each run's report must name the
# engine, and under MPI the bridge and the MPI, that the issue expects there. `make test` runs this after the build.
set -euo pipefail
cd "$(dirname "$0")"
mvn -B -q --no-transfer-progress package
cp="target/classes:$(cat target/classpath.txt)"
jdk25=${JPIO_JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}
java17=java
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

out=""
run() {  # run NAME COMMAND...: prints the output, stops on failure
    echo "== $1"
    shift
    out=$("$@" 2>&1) || { echo "$out"; echo "consumer: FAILED: $*" >&2; exit 1; }
    echo "$out"
}
expect() {  # expect PATTERN...: every pattern (grep -E) is in the last run's output
    for p in "$@"; do
        grep -Eq -- "$p" <<<"$out" || { echo "consumer: FAILED: expected /$p/ in the output above" >&2; exit 1; }
    done
}

run "Java 17, 4 ranks in one JVM" "$java17" -cp "$cp" org.example.consumer.Consumer "$work/a.bin"
expect "java=17" "engine=native" "native libjpio.so: .*libjpio-[0-9a-f]{16}\.so \(from .*jpio-native-.*\.jar, unpacked into the cache" "ok: 4 ranks"

run "Java 25, 4 ranks in one JVM" "$jdk25/bin/java" --enable-native-access=ALL-UNNAMED -cp "$cp" org.example.consumer.Consumer "$work/b.bin"
expect "java=25" "engine=ffm \(engine=ffm\)" "ok: 4 ranks"

# The FFM engine needs no compiled library: with nowhere to unpack one (HOME and the temporary directory
# name a file), libjpio.so does not load (the stripe-layout probes, which use it, then say unknown) and
# the FFM engine runs all the same.
: > "$work/a-file"
run "Java 25, 4 ranks in one JVM, no native library" env HOME="$work/a-file" XDG_CACHE_HOME= \
    "$jdk25/bin/java" --enable-native-access=ALL-UNNAMED -Djava.io.tmpdir="$work/a-file" -cp "$cp" org.example.consumer.Consumer "$work/b2.bin"
expect "java=25" "engine=ffm \(engine=ffm\)" "native libjpio.so: not loaded: " "ok: 4 ranks"

run "Open MPI, 3 processes" mpirun.openmpi --allow-run-as-root --oversubscribe -np 3 "$java17" --class-path "$cp" org.example.consumer.Consumer "$work/c.bin"
expect "comm=MpiComm ranks=3" "engine=native" "MPI Open MPI v4" "bridge .*libjpiompi-openmpi-[0-9a-f]{16}\.so" "picked because Open MPI's mpirun started this process" "ok: 3 ranks"

run "Open MPI, 2 processes on Java 25" mpirun.openmpi --allow-run-as-root --oversubscribe -np 2 "$jdk25/bin/java" --enable-native-access=ALL-UNNAMED \
    --class-path "$cp" org.example.consumer.Consumer "$work/c2.bin"
expect "java=25" "comm=MpiComm ranks=2" "engine=ffm" "bridge .*libjpiompi-openmpi-" "ok: 2 ranks"

run "MPICH, 3 processes" mpirun.mpich -np 3 "$java17" --class-path "$cp" org.example.consumer.Consumer "$work/d.bin"
expect "comm=MpiComm ranks=3" "engine=native" "MPI MPICH Version: 4" "bridge .*libjpiompi-mpich-[0-9a-f]{16}\.so" "picked because Hydra" "ok: 3 ranks"

run "MPICH, 2 processes on Java 25" mpirun.mpich -np 2 "$jdk25/bin/java" --enable-native-access=ALL-UNNAMED --class-path "$cp" org.example.consumer.Consumer "$work/e.bin"
expect "java=25" "engine=ffm" "bridge .*libjpiompi-mpich-" "ok: 2 ranks"
echo "consumer: all runs as expected"
