/*
 * The C peer of `bin/jpio bench calls`: what one MPI-IO call costs on ROMIO
 * (run it with `mpirun --mca io romio321`), timed exactly as jpio's side (org.jpio.examples.calls) times it.
 *
 *   mpirun -np N mpi_calls FILE BYTES[,BYTES...] CALLS WARMUP OPENS COLD BATCH [key=value hint ...]
 * For each size (bytes per process, a multiple of 4), on one file holding int i at element i (written over
 * when FILE exists, as the launches of one round share it):
 *   write_at_all / read_at_all  N = BYTES/4 ints at byte offset rank*BYTES;
 *   write_all / read_all        the same N ints through a 3-D BLOCK darray view (local box l0 x l1 x l2 = N,
 *                               the global array that box times the MPI_Dims_create grid), the individual
 *                               file pointer sought back to 0 before each call;
 *   open_close                  MPI_File_open + MPI_File_close of the same file.
 * Cold: COLD times, a fresh open then the first call (barrier, call, barrier); an open+close timed alone
 * before each. Warm: WARMUP untimed calls, then CALLS timed in batches of BATCH (barrier, BATCH calls,
 * barrier), the median batch over BATCH; open+close likewise with OPENS/CALLS as many of each.
 * Prints one JSON line per (op, size) from rank 0, microseconds per call and elements read back wrong:
 *   {"peer":"mpi_calls","np":N,"op":"write_at_all","bytes":B,"dims":"l0xl1xl2","cold_us":C,"first_us":F,"warm_us":W,"errors":E}
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, np;

static int cmp(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, n, sizeof *v, cmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void check(int rc, const char *what, const char *path) {
    if (rc == MPI_SUCCESS) return;
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(rc, text, &len);
    fprintf(stderr, "mpi_calls: %s failed: path=%s rank=%d: %s\n", what, path, rank, text);
    MPI_Abort(MPI_COMM_WORLD, 1);
}

enum { WRITE_AT_ALL, READ_AT_ALL, WRITE_ALL, READ_ALL, OPEN_CLOSE, OPS };
static const char *NAMES[OPS] = {"write_at_all", "read_at_all", "write_all", "read_all", "open_close"};

struct size {
    long n, bytes;                   /* ints per process, bytes per process */
    int local[3], grid[3], lo[3];    /* the darray: local box, process grid, this process's box corner */
    MPI_Datatype darray;
};

/* The local box of n ints: l0 <= l1 <= l2, l0 the largest divisor of n not above its cube root, l1 likewise of the rest's square root. */
static void box(long n, int *l) {
    long a = 1, b = 1;
    for (long d = 1; d * d * d <= n; d++) if (n % d == 0) a = d;
    for (long d = 1; d * d <= n / a; d++) if ((n / a) % d == 0) b = d;
    l[0] = (int) a, l[1] = (int) b, l[2] = (int) (n / a / b);
}

static void setup(struct size *s, long bytes) {
    s->bytes = bytes, s->n = bytes / 4;
    box(s->n, s->local);
    int g[3], distribs[3] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_BLOCK};
    int dargs[3] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG};
    memset(s->grid, 0, sizeof s->grid);
    MPI_Dims_create(np, 3, s->grid);
    for (int d = 2, rest = rank; d >= 0; d--) {
        s->lo[d] = rest % s->grid[d] * s->local[d];
        rest /= s->grid[d];
        g[d] = s->grid[d] * s->local[d];
    }
    MPI_Type_create_darray(np, rank, 3, g, distribs, dargs, s->grid, MPI_ORDER_C, MPI_INT, &s->darray);
    MPI_Type_commit(&s->darray);
}

/* Element k of this process's data: its global index in the file (int i sits at element i). */
static long element(const struct size *s, int darray, long k) {
    if (!darray) return rank * s->n + k;
    long l2 = s->local[2], l1 = s->local[1];
    long i = k / (l1 * l2), j = k / l2 % l1, m = k % l2;
    long g1 = (long) s->grid[1] * l1, g2 = (long) s->grid[2] * l2;
    return ((s->lo[0] + i) * g1 + s->lo[1] + j) * g2 + s->lo[2] + m;
}

static void fill(const struct size *s, int darray, int *buf) {
    for (long k = 0; k < s->n; k++) buf[k] = (int) element(s, darray, k);
}

