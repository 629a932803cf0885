/*
 * The C peer of `bin/jpio bench bulk`: the seed paper's experiment in plain POSIX. A block-distributed
 * int array (element i of the global array holds i ^ salt) is written to ONE shared file by P processes,
 * each with one pwrite of its block at its offset, then read back with one pread per process and checked
 * element by element. Native byte order, page cache (no fsync; "write-sync" adds fdatasync), as the Java rows
 * it is compared with.
 *
 * Three modes:
 *   bulk_baseline run FILE BYTES P [ROUNDS]   forks P workers, times ROUNDS write/read rounds and prints
 *       one JSON line per round: {"peer":"c","procs":P,"bytes":B,"round":R,"write_mibs":W,"read_mibs":R,"errors":E}
 *   bulk_baseline worker FILE BYTES P RANK [aligned]    one rank, driven over stdin/stdout by a parent (the Java
 *       benchmark drives its JVM ranks and this worker with the same protocol, so both are timed alike):
 *         parent: "write SALT" | "write-sync SALT" | "read SALT"
 *                                              worker: "SET"      (block filled or cleared, untimed)
 *         parent: "go"                         worker: "DONE"     (the one pwrite/pread, timed by the parent;
 *                                                                  write-sync adds fdatasync: durable)
 *                                              worker: "ERRORS n" (verification of a read, untimed; 0 after a write)
 *         parent: "quit" or end of input       worker exits 0. Failures: "FAIL <message>" and exit 1.
 *   bulk_baseline drop FILE                   fdatasync + posix_fadvise(DONTNEED), then counts the file's
 *       pages still resident (mincore): {"drop":"FILE","pages":N,"resident_before":A,"resident_after":B}
 *
 * The block lives in malloc'd memory, as a C program's would; with "aligned" it is page-aligned
 * (posix_memalign) instead. The difference matters for reads: malloc returns large blocks 16 bytes into a
 * page, and the kernel's copy from the page cache into a destination 1-31 bytes above its source modulo
 * 4 KiB runs about 3x slower (4K aliasing), so the aligned worker shows what C reaches when it avoids that.
 *
 * The block of rank r is elements [r*ceil(n/P), min(n, (r+1)*ceil(n/P))), n = BYTES/4, as in the Java
 * benchmark, so C and Java write identical files.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bench.h"

static void fail(const char *what, const char *path, long long off, long long len, int err) {
    printf("FAIL %s path=%s offset=%lld length=%lld errno=%d (%s)\n", what, path, off, len, err, strerror(err));
    fflush(stdout);
    exit(1);
}

/* pread/pwrite of exactly len bytes: the kernel may move fewer bytes per call than asked. */
static int transfer(int fd, char *p, size_t len, off_t off, int write) {
    while (len > 0) {
        ssize_t r = write ? pwrite(fd, p, len, off) : pread(fd, p, len, off);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return errno;
        if (r == 0) return write ? ENOSPC : EIO; /* read: file shorter than the block */
        p += r;
        off += r;
        len -= (size_t) r;
    }
    return 0;
}

struct block { long long lo, count; int *data; };

static struct block block_of(long long bytes, int procs, int rank, int aligned) {
    long long n = bytes / 4, per = (n + procs - 1) / procs;
    long long lo = (long long) rank * per < n ? (long long) rank * per : n;
    long long hi = lo + per < n ? lo + per : n;
    size_t size = (size_t) (hi - lo) * 4 + 4;
    void *data = NULL;
    if (!aligned) data = malloc(size);
    else if (posix_memalign(&data, 4096, size) != 0) data = NULL;
    struct block b = { lo, hi - lo, data };
    if (b.data == NULL) { printf("FAIL malloc length=%lld\n", (hi - lo) * 4); exit(1); }
    return b;
}

