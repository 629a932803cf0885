/*
 * A writer beside the stencil of `bin/jpio bench ckpt`, lighter than any checkpoint writer can be: one
 * process for the whole loop, whose buffer is allocated and filled (every page touched) before it says
 * "ready", so that no checkpoint carries a first touch of memory. Then each line read from stdin is one
 * checkpoint of BYTES, answered by one JSON line; end of input ends it.
 *
 *   ckpt_beside MODE DIR BYTES
 *
 * MODE:
 *   direct  DIR/u.npy written with O_DIRECT straight from the buffer (no copy: the device reads the
 *           buffer; the length rounded up to 4 KiB, then truncated to BYTES), fdatasync, close, fsync of
 *           DIR: the durable write with the least work the kernel can do;
 *   read    no file: the buffer read once (a sum of its 64-bit words), the memory traffic of a checksum
 *           pass with no I/O at all.
 * Answers {"peer":"c-beside","mode":M,"bytes":B,"seconds":S}; failures go to stderr (bench.h's must).
 */
#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>
#include "bench.h"

#define ALIGN 4096u

static double direct(const char *dir, char *buf, long long bytes) {
    char path[4096];
    snprintf(path, sizeof path, "%s/u.npy", dir);
    const size_t chunk = 64u << 20;
    long long padded = (bytes + ALIGN - 1) / ALIGN * ALIGN;
    double t0 = now();
    int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY | O_DIRECT, 0644);
    must(fd >= 0, "open(O_DIRECT)", path);
    for (long long at = 0; at < padded; ) {
        size_t n = (size_t) (padded - at) < chunk ? (size_t) (padded - at) : chunk;
        ssize_t w = pwrite(fd, buf + at, n, at);
        if (w < 0 && errno == EINTR) continue;
        must(w > 0 && w % ALIGN == 0, "pwrite(O_DIRECT)", path);
        at += w;
    }
    must(ftruncate(fd, bytes) == 0, "ftruncate", path);
    must(fdatasync(fd) == 0, "fdatasync", path);
    must(close(fd) == 0, "close", path);
    int d = open(dir, O_RDONLY | O_DIRECTORY);
    must(d >= 0, "open", dir);
    must(fsync(d) == 0, "fsync", dir);
    close(d);
    return now() - t0;
}

static volatile uint64_t sink;   /* the read pass's sum goes here, so it cannot be left out */

static double readPass(const uint64_t *words, long long n) {
    double t0 = now();
    uint64_t s = 0;
    for (long long i = 0; i < n; i++) s += words[i];
    sink = s;
    return now() - t0;
}

int main(int argc, char **argv) {
    if (argc != 4 || (strcmp(argv[1], "direct") != 0 && strcmp(argv[1], "read") != 0)) {
        fprintf(stderr, "usage: %s direct|read DIR BYTES\n", argv[0]);
        return 2;
    }
    const char *mode = argv[1], *dir = argv[2];
    long long bytes = atoll(argv[3]), padded = (bytes + ALIGN - 1) / ALIGN * ALIGN;
    void *p = NULL;
    errno = posix_memalign(&p, ALIGN, padded > 0 ? (size_t) padded : ALIGN);
    must(errno == 0, "posix_memalign", dir);
    char *buf = p;
    for (long long i = 0; i < padded; i++) buf[i] = (char) (i * 7 + 3);
    printf("ready\n");
    fflush(stdout);
    char line[64];
    while (fgets(line, sizeof line, stdin) != NULL) {
        double t = strcmp(mode, "direct") == 0 ? direct(dir, buf, bytes) : readPass((const uint64_t *) buf, padded / 8);
        printf("{\"peer\":\"c-beside\",\"mode\":\"%s\",\"bytes\":%lld,\"seconds\":%.6f}\n", mode, bytes, t);
        fflush(stdout);
    }
    free(buf);
    return 0;
}
