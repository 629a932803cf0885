#!/usr/bin/env bash
# What "a free core" is worth on this machine: the 1-rank stencil of `bench ckpt` (its loops with no
# checkpoint in them: --every above --steps) alone, and while a C program runs on the other core:
#   spin    ALU only (no memory traffic): do the two processors share execution resources?
#   memcpy  copies 256 MiB buffers: does the stencil lose memory bandwidth?
#   pwrite  buffered pwrite of 16 MiB pieces over a 1 GiB file, fdatasync per GiB (the kernel's copies
#           into the page cache and writeback, as a checkpoint writer does), buffer reused
# Each line prints the stencil loops' seconds; the side program prints its own rate at the end.
# Run under the exclusive CPU lock on a quiet machine:
#   flock -x /tmp/jpio-cpu.lock scripts/ckpt-beside.sh [DIR]       (DIR: where pwrite writes; default /tmp)
set -euo pipefail
home=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-/tmp}
work=$(mktemp -d)
trap 'rm -rf "$work" "$dir/ckpt-beside-$$"' EXIT   # the bench removes what it wrote in its --dir, not the --dir
cat > "$work/side.c" <<'C'
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
int main(int argc, char **argv) {
    const char *m = argv[1];
    double secs = atof(argv[2]), t0 = now(), work = 0;
    if (!strcmp(m, "spin")) {
        volatile unsigned long x = 1;
        while (now() - t0 < secs) { for (int i = 0; i < 10000000; i++) x = x * 6364136223846793005UL + 1; work += 1e7; }
        printf("spin: %.0f iterations/s\n", work / (now() - t0));
    } else if (!strcmp(m, "memcpy")) {
        size_t n = 256u << 20;
        char *a = malloc(n), *b = malloc(n);
        memset(a, 1, n); memset(b, 2, n);
        while (now() - t0 < secs) { memcpy(b, a, n); work += n; }
        printf("memcpy: %.2f GB/s\n", work / (now() - t0) / 1e9);
    } else {
        size_t n = 16u << 20;
        char *a = malloc(n);
        memset(a, 3, n);
        int fd = open(argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0) { perror(argv[3]); return 1; }
        while (now() - t0 < secs) {
            for (off_t o = 0; o < (1L << 30); o += n) { if (pwrite(fd, a, n, o) != (ssize_t) n) { perror("pwrite"); return 1; } work += n; }
            fdatasync(fd);
        }
        close(fd); unlink(argv[3]);
        printf("pwrite: %.2f GB/s\n", work / (now() - t0) / 1e9);
    }
    return 0;
}
C
cc -O2 -o "$work/side" "$work/side.c"
for mode in none spin memcpy pwrite; do
    echo "== $mode ($(date -u +%H:%M:%S) UTC, load $(cut -d' ' -f1-3 /proc/loadavg))"
    pid=""
    if [ "$mode" != none ]; then "$work/side" "$mode" 60 "$dir/ckpt-beside-$$.bin" > "$work/$mode.txt" & pid=$!; fi
    JAVA_OPTS=${JAVA_OPTS:--Xmx8g} "$home/bin/jpio" bench ckpt --dir "$dir/ckpt-beside-$$" --ranks 1 --steps 24 --every 100 --rows basic --repeat 1 --warmup 0 \
        | grep -E '^  (without checkpoints|with (a)?synchronous)' | sed "s/^/$mode: /"
    if [ -n "$pid" ]; then wait "$pid"; cat "$work/$mode.txt"; fi
done
