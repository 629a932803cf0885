/*
 * The C peer of `bin/jpio bench h5`: the coll_perf array written and read as an HDF5 dataset by parallel
 * HDF5, as an HPC code does it: H5Pset_fapl_mpio on MPI_COMM_WORLD, one contiguous dataset /data of the
 * global shape, each process selecting its BLOCK x BLOCK x BLOCK hyperslab (MPI_Dims_create grid, C order,
 * block ceil(g/p) as MPI's darray and jpio's DistributedArray place it) and one collective H5Dwrite
 * (H5FD_MPIO_COLLECTIVE); then the same collective H5Dread, and every element checked (each holds its
 * global linear index). Timed as jpio's rows are: from the barrier before the file is created to the
 * barrier after it is closed and synced (fsync), so every row ends with the data on the device; the read
 * from the barrier before the open to the barrier after the close.
 * WARMUP untimed rounds come first, as jpio's rows have them in each launch: so the timed write, like
 * jpio's, goes over an existing file of the same size. MODE says how: create (the default) makes the file
 * anew with H5Fcreate(H5F_ACC_TRUNC), which truncates the old one first, as a code writing its output file
 * does; overwrite opens the file (H5Fopen, H5F_ACC_RDWR) and writes the existing dataset /data again
 * (H5Dopen2, H5Dwrite), the old file's blocks written over in place (the first round creates the file).
 * Prints one JSON line from rank 0, the last round's times and the elements read back wrong in all rounds:
 *   {"peer":"c-phdf5","mode":"create","np":N,"dims":[X,Y,Z],"bytes":B,"write_s":W,"read_s":R,"errors":E}
 * Usage: mpirun -np N h5p_coll_perf X Y Z FILE [WARMUP [create|overwrite]]   (WARMUP 0 when left out)
 * Built by native/Makefile with h5pcc (libhdf5-openmpi-dev) when it is installed.
 */
