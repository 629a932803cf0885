/*
 * alias_probe FILE [SIZE]: how fast the kernel copies a cached file into memory placed at different
 * offsets within a page, and what a cache-resident bounce buffer recovers. It backs the 4K-aliasing
 * handling of jpio's engines (docs/BENCHMARKS.md): a destination 1-31 bytes above the page-aligned
 * source modulo 4 KiB makes the copy about 3x slower on this machine.
 *
 * Writes SIZE bytes (a number of MiB, or with a suffix k or m: 1k, 64k, 1m; default 256 MiB) to FILE, then
 * for each offset reads it back with one pread per round into a buffer at that offset within a page (the
 * best of 4 rounds, more for small sizes), and finally through a 256 KiB bounce buffer half a page from
 * the source plus memcpy into the offset-16 destination. Prints one line per case: MiB/s and microseconds.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "bench.h"

/* pread of exactly len bytes (the kernel may return fewer per call). */
static void read_all(int fd, char *p, size_t len, off_t off, const char *path) {
    while (len > 0) {
        ssize_t r = pread(fd, p, len, off);
        if (r < 0 && errno == EINTR) continue;
        must(r > 0, "pread", path);
        p += r;
        off += r;
        len -= (size_t) r;
    }
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: alias_probe FILE [SIZE: MiB, or 1k, 64k, 1m]\n");
        return 2;
    }
    const char *path = argv[1];
    size_t n = (size_t) 256 << 20, chunk = 256 << 10;
    if (argc == 3) {
        char *end = NULL;
        n = (size_t) strtoul(argv[2], &end, 10);
        n <<= *end == 'k' ? 10 : 20; /* a plain number is MiB, as before */
    }
    int rounds = n >= ((size_t) 64 << 20) ? 4 : (int) (((size_t) 256 << 20) / n < 2000 ? ((size_t) 256 << 20) / n : 2000);
    char *mem = NULL, *bounce = NULL;
    must(n > 0 && posix_memalign((void **) &mem, 4096, n + 8192) == 0, "posix_memalign", path);
    must(posix_memalign((void **) &bounce, 4096, chunk + 8192) == 0, "posix_memalign", path);
    memset(mem, 1, n + 8192);
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
    must(fd >= 0, "open", path);
    must(pwrite(fd, mem, n, 0) == (ssize_t) n, "pwrite", path);
    const int offsets[] = { 0, 8, 16, 24, 32, 64, 256, 2048, 4080 };
    for (size_t k = 0; k < sizeof offsets / sizeof offsets[0]; k++) {
        double best = 1e9;
        for (int r = 0; r < rounds; r++) {
            double t0 = now();
            read_all(fd, mem + offsets[k], n, 0, path);
            double t = now() - t0;
            if (t < best) best = t;
        }
        printf("pread into page offset %4d: %6.0f MiB/s %9.1f us\n", offsets[k], (double) n / 1048576.0 / best, best * 1e6);
    }
    double best = 1e9;
    for (int r = 0; r < rounds; r++) {
        double t0 = now();
        for (size_t done = 0; done < n; done += chunk) {
            size_t len = n - done < chunk ? n - done : chunk;
            read_all(fd, bounce + 2048, len, (off_t) done, path);
            memcpy(mem + 16 + done, bounce + 2048, len);
        }
        double t = now() - t0;
        if (t < best) best = t;
    }
    printf("bounce 256 KiB + memcpy to offset 16: %6.0f MiB/s %9.1f us\n", (double) n / 1048576.0 / best, best * 1e6);
    close(fd);
    unlink(path);
    return 0;
}
