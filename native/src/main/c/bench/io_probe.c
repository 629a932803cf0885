/*
 * The C side of `bin/jpio bench tuning` (Xu and Guo's tuning strategies) and `bin/jpio bench jvm-io`
 * (Burnett and Jindal's Java vs C study): each mode is one of their C programs, timed here (wall clock
 * and user/system CPU of this process), printing one JSON line
 *   {"mode":M,"bytes":B,"elapsed_s":E,"user_s":U,"sys_s":S,"check":C}
 * Writes create FILE and write BYTES bytes in operations of OP bytes, every operation the bytes
 * (unsigned char)(k + 1), k = 0..OP-1 (check: the sum of the bytes written). Reads read the whole FILE
 * (check: the sum of its bytes; for count modes the number of '\n'; for count-dummy the bytes handed out).
 *   raw-write FILE BYTES | raw-read FILE              a system call per byte (write/read of 1 byte)
 *   stdio-write FILE BYTES BUF | stdio-read FILE BUF  fputc/fgetc per byte, stdio buffer of BUF bytes
 *   direct-write FILE BYTES BUF OP | direct-read FILE BUF OP   the application's own BUF-byte buffer, OP bytes per operation
 *   op-write FILE BYTES OP | op-read FILE OP          no buffer: write/read of OP bytes per call
 *   count FILE BUF | count-dummy FILE BYTES BUF       my_read per byte through a BUF buffer, counting '\n' (dummy: no read())
 *   bigread FILE BUF                                  read() of BUF bytes, counting '\n' in each
 *   call N                                            N calls of a function that increments a counter
 *   syscall FILE N                                    N preads of 1 byte at offset 0 (a cached page)
 *   pwrite FILE N OP                                  N pwrites of OP bytes at offset 0 (a cached page; bench floor)
 * Errors: "io_probe: <what> path=... errno=..." on stderr, exit 1.
 */
#include <stdio.h>
#include <stdint.h>
#include <sys/resource.h>
#include <time.h>
#include "probe.h"

static const char *path;

static void fail(const char *what) {
    fprintf(stderr, "io_probe: %s failed: path=%s errno=%d (%s)\n", what, path ? path : "-", errno, strerror(errno));
    exit(1);
}

static double wall(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static double cpu(int user) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    struct timeval t = user ? u.ru_utime : u.ru_stime;
    return t.tv_sec + t.tv_usec / 1e6;
}

static char *op_buffer(int op) {
    char *b = malloc(op > 0 ? (size_t) op : 1);
    if (b == NULL) fail("malloc");
    for (int k = 0; k < op; k++) b[k] = (char) (k + 1);
    return b;
}

static int xopen(int writing) {
    int fd = writing ? open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644) : open(path, O_RDONLY);
    if (fd < 0) fail("open");
    return fd;
}

static ssize_t xio(int fd, char *b, size_t n, int writing) {
    ssize_t r;
    do r = writing ? write(fd, b, n) : read(fd, b, n); while (r < 0 && errno == EINTR);
    if (r < 0 || (writing && r == 0)) fail(writing ? "write" : "read");
    return r;
}

static uint64_t sum(const char *b, long n) {
    uint64_t s = 0;
    for (long i = 0; i < n; i++) s += (unsigned char) b[i];
    return s;
}

__attribute__((noinline)) static long increment(long c) {
    __asm__ volatile("");
    return c + 1;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: io_probe MODE ARGS... (see io_probe.c)\n");
        return 2;
    }
    const char *mode = argv[1];
    long long bytes = 0;
    uint64_t check = 0;
    double t0 = wall(), u0 = cpu(1), s0 = cpu(0);