static long long wrong(const struct size *s, int darray, const int *buf) {
    long long bad = 0;
    for (long k = 0; k < s->n; k++) bad += buf[k] != (int) element(s, darray, k);
    return bad;
}

static MPI_File open_file(const char *path, MPI_Info info, const struct size *s, int op) {
    MPI_File fh;
    check(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDWR, info, &fh), "MPI_File_open", path);
    if (op == WRITE_ALL || op == READ_ALL) check(MPI_File_set_view(fh, 0, MPI_INT, s->darray, "native", info), "MPI_File_set_view", path);
    return fh;
}

/* One call of op on an open file (open_close opens and closes the file itself). */
static void call(int op, MPI_File fh, const char *path, MPI_Info info, const struct size *s, int *buf) {
    MPI_Offset at = (MPI_Offset) rank * s->bytes;
    switch (op) {
        case WRITE_AT_ALL: check(MPI_File_write_at_all(fh, at, buf, (int) s->n, MPI_INT, MPI_STATUS_IGNORE), "MPI_File_write_at_all", path); break;
        case READ_AT_ALL: check(MPI_File_read_at_all(fh, at, buf, (int) s->n, MPI_INT, MPI_STATUS_IGNORE), "MPI_File_read_at_all", path); break;
        case WRITE_ALL:
            check(MPI_File_seek(fh, 0, MPI_SEEK_SET), "MPI_File_seek", path);
            check(MPI_File_write_all(fh, buf, (int) s->n, MPI_INT, MPI_STATUS_IGNORE), "MPI_File_write_all", path);
            break;
        case READ_ALL:
            check(MPI_File_seek(fh, 0, MPI_SEEK_SET), "MPI_File_seek", path);
            check(MPI_File_read_all(fh, buf, (int) s->n, MPI_INT, MPI_STATUS_IGNORE), "MPI_File_read_all", path);
            break;
        default: {
            MPI_File f;
            check(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDWR, info, &f), "MPI_File_open", path);
            check(MPI_File_close(&f), "MPI_File_close", path);
        }
    }
}

