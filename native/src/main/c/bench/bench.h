/*
 * What the C peers of jpio's benchmarks share: one monotonic clock in seconds, and failing with the
 * program's name, the call, the path and errno (program_invocation_short_name: glibc, _GNU_SOURCE).
 */
#ifndef JPIO_BENCH_H
#define JPIO_BENCH_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static inline double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/* Ends the program unless ok, naming what failed on which path. */
static inline void must(int ok, const char *what, const char *path) {
    if (ok) return;
    fprintf(stderr, "%s: %s failed: path=%s errno=%d (%s)\n", program_invocation_short_name, what, path, errno, strerror(errno));
    exit(1);
}

#endif