#include <fcntl.h>
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHECK(call) do { if ((call) < 0) { fprintf(stderr, "h5p_coll_perf: %s failed at line %d\n", #call, __LINE__); MPI_Abort(MPI_COMM_WORLD, 3); } } while (0)

/* This process's block: start lo, sizes ls, of the global shape g. */
typedef struct { hsize_t g[3], lo[3], ls[3]; } block_t;

/* how: 0 read only, 1 create (truncating), 2 open for writing */
static hid_t open_file(const char *path, int how) {
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    CHECK(H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL));
    hid_t f = how == 1 ? H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, fapl) : H5Fopen(path, how == 2 ? H5F_ACC_RDWR : H5F_ACC_RDONLY, fapl);
    CHECK(f);
    H5Pclose(fapl);
    return f;
}

/* Fills buf with each element's global linear index (check = 0) or counts the elements that differ (check = 1). */
static long long fill(const block_t *b, int *buf, int check) {
    long long bad = 0;
    size_t k = 0;
    for (hsize_t i = 0; i < b->ls[0]; i++)
        for (hsize_t j = 0; j < b->ls[1]; j++)
            for (hsize_t l = 0; l < b->ls[2]; l++, k++) {
                int v = (int) (((b->lo[0] + i) * b->g[1] + b->lo[1] + j) * b->g[2] + b->lo[2] + l);
                if (!check) buf[k] = v;
                else if (buf[k] != v) bad++;
            }
    return bad;
}

/*
 * One timed write: barrier, create (truncating an existing file) or, with overwrite, open the file and its
 * dataset, collective write, close, fsync, barrier.
 */
static double write_file(const char *path, const block_t *b, hid_t mspace, hid_t dxpl, const int *buf, int rank, int overwrite) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    hid_t f = open_file(path, overwrite ? 2 : 1);
    hid_t fspace = H5Screate_simple(3, b->g, NULL);
    hid_t d = overwrite ? H5Dopen2(f, "/data", H5P_DEFAULT) : H5Dcreate2(f, "/data", H5T_NATIVE_INT, fspace, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    CHECK(d);
    CHECK(H5Sselect_hyperslab(fspace, H5S_SELECT_SET, b->lo, NULL, b->ls, NULL));
    CHECK(H5Dwrite(d, H5T_NATIVE_INT, mspace, fspace, dxpl, buf));
    H5Dclose(d);
    H5Sclose(fspace);
    CHECK(H5Fclose(f));
    if (rank == 0) {                     /* the file's data on the device, as DistributedArray.write leaves it */
        int fd = open(path, O_RDONLY);
        if (fd < 0 || fsync(fd) != 0) { perror(path); MPI_Abort(MPI_COMM_WORLD, 4); }
        close(fd);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    return MPI_Wtime() - t0;
}

/* One timed read: barrier, open, collective read, close, barrier. */
static double read_file(const char *path, const block_t *b, hid_t mspace, hid_t dxpl, int *buf) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    hid_t f = open_file(path, 0);
    hid_t d = H5Dopen2(f, "/data", H5P_DEFAULT);
    CHECK(d);
    hid_t fspace = H5Dget_space(d);
    CHECK(H5Sselect_hyperslab(fspace, H5S_SELECT_SET, b->lo, NULL, b->ls, NULL));
    CHECK(H5Dread(d, H5T_NATIVE_INT, mspace, fspace, dxpl, buf));
    H5Dclose(d);
    H5Sclose(fspace);
    CHECK(H5Fclose(f));
    MPI_Barrier(MPI_COMM_WORLD);
    return MPI_Wtime() - t0;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    int warmup = argc >= 6 ? atoi(argv[5]) : 0;
    const char *mode = argc == 7 ? argv[6] : "create";
    int overwrite = strcmp(mode, "overwrite") == 0;
    if (argc < 5 || argc > 7 || warmup < 0 || (!overwrite && strcmp(mode, "create") != 0)) {
        if (rank == 0) fprintf(stderr, "usage: h5p_coll_perf X Y Z FILE [WARMUP [create|overwrite]]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    block_t b = {{atoll(argv[1]), atoll(argv[2]), atoll(argv[3])}, {0}, {0}};
    const char *path = argv[4];
    int dims[3] = {0, 0, 0}, periods[3] = {0, 0, 0}, coords[3];
    MPI_Dims_create(np, 3, dims);
    MPI_Comm cart;
    MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 0, &cart);
    MPI_Cart_coords(cart, rank, 3, coords);
    for (int d = 0; d < 3; d++) {
        hsize_t s = (b.g[d] + dims[d] - 1) / dims[d];
        b.lo[d] = coords[d] * s < b.g[d] ? coords[d] * s : b.g[d];
        b.ls[d] = b.lo[d] + s < b.g[d] ? s : b.g[d] - b.lo[d];
    }
    size_t n = b.ls[0] * b.ls[1] * b.ls[2];
    int *buf = malloc(n > 0 ? n * sizeof(int) : 1);
    hid_t dxpl = H5Pcreate(H5P_DATASET_XFER);
    CHECK(H5Pset_dxpl_mpio(dxpl, H5FD_MPIO_COLLECTIVE));
    hid_t mspace = H5Screate_simple(3, b.ls, NULL);

    double tw = 0, tr = 0;
    long long errors = 0;
    for (int round = 0; round <= warmup; round++) {   /* the last round's times are the ones printed */
        fill(&b, buf, 0);
        tw = write_file(path, &b, mspace, dxpl, buf, rank, overwrite && round > 0);
        memset(buf, 0xff, n * sizeof(int));
        tr = read_file(path, &b, mspace, dxpl, buf);
        errors += fill(&b, buf, 1);
    }

    long long all = 0;
    MPI_Reduce(&errors, &all, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("{\"peer\":\"c-phdf5\",\"mode\":\"%s\",\"np\":%d,\"dims\":[%llu,%llu,%llu],\"bytes\":%llu,\"write_s\":%.6f,\"read_s\":%.6f,\"errors\":%lld}\n", mode, np,
               (unsigned long long) b.g[0], (unsigned long long) b.g[1], (unsigned long long) b.g[2],
               (unsigned long long) (b.g[0] * b.g[1] * b.g[2] * sizeof(int)), tw, tr, all);
    H5Sclose(mspace);
    H5Pclose(dxpl);
    free(buf);
    MPI_Comm_free(&cart);
    MPI_Finalize();
    return all != 0 && rank == 0;
}