static void calls(const char *path, char *sizes, long ncalls, long warmup, long opens, int cold, long batch, MPI_Info info) {
    long max = 0;
    int count = 0;
    long list[64];
    for (char *t = strtok(sizes, ","); t != NULL; t = strtok(NULL, ",")) {
        long b = atol(t);
        if (b < 4 || b % 4 != 0 || count == 64) {
            if (rank == 0) fprintf(stderr, "mpi_calls: size=%s must be a positive multiple of 4 bytes (at most 64 sizes)\n", t);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        list[count++] = b;
        if (b > max) max = b;
    }
    int *buf = malloc(max);
    double *samples = malloc(sizeof(double) * (ncalls / batch + cold + 1));
    struct size whole;
    setup(&whole, max);
    fill(&whole, 0, buf);
    /* not deleted first: every launch of a round (this one, jpio's) writes over the same file, so each copies
     * to and from the same page-cache pages; new ones differ in where the VM put them (docs/BENCHMARKS.md) */
    MPI_File fh;                          /* the file holds int i at element i for the largest size, so every read reads data */
    check(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, info, &fh), "MPI_File_open", path);
    check(MPI_File_write_at_all(fh, (MPI_Offset) rank * max, buf, (int) whole.n, MPI_INT, MPI_STATUS_IGNORE), "MPI_File_write_at_all", path);
    check(MPI_File_close(&fh), "MPI_File_close", path);
    for (int z = 0; z < count; z++) {
        struct size s;
        setup(&s, list[z]);
        double cold_us[OPS], first_us[OPS], warm_us[OPS];
        long long errors[OPS] = {0};
        /* cold: each op's first call after a fresh open; an open+close alone before each round */
        double *c[OPS];
        for (int op = 0; op < OPS; op++) c[op] = malloc(sizeof(double) * cold);
        for (int k = 0; k < cold; k++) {
            for (int o = 0; o < OPS; o++) {                  /* open+close first, then the transfers */
                int op = (o + OPEN_CLOSE) % OPS;
                int darray = op == WRITE_ALL || op == READ_ALL;
                if (op == WRITE_AT_ALL || op == WRITE_ALL) fill(&s, darray, buf);
                else memset(buf, 0xff, s.bytes);
                MPI_File f = op == OPEN_CLOSE ? MPI_FILE_NULL : open_file(path, info, &s, op);
                MPI_Barrier(MPI_COMM_WORLD);
                double t0 = MPI_Wtime();
                call(op, f, path, info, &s, buf);
                MPI_Barrier(MPI_COMM_WORLD);
                c[op][k] = (MPI_Wtime() - t0) * 1e6;
                if (op == READ_AT_ALL || op == READ_ALL) errors[op] += wrong(&s, darray, buf);
                if (f != MPI_FILE_NULL) check(MPI_File_close(&f), "MPI_File_close", path);
            }
        }
        for (int op = 0; op < OPS; op++) {
            first_us[op] = c[op][0];
            cold_us[op] = median(c[op], cold);
            free(c[op]);
        }
        /* warm: one open file per transfer op, warm-up calls, then batches */
        for (int op = 0; op < OPS; op++) {
            int darray = op == WRITE_ALL || op == READ_ALL;
            long per = op == OPEN_CLOSE ? (batch * opens + ncalls - 1) / ncalls : batch;
            long pre = op == OPEN_CLOSE ? warmup * opens / ncalls : warmup;
            long batches = ncalls / batch;
            if (op == WRITE_AT_ALL || op == WRITE_ALL) fill(&s, darray, buf);
            MPI_File f = op == OPEN_CLOSE ? MPI_FILE_NULL : open_file(path, info, &s, op);
            for (long i = 0; i < pre; i++) call(op, f, path, info, &s, buf);
            for (long b = 0; b < batches; b++) {
                if (op == READ_AT_ALL || op == READ_ALL) memset(buf, 0xff, s.bytes);
                MPI_Barrier(MPI_COMM_WORLD);
                double t0 = MPI_Wtime();
                for (long i = 0; i < per; i++) call(op, f, path, info, &s, buf);
                MPI_Barrier(MPI_COMM_WORLD);
                samples[b] = (MPI_Wtime() - t0) * 1e6 / per;
                if (op == READ_AT_ALL || op == READ_ALL) errors[op] += wrong(&s, darray, buf);
            }
            warm_us[op] = median(samples, (int) batches);
            if (f != MPI_FILE_NULL) check(MPI_File_close(&f), "MPI_File_close", path);
        }
        long long all[OPS];
        MPI_Reduce(errors, all, OPS, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
        if (rank == 0)
            for (int op = 0; op < OPS; op++)
                printf("{\"peer\":\"mpi_calls\",\"np\":%d,\"op\":\"%s\",\"bytes\":%ld,\"dims\":\"%dx%dx%d\",\"cold_us\":%.3f,\"first_us\":%.3f,"
                       "\"warm_us\":%.3f,\"errors\":%lld}\n", np, NAMES[op], s.bytes, s.local[0], s.local[1], s.local[2],
                       cold_us[op], first_us[op], warm_us[op], all[op]);
        fflush(stdout);
        MPI_Type_free(&s.darray);
    }
    MPI_Type_free(&whole.darray);
    free(samples);
    free(buf);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (argc < 8) {
        if (rank == 0) fprintf(stderr, "usage: mpi_calls FILE BYTES[,BYTES...] CALLS WARMUP OPENS COLD BATCH [key=value ...]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    long n = atol(argv[3]), warmup = atol(argv[4]), opens = atol(argv[5]), batch = atol(argv[7]);
    int cold = atoi(argv[6]);
    if (n < 1 || warmup < 0 || opens < 1 || cold < 1 || batch < 1 || batch > n) {
        if (rank == 0) fprintf(stderr, "mpi_calls: CALLS=%ld OPENS=%ld COLD=%d BATCH=%ld must be positive (BATCH <= CALLS), WARMUP=%ld not negative\n",
                               n, opens, cold, batch, warmup);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Info info;
    MPI_Info_create(&info);
    for (int i = 8; i < argc; i++) {
        char *eq = strchr(argv[i], '=');
        if (eq == NULL) {
            if (rank == 0) fprintf(stderr, "mpi_calls: argument %s is not key=value\n", argv[i]);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        *eq = '\0';
        MPI_Info_set(info, argv[i], eq + 1);
    }
    calls(argv[1], argv[2], n, warmup, opens, cold, batch, info);
    MPI_Info_free(&info);
    MPI_Finalize();
    return 0;
}