/* One rank's loop over the protocol on in/out (stdin/stdout of a worker, or pipes of a forked child). */
static int worker(const char *path, long long bytes, int procs, int rank, int aligned, FILE *in, FILE *out) {
    struct block b = block_of(bytes, procs, rank, aligned);
    int fd = open(path, O_RDWR | O_CREAT, 0644);
    if (fd < 0) fail("open", path, 0, 0, errno);
    char line[128];
    while (fgets(line, sizeof line, in) != NULL) {
        char op[16];
        unsigned salt = 0;
        if (sscanf(line, "%15s %u", op, &salt) < 1 || strcmp(op, "quit") == 0) break;
        int sync = strcmp(op, "write-sync") == 0, write = sync || strcmp(op, "write") == 0;
        if (!write && strcmp(op, "read") != 0) { fprintf(out, "FAIL unknown command=%s", line); fflush(out); return 1; }
        for (long long i = 0; i < b.count; i++) { /* a read starts from values that are all wrong */
            unsigned v = (unsigned) (b.lo + i) ^ salt;
            b.data[i] = (int) (write ? v : ~v);
        }
        fprintf(out, "SET\n");
        fflush(out);
        if (fgets(line, sizeof line, in) == NULL || strncmp(line, "go", 2) != 0) break;
        int err = transfer(fd, (char *) b.data, (size_t) b.count * 4, (off_t) b.lo * 4, write);
        if (err) fail(write ? "pwrite" : "pread", path, b.lo * 4, b.count * 4, err);
        if (sync && fdatasync(fd) != 0) fail("fdatasync", path, b.lo * 4, b.count * 4, errno);
        fprintf(out, "DONE\n");
        fflush(out);
        long long errors = 0;
        if (!write)
            for (long long i = 0; i < b.count; i++) errors += b.data[i] != (int) ((unsigned) (b.lo + i) ^ salt);
        fprintf(out, "ERRORS %lld\n", errors);
        fflush(out);
    }
    close(fd);
    free(b.data);
    return 0;
}

static void expect(FILE *from, const char *word, long long *value) {
    char line[512];
    if (fgets(line, sizeof line, from) == NULL) { fprintf(stderr, "bulk_baseline: worker died\n"); exit(1); }
    if (strncmp(line, word, strlen(word)) != 0) { fprintf(stderr, "bulk_baseline: worker said %s", line); exit(1); }
    if (value != NULL) *value = atoll(line + strlen(word));
}

/* Sends one command to every rank, waits until all are set, releases them and times until all are done. */
static double phase(int procs, FILE **to, FILE **from, const char *op, unsigned salt, long long *errors) {
    for (int r = 0; r < procs; r++) { fprintf(to[r], "%s %u\n", op, salt); fflush(to[r]); }
    for (int r = 0; r < procs; r++) expect(from[r], "SET", NULL);
    double t0 = now();
    for (int r = 0; r < procs; r++) { fputs("go\n", to[r]); fflush(to[r]); }
    for (int r = 0; r < procs; r++) expect(from[r], "DONE", NULL);
    double t = now() - t0;
    *errors = 0;
    for (int r = 0; r < procs; r++) {
        long long e;
        expect(from[r], "ERRORS ", &e);
        *errors += e;
    }
    return t;
}

