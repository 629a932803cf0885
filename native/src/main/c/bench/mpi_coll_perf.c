/*
 * The C peer of `bin/jpio bench coll`: ROMIO's coll_perf pattern through plain MPI-IO.
 * A 3-D array distributed BLOCK in every dimension over the MPI_Dims_create grid, C order, each
 * element holding its global linear index, written with MPI_File_write_all through a darray view,
 * read back with MPI_File_read_all, verified. Prints one JSON line from rank 0:
 *   {"peer":"mpi-io","np":N,"dims":[X,Y,Z],"type":"int","bytes":B,"write_mibs":W,"read_mibs":R,"errors":E}
 * Usage: mpirun -np N mpi_coll_perf X Y Z int|double FILE [--overwrite] [--sync] [--cyclic K | --interleaved B]
 *        [key=value hint ...]
 * Default: the file is deleted first, so the timed write creates it. --overwrite: an untimed write and
 * read first, then the timed write overwrites the file, as ROMIO's test/coll_perf.c times it.
 * --sync: MPI_File_sync inside the timed write (durable).
 * --cyclic K: the darray is CYCLIC(K) in every dimension instead of BLOCK (K 1: MPI_DISTRIBUTE_CYCLIC with
 * its default argument, the same as 1). --interleaved B: instead of the darray, the X*Y*Z elements as one
 * row after another of N*B, each process owning one block of B per row, round robin (filetype
 * MPI_Type_contiguous(B) resized to N*B elements, displacement rank*B elements), as jpio's bench coll
 * --pattern interleaved.
 * Which MPI-IO implementation runs is Open MPI's choice: `--mca io romio321` selects ROMIO.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double now(void) { return MPI_Wtime(); }

struct axis { long long g, p, c, k; };

static long long axis_len(const struct axis *a) {
    long long q = a->g / (a->p * a->k), r = a->g % (a->p * a->k), rest = r - a->c * a->k;
    return q * a->k + (rest < 0 ? 0 : rest < a->k ? rest : a->k);
}

/* The global index of the process's i-th index along an axis (ascending, as the darray's local array holds them). */
static long long axis_global(const struct axis *a, long long i) { return (i / a->k * a->p + a->c) * a->k + i % a->k; }

