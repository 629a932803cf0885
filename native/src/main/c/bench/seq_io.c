/*
 * The C peer of `bin/jpio bench seq`: the sequential I/O article's loops in C. A file preallocated by the
 * caller is overwritten byte by byte through a 4 KiB buffer passed to write() ("page") or through a shared
 * mapping ("mmap"), then read back the same way. Each byte i of round SALT is (signed char)(i + SALT) and the
 * checksum adds each byte times ((i & 255) + 1), exactly as the Java rows (org.jpio.examples.seq.Pattern).
 * Timed from open to close; with "sync" the write ends with the data on the device (msync for the mapping,
 * then fdatasync), inside the timed region.
 *   seq_io write FILE BYTES SALT page|mmap [sync]
 *   seq_io read  FILE BYTES page|mmap
 * Prints one JSON line: {"op":"write","how":"page","bytes":B,"seconds":S,"checksum":C}.
 * Failures print "seq_io: <what> path=... offset=... errno=..." on stderr and exit 1.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "bench.h"

#define PAGE 4096

static void fail(const char *what, const char *path, long long off) {
    fprintf(stderr, "seq_io: %s path=%s offset=%lld errno=%d (%s)\n", what, path, off, errno, strerror(errno));
    exit(1);
}

static void all(int fd, char *p, size_t n, int writing, const char *path, long long at) {
    while (n > 0) {
        ssize_t r = writing ? write(fd, p, n) : read(fd, p, n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) { if (r == 0) errno = EIO; fail(writing ? "write" : "read (file too short?)", path, at); }
        p += r;
        n -= (size_t) r;
        at += r;
    }
}

static int64_t page_write(const char *path, long long size, unsigned salt, int sync) {
    int fd = open(path, O_WRONLY);
    if (fd < 0) fail("open", path, 0);
    char buf[PAGE];
    uint64_t sum = 0;
    int pos = 0;
    for (long long i = 0; i < size; i++) {
        signed char b = (signed char) (unsigned char) (i + salt);
        sum += (uint64_t) ((int64_t) b * ((i & 0xFF) + 1));
        buf[pos++] = b;
        if (pos == PAGE) { all(fd, buf, PAGE, 1, path, i + 1 - PAGE); pos = 0; }
    }
    if (pos > 0) all(fd, buf, pos, 1, path, size - pos);
    if (sync && fdatasync(fd) != 0) fail("fdatasync", path, 0);
    close(fd);
    return (int64_t) sum;
}

static int64_t page_read(const char *path, long long size) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) fail("open", path, 0);
    char buf[PAGE];
    uint64_t sum = 0;
    for (long long i = 0; i < size; ) {
        int n = size - i < PAGE ? (int) (size - i) : PAGE;
        all(fd, buf, n, 0, path, i);
        for (int k = 0; k < n; k++, i++) sum += (uint64_t) ((int64_t) (signed char) buf[k] * ((i & 0xFF) + 1));
    }
    close(fd);
    return (int64_t) sum;
}

static int64_t mmap_pass(const char *path, long long size, unsigned salt, int writing, int sync) {
    int fd = open(path, writing ? O_RDWR : O_RDONLY);
    if (fd < 0) fail("open", path, 0);
    struct stat st;
    if (fstat(fd, &st) != 0) fail("fstat", path, 0);
    if (st.st_size < size) { errno = EINVAL; fail("file shorter than BYTES", path, st.st_size); }
    uint64_t sum = 0;
    if (size > 0) {
        signed char *m = mmap(NULL, (size_t) size, writing ? PROT_READ | PROT_WRITE : PROT_READ, MAP_SHARED, fd, 0);
        if (m == MAP_FAILED) fail("mmap", path, 0);
        for (long long i = 0; i < size; i++) {
            signed char b = writing ? (signed char) (unsigned char) (i + salt) : m[i];
            sum += (uint64_t) ((int64_t) b * ((i & 0xFF) + 1));
            if (writing) m[i] = b;
        }
        if (writing && sync && msync(m, (size_t) size, MS_SYNC) != 0) fail("msync", path, 0);
        munmap(m, (size_t) size);
    }
    if (writing && sync && fdatasync(fd) != 0) fail("fdatasync", path, 0);
    close(fd);
    return (int64_t) sum;
}

int main(int argc, char **argv) {
    int writing = argc >= 6 && strcmp(argv[1], "write") == 0, reading = argc == 5 && strcmp(argv[1], "read") == 0;
    if (!writing && !reading) {
        fprintf(stderr, "usage: seq_io write FILE BYTES SALT page|mmap [sync] | seq_io read FILE BYTES page|mmap\n");
        return 2;
    }
    const char *path = argv[2], *how = argv[writing ? 5 : 4];
    long long size = atoll(argv[3]);
    unsigned salt = writing ? (unsigned) strtoul(argv[4], NULL, 10) : 0;
    int sync = writing && argc == 7 && strcmp(argv[6], "sync") == 0, mapped = strcmp(how, "mmap") == 0;
    if (size < 0 || (!mapped && strcmp(how, "page") != 0) || (writing && argc == 7 && !sync)) {
        fprintf(stderr, "seq_io: bad arguments: bytes=%s how=%s\n", argv[3], how);
        return 2;
    }
    double t0 = now();
    int64_t sum = mapped ? mmap_pass(path, size, salt, writing, sync)
                         : writing ? page_write(path, size, salt, sync) : page_read(path, size);
    double t = now() - t0;
    printf("{\"op\":\"%s\",\"how\":\"%s\",\"bytes\":%lld,\"seconds\":%.6f,\"checksum\":%lld}\n",
           writing ? "write" : "read", how, size, t, (long long) sum);
    return 0;
}