static int run(const char *path, long long bytes, int procs, int rounds) {
    FILE *to[procs], *from[procs];
    pid_t pids[procs];
    unlink(path);
    for (int r = 0; r < procs; r++) {
        int down[2], up[2];
        if (pipe(down) || pipe(up)) { perror("pipe"); return 1; }
        pids[r] = fork();
        if (pids[r] < 0) { perror("fork"); return 1; }
        if (pids[r] == 0) {
            close(down[1]);
            close(up[0]);
            exit(worker(path, bytes, procs, r, 0, fdopen(down[0], "r"), fdopen(up[1], "w")));
        }
        close(down[0]);
        close(up[1]);
        to[r] = fdopen(down[1], "w");
        from[r] = fdopen(up[0], "r");
    }
    int bad = 0;
    for (int round = 0; round < rounds; round++) {
        long long werr, rerr;
        unsigned salt = 0x9E3779B9u * (unsigned) (round + 1);
        double tw = phase(procs, to, from, "write", salt, &werr);
        double tr = phase(procs, to, from, "read", salt, &rerr);
        printf("{\"peer\":\"c\",\"procs\":%d,\"bytes\":%lld,\"round\":%d,\"write_mibs\":%.1f,\"read_mibs\":%.1f,\"errors\":%lld}\n",
               procs, bytes, round, bytes / 1048576.0 / tw, bytes / 1048576.0 / tr, rerr);
        bad |= rerr != 0;
    }
    for (int r = 0; r < procs; r++) { fputs("quit\n", to[r]); fclose(to[r]); fclose(from[r]); }
    for (int r = 0; r < procs; r++) {
        int st;
        waitpid(pids[r], &st, 0);
        bad |= !WIFEXITED(st) || WEXITSTATUS(st) != 0;
    }
    return bad;
}

static long long resident(const char *path, int fd, long long size, long long *pages) {
    long page = sysconf(_SC_PAGESIZE);
    *pages = (size + page - 1) / page;
    if (size == 0) return 0;
    void *m = mmap(NULL, (size_t) size, PROT_READ, MAP_SHARED, fd, 0);
    if (m == MAP_FAILED) fail("mmap", path, 0, size, errno);
    unsigned char *vec = malloc((size_t) *pages);
    if (vec == NULL || mincore(m, (size_t) size, vec) != 0) fail("mincore", path, 0, size, errno);
    long long n = 0;
    for (long long i = 0; i < *pages; i++) n += vec[i] & 1;
    free(vec);
    munmap(m, (size_t) size);
    return n;
}

static int drop(const char *path) {
    int fd = open(path, O_RDWR);
    if (fd < 0) fail("open", path, 0, 0, errno);
    struct stat st;
    if (fstat(fd, &st) != 0) fail("fstat", path, 0, 0, errno);
    long long pages, before = resident(path, fd, st.st_size, &pages);
    /* DONTNEED only drops clean pages: write the dirty ones back first */
    if (fdatasync(fd) != 0) fail("fdatasync", path, 0, st.st_size, errno);
    int err = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    if (err != 0) fail("posix_fadvise", path, 0, st.st_size, err);
    long long after = resident(path, fd, st.st_size, &pages);
    close(fd);
    printf("{\"drop\":\"%s\",\"pages\":%lld,\"resident_before\":%lld,\"resident_after\":%lld}\n", path, pages, before, after);
    return 0;
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc == 3 && strcmp(argv[1], "drop") == 0) return drop(argv[2]);
    if ((argc == 5 || argc == 6) && strcmp(argv[1], "run") == 0) {
        int procs = atoi(argv[4]), rounds = argc == 6 ? atoi(argv[5]) : 1;
        if (procs < 1 || rounds < 1 || atoll(argv[3]) < 4) { fprintf(stderr, "bulk_baseline: bad procs/rounds/bytes\n"); return 2; }
        return run(argv[2], atoll(argv[3]), procs, rounds);
    }
    if ((argc == 6 || (argc == 7 && strcmp(argv[6], "aligned") == 0)) && strcmp(argv[1], "worker") == 0) {
        int procs = atoi(argv[4]), rank = atoi(argv[5]);
        if (procs < 1 || rank < 0 || rank >= procs) { fprintf(stderr, "bulk_baseline: bad procs/rank\n"); return 2; }
        return worker(argv[2], atoll(argv[3]), procs, rank, argc == 7, stdin, stdout);
    }
    fprintf(stderr, "usage: bulk_baseline run FILE BYTES P [ROUNDS] | worker FILE BYTES P RANK [aligned] | drop FILE\n");
    return 2;
}