#define IS(m, n) (strcmp(mode, m) == 0 && argc == (n))
    if (IS("call", 3)) {
        long n = atol(argv[2]), c = 0;
        for (long i = 0; i < n; i++) c = increment(c);
        check = (uint64_t) c;
        bytes = n;
    } else if (IS("syscall", 4)) {
        path = argv[2];
        long n = atol(argv[3]);
        int fd = xopen(0);
        char b;
        for (long i = 0; i < n; i++) {
            if (pread(fd, &b, 1, 0) != 1) fail("pread");
            check += (unsigned char) b;
        }
        close(fd);
        bytes = n;
    } else if (IS("pwrite", 5)) {
        path = argv[2];
        long n = atol(argv[3]);
        int op = atoi(argv[4]);
        char *b = op_buffer(op);
        int fd = xopen(1);
        for (long i = 0; i < n; i++) {
            if (pwrite(fd, b, (size_t) op, 0) != op) fail("pwrite");
            check += sum(b, op);
        }
        if (close(fd) != 0) fail("close");
        bytes = (long long) n * op;
    } else if (IS("raw-write", 4) || IS("op-write", 5)) {
        path = argv[2];
        bytes = atoll(argv[3]);
        int op = argc == 5 ? atoi(argv[4]) : 1;
        char *b = op_buffer(op);
        int fd = xopen(1);
        for (long long at = 0; at < bytes; ) {
            int n = bytes - at < op ? (int) (bytes - at) : op;
            for (int k = 0; k < n; ) k += (int) xio(fd, b + k, (size_t) (n - k), 1);
            check += sum(b, n);
            at += n;
        }
        if (close(fd) != 0) fail("close");
    } else if (IS("raw-read", 3) || IS("op-read", 4)) {
        path = argv[2];
        int op = argc == 4 ? atoi(argv[3]) : 1;
        char *b = op_buffer(op);
        int fd = xopen(0);
        for (ssize_t n; (n = xio(fd, b, (size_t) op, 0)) > 0; bytes += n) check += sum(b, n);
        close(fd);
    } else if (IS("stdio-write", 5)) {
        path = argv[2];
        bytes = atoll(argv[3]);
        FILE *f = fopen(path, "w");
        if (f == NULL || setvbuf(f, NULL, _IOFBF, (size_t) atoi(argv[4])) != 0) fail("fopen");
        for (long long i = 0; i < bytes; i++) {
            if (fputc(1, f) == EOF) fail("fputc");
            check += 1;
        }
        if (fclose(f) != 0) fail("fclose");
    } else if (IS("stdio-read", 4)) {
        path = argv[2];
        FILE *f = fopen(path, "r");
        if (f == NULL || setvbuf(f, NULL, _IOFBF, (size_t) atoi(argv[3])) != 0) fail("fopen");
        for (int c; (c = fgetc(f)) != EOF; bytes++) check += (unsigned) c;
        if (ferror(f)) fail("fgetc");
        fclose(f);
    } else if (IS("direct-write", 6) || IS("direct-read", 5)) {
        path = argv[2];
        int writing = mode[7] == 'w', buf = atoi(argv[writing ? 4 : 3]), op = atoi(argv[writing ? 5 : 4]);
        if (writing) bytes = atoll(argv[3]);
        char *b = op_buffer(op);
        struct probe p;
        if (probe_open(&p, path, buf, writing ? PROBE_WRITE : PROBE_READ, 0) != 0) fail("open");
        if (writing) {
            for (long long at = 0; at < bytes; at += op) {
                int n = bytes - at < op ? (int) (bytes - at) : op;
                if (probe_put(&p, b, n) != 0) fail("write");
                check += sum(b, n);
            }
        } else {
            for (int n; (n = probe_get(&p, b, op)) != 0; bytes += n) {
                if (n < 0) fail("read");
                check += sum(b, n);
            }
        }
        if (probe_close(&p) != 0) fail("close");
    } else if (IS("count", 4) || IS("count-dummy", 5)) {
        path = argv[2];
        int dummy = argc == 5;
        struct probe p;
        if (probe_open(&p, path, atoi(argv[dummy ? 4 : 3]), dummy ? PROBE_DUMMY : PROBE_READ, dummy ? atoll(argv[3]) : 0) != 0) fail("open");
        for (int c; (c = probe_byte(&p)) >= 0; bytes++) check += dummy ? 1 : c == '\n';
        if (p.pos < p.len || probe_byte(&p) == -2) fail("read");
        probe_close(&p);
    } else if (IS("bigread", 4)) {
        path = argv[2];
        int buf = atoi(argv[3]);
        char *b = malloc((size_t) buf);
        if (b == NULL) fail("malloc");
        int fd = xopen(0);
        for (ssize_t n; (n = xio(fd, b, (size_t) buf, 0)) > 0; bytes += n)
            for (ssize_t i = 0; i < n; i++) check += b[i] == '\n';
        close(fd);
    } else {
        fprintf(stderr, "io_probe: unknown mode or wrong arguments: %s (argc=%d)\n", mode, argc);
        return 2;
    }
    printf("{\"mode\":\"%s\",\"bytes\":%lld,\"elapsed_s\":%.6f,\"user_s\":%.6f,\"sys_s\":%.6f,\"check\":%llu}\n",
           mode, bytes, wall() - t0, cpu(1) - u0, cpu(0) - s0, (unsigned long long) check);
    return 0;
}