/* Fills (check 0) or counts wrong elements of (check 1) the share: every element holds its global linear index. */
static long long values(void *buf, const struct axis *ax, int is_double, int check) {
    long long k = 0, bad = 0, n0 = axis_len(&ax[0]), n1 = axis_len(&ax[1]), n2 = axis_len(&ax[2]);
    for (long long i = 0; i < n0; i++)
        for (long long j = 0; j < n1; j++) {
            long long row = (axis_global(&ax[0], i) * ax[1].g + axis_global(&ax[1], j)) * ax[2].g;
            for (long long l = 0; l < n2; l++, k++) {
                long long g = row + axis_global(&ax[2], l);
                if (is_double) {
                    if (check) bad += ((double *) buf)[k] != (double) g; else ((double *) buf)[k] = (double) g;
                } else {
                    if (check) bad += ((int *) buf)[k] != (int) g; else ((int *) buf)[k] = (int) g;
                }
            }
        }
    return bad;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (argc < 6) {
        if (rank == 0) fprintf(stderr, "usage: mpi_coll_perf X Y Z int|double FILE [key=value ...]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int gsizes[3] = {atoi(argv[1]), atoi(argv[2]), atoi(argv[3])};
    int is_double = strcmp(argv[4], "double") == 0;
    const char *path = argv[5];
    MPI_Datatype etype = is_double ? MPI_DOUBLE : MPI_INT;
    int esize = is_double ? 8 : 4;

    MPI_Info info;
    MPI_Info_create(&info);
    int overwrite = 0, sync = 0, cyclic = 0, interleaved = 0;
    for (int i = 6; i < argc; i++) {
        if (strcmp(argv[i], "--overwrite") == 0) { overwrite = 1; continue; }
        if (strcmp(argv[i], "--sync") == 0) { sync = 1; continue; }
        if (strcmp(argv[i], "--cyclic") == 0 && i + 1 < argc) { cyclic = atoi(argv[++i]); continue; }
        if (strcmp(argv[i], "--interleaved") == 0 && i + 1 < argc) { interleaved = atoi(argv[++i]); continue; }
        char *eq = strchr(argv[i], '=');
        if (eq == NULL) {
            if (rank == 0) fprintf(stderr, "mpi_coll_perf: argument %s is neither --overwrite, --sync, --cyclic K, --interleaved B nor key=value\n", argv[i]);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        *eq = '\0';
        MPI_Info_set(info, argv[i], eq + 1);
    }
    if (cyclic < 0 || interleaved < 0 || (cyclic && interleaved)) {
        if (rank == 0) fprintf(stderr, "mpi_coll_perf: --cyclic %d / --interleaved %d: one of them, positive\n", cyclic, interleaved);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }

    /* This process's share, dimension by dimension: of ax[d].g indices, blocks of ax[d].k dealt round robin over
     * ax[d].p processes, this one the ax[d].c-th (MPI's darray rule; BLOCK is one block of ceil(g/p)). */
    struct axis ax[3];
    MPI_Datatype ftype;
    MPI_Offset disp = 0;
    if (interleaved) {
        long long total = (long long) gsizes[0] * gsizes[1] * gsizes[2], row = (long long) np * interleaved;
        if (total % row != 0) {
            if (rank == 0) fprintf(stderr, "mpi_coll_perf: %lld elements do not split into rows of N*B=%lld\n", total, row);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        ax[0] = (struct axis) {1, 1, 0, 1};
        ax[1] = (struct axis) {total / row, 1, 0, total / row};
        ax[2] = (struct axis) {row, np, rank, interleaved};
        MPI_Datatype block;
        MPI_Type_contiguous(interleaved, etype, &block);
        MPI_Type_create_resized(block, 0, (MPI_Aint) row * esize, &ftype);
        MPI_Type_free(&block);
        disp = (MPI_Offset) rank * interleaved * esize;
    } else {
        int dims[3] = {0, 0, 0};
        MPI_Dims_create(np, 3, dims);
        int d = cyclic ? MPI_DISTRIBUTE_CYCLIC : MPI_DISTRIBUTE_BLOCK, a = cyclic ? cyclic : MPI_DISTRIBUTE_DFLT_DARG;
        int distribs[3] = {d, d, d}, dargs[3] = {a, a, a};
        MPI_Type_create_darray(np, rank, 3, gsizes, distribs, dargs, dims, MPI_ORDER_C, etype, &ftype);
        for (int k = 2, rest = rank; k >= 0; k--) {     /* the process grid is row-major, as MPI_Cart_create's */
            ax[k] = (struct axis) {gsizes[k], dims[k], rest % dims[k], cyclic ? cyclic : (gsizes[k] + dims[k] - 1) / dims[k]};
            rest /= dims[k];
        }
    }
    MPI_Type_commit(&ftype);
    int tsize;
    MPI_Type_size(ftype, &tsize);
    long long len[3] = {axis_len(&ax[0]), axis_len(&ax[1]), axis_len(&ax[2])}, n = len[0] * len[1] * len[2];
    if (!interleaved && n != tsize / esize) {   /* a darray holds the whole share; the interleaved filetype one block of it, tiled */
        fprintf(stderr, "mpi_coll_perf: rank=%d filetype holds %d elements, its share %lld\n", rank, tsize / esize, n);
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
    void *buf = malloc(n * esize > 0 ? n * esize : 1);
    values(buf, ax, is_double, 0);

    MPI_File fh;
    if (rank == 0) MPI_File_delete(path, MPI_INFO_NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    if (overwrite) { /* coll_perf's untimed first pass: the timed write then overwrites a file that exists */
        MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, info, &fh);
        MPI_File_set_view(fh, disp, etype, ftype, "native", info);
        MPI_File_write_all(fh, buf, (int) n, etype, MPI_STATUS_IGNORE);
        MPI_File_seek(fh, 0, MPI_SEEK_SET);
        MPI_File_read_all(fh, buf, (int) n, etype, MPI_STATUS_IGNORE);
        MPI_File_close(&fh);
    }
    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, info, &fh);
    MPI_File_set_view(fh, disp, etype, ftype, "native", info);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = now();
    MPI_File_write_all(fh, buf, (int) n, etype, MPI_STATUS_IGNORE);
    if (sync) MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    double tw = now() - t0;
    MPI_File_close(&fh);

    memset(buf, 0xff, n * esize);
    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY, info, &fh);
    MPI_File_set_view(fh, disp, etype, ftype, "native", info);
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = now();
    MPI_File_read_all(fh, buf, (int) n, etype, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    double tr = now() - t0;
    MPI_File_close(&fh);

    long long errors = values(buf, ax, is_double, 1);
    long long all_errors = 0;
    MPI_Reduce(&errors, &all_errors, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        double bytes = (double) gsizes[0] * gsizes[1] * gsizes[2] * esize;
        printf("{\"peer\":\"mpi-io\",\"np\":%d,\"dims\":[%d,%d,%d],\"type\":\"%s\",\"mode\":\"%s\",\"sync\":%d,\"cyclic\":%d,\"interleaved\":%d,"
               "\"bytes\":%.0f,\"write_mibs\":%.1f,\"read_mibs\":%.1f,\"errors\":%lld}\n",
               np, gsizes[0], gsizes[1], gsizes[2], is_double ? "double" : "int", overwrite ? "overwrite" : "new", sync, cyclic, interleaved, bytes,
               bytes / 1048576.0 / tw, bytes / 1048576.0 / tr, all_errors);
    }
    free(buf);
    MPI_Type_free(&ftype);
    MPI_Info_free(&info);
    MPI_Finalize();
    return all_errors != 0 && rank == 0;
}
