#!/usr/bin/env bash
# Trains the class-data archive bin/jpio maps at start (examples/target/cds/<JDK>.jsa, 0600 in a 0700
# directory): one small run of the demo loads the classes a write, a read and a checkpoint need, and the
# JVM stores them at exit. Run by `make build` after the jars are installed; JAVA_HOME picks the JDK.
set -euo pipefail
home="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
JPIO_CDS_TRAINING=1 JAVA_OPTS="${JAVA_OPTS:-} -Djpio.warmup=false" "$home/bin/jpio" demo --shape 24,24,24 --steps 2 \
    --file "$tmp/field.npy" --checkpoint-dir "$tmp/ckpt" --checkpoint-every 1 > "$tmp/out.txt" 2>&1 \
    || { cat "$tmp/out.txt" >&2; exit 1; }
echo "jpio: class-data archive trained in $home/examples/target/cds"
