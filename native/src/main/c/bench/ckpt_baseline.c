/*
 * The C peer of `bin/jpio bench ckpt`: a durable checkpoint without middleware, the machine's limit for
 * the same bytes. For each FILE (one per array) it writes BYTES from a malloc'd buffer with pwrite, makes
 * the data durable with fdatasync, closes it, and finally fsyncs the directory that holds the files (so
 * their names survive a crash too, as a committed jpio checkpoint's do).
 *
 *   ckpt_baseline DIR BYTES FILE...
 *
 * The buffer is filled (every page touched) before the clock starts, as the Java side's arrays are. Files
 * are removed before, so each round creates them as a checkpoint does. Prints one JSON line:
 *   {"peer":"c","files":N,"bytes":B,"seconds":S}
 * Failures: "FAIL <what> path=... errno=..." and exit status 1.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "bench.h"

static void fail(const char *what, const char *path, int err) {
    printf("FAIL %s path=%s errno=%d (%s)\n", what, path, err, strerror(err));
    exit(1);
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s DIR BYTES FILE...\n", argv[0]);
        return 2;
    }
    const char *dir = argv[1];
    long long bytes = atoll(argv[2]);
    const size_t chunk = 64u << 20;   /* pwrite moves at most ~2 GiB per call; 64 MiB pieces keep each call large */
    char *buf = malloc(bytes > 0 ? (size_t) bytes : 1);
    if (buf == NULL) fail("malloc", dir, ENOMEM);
    for (long long i = 0; i < bytes; i++) buf[i] = (char) (i * 7 + 3);
    char path[4096];
    for (int f = 3; f < argc; f++) {
        snprintf(path, sizeof path, "%s/%s", dir, argv[f]);
        if (unlink(path) != 0 && errno != ENOENT) fail("unlink", path, errno);
    }
    double t0 = now();
    for (int f = 3; f < argc; f++) {
        snprintf(path, sizeof path, "%s/%s", dir, argv[f]);
        int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);
        if (fd < 0) fail("open", path, errno);
        for (long long at = 0; at < bytes; ) {
            size_t n = (size_t) (bytes - at) < chunk ? (size_t) (bytes - at) : chunk;
            ssize_t w = pwrite(fd, buf + at, n, at);
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) fail("pwrite", path, w < 0 ? errno : ENOSPC);
            at += w;
        }
        if (fdatasync(fd) != 0) fail("fdatasync", path, errno);
        if (close(fd) != 0) fail("close", path, errno);
    }
    int d = open(dir, O_RDONLY | O_DIRECTORY);
    if (d < 0) fail("open", dir, errno);
    if (fsync(d) != 0) fail("fsync", dir, errno);
    close(d);
    double t = now() - t0;
    printf("{\"peer\":\"c\",\"files\":%d,\"bytes\":%lld,\"seconds\":%.6f}\n", argc - 3, bytes * (argc - 3), t);
    free(buf);
    return 0;
}
