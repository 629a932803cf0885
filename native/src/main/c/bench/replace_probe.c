/*
 * replace_probe DIR MIB NP ROUNDS [PAUSE]: what replacing a cached file costs here, four ways, each round
 * a fresh version of MIB MiB written by NP processes (one pwrite of MIB/NP each, as the ranks of
 * `bench h5` write their blocks) and synced, from a file of the same size written and synced before:
 *   new       a new temporary beside the cached old version, fdatasync, rename over it, directory synced,
 *             the old version held open across the rename and closed after the timing, so that its
 *             freeing is not timed (jpio's replacement, without its page drop);
 *   drop      the same after posix_fadvise DONTNEED on the old version (what jpio's Replacement does);
 *   truncate  the old file truncated in place (O_TRUNC, what H5F_ACC_TRUNC does), written, fsync;
 *   overwrite the old file written over in place, fsync.
 * It backs the `bench h5` section of docs/BENCHMARKS.md: on a virtual machine that returns free memory to
 * its host (virtio-balloon free page reporting), a page cache page taken from memory that has been free
 * for a while costs a fault in the host at its first touch, and the old version's pages, dropped or
 * truncated right before, are reused instead. The modes alternate round by round after PAUSE seconds
 * (default 2: longer than the guest's reporting delay). Prints one line per mode and round: the time of
 * the writes (the slowest process), of the sync and rename, and the rate of the whole replacement.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bench.h"

static void sync_path(const char *path, int data_only) {
    int fd = open(path, O_RDONLY);
    must(fd >= 0, "open", path);
    must((data_only ? fdatasync(fd) : fsync(fd)) == 0, "sync", path);
    close(fd);
}

/* NP processes each pwrite their part of buf into path; returns when all are done. */
static void write_parts(const char *path, const char *buf, size_t n, int np) {
    for (int k = 0; k < np; k++) {
        pid_t pid = fork();
        must(pid >= 0, "fork", path);
        if (pid > 0) continue;
        int fd = open(path, O_WRONLY);
        must(fd >= 0, "open", path);
        size_t part = n / np, at = (size_t) k * part, len = k == np - 1 ? n - at : part, done = 0;
        while (done < len) {
            ssize_t w = pwrite(fd, buf + at + done, len - done, (off_t) (at + done));
            must(w > 0, "pwrite", path);
            done += (size_t) w;
        }
        close(fd);
        _exit(0);
    }
    for (int k = 0; k < np; k++) {
        int status;
        must(wait(&status) > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0, "writer", path);
    }
}

int main(int argc, char **argv) {
    if (argc != 5 && argc != 6) {
        fprintf(stderr, "usage: replace_probe DIR MIB NP ROUNDS [PAUSE]\n");
        return 2;
    }
    const char *dir = argv[1];
    size_t n = (size_t) atol(argv[2]) << 20;
    int np = atoi(argv[3]), rounds = atoi(argv[4]), pause = argc == 6 ? atoi(argv[5]) : 2;
    if (n == 0 || np < 1 || rounds < 1 || pause < 0) {
        fprintf(stderr, "replace_probe: MIB, NP and ROUNDS must be positive, PAUSE >= 0\n");
        return 2;
    }
    char file[4096], tmp[4096];
    snprintf(file, sizeof file, "%s/replace_probe.dat", dir);
    snprintf(tmp, sizeof tmp, "%s/replace_probe.tmp", dir);
    char *buf = malloc(n);
    must(buf != NULL, "malloc", dir);
    memset(buf, 7, n);
    int fd = open(file, O_CREAT | O_TRUNC | O_WRONLY, 0600);
    must(fd >= 0, "open", file);
    close(fd);
    write_parts(file, buf, n, np);
    sync_path(file, 1);
    const char *modes[] = {"new", "drop", "truncate", "overwrite"};
    printf("replace_probe: %zu MiB by %d process(es), %d round(s) of each mode, %d s apart\n", n >> 20, np, rounds, pause);
    for (int r = 0; r < rounds; r++)
        for (int m = 0; m < 4; m++) {
            sleep((unsigned) pause);
            double t0 = now();
            int fresh = m < 2;
            if (m == 1) {
                int o = open(file, O_RDONLY);
                must(o >= 0, "open", file);
                must(posix_fadvise(o, 0, 0, POSIX_FADV_DONTNEED) == 0, "posix_fadvise", file);
                close(o);
            }
            const char *target = fresh ? tmp : file;
            fd = open(target, fresh ? O_CREAT | O_EXCL | O_WRONLY : O_WRONLY | (m == 2 ? O_TRUNC : 0), 0600);
            must(fd >= 0, "open", target);
            close(fd);
            double t1 = now();
            write_parts(target, buf, n, np);
            double t2 = now();
            sync_path(target, fresh);
            int old = -1;
            if (fresh) {
                old = open(file, O_RDONLY);
                must(old >= 0, "open", file);
                must(rename(tmp, file) == 0, "rename", tmp);
                sync_path(dir, 0);
            }
            double t3 = now();
            if (old >= 0) close(old);
            printf("%-9s round %d: before %5.1f ms, writes %6.1f ms (%5.0f MiB/s), sync%s %5.1f ms; whole %5.0f MiB/s\n", modes[m], r,
                   (t1 - t0) * 1e3, (t2 - t1) * 1e3, (double) n / 1048576.0 / (t2 - t1), fresh ? "+rename" : "", (t3 - t2) * 1e3,
                   (double) n / 1048576.0 / (t3 - t0));
            fflush(stdout);
        }
    unlink(file);
    free(buf);
    return 0;
}
