/*
 * The C peer of `bin/jpio bench h5`: the coll_perf array written and read as an HDF5 dataset by parallel
 * HDF5, as an HPC code does it: H5Pset_fapl_mpio on MPI_COMM_WORLD, one contiguous dataset /data of the
 * global shape, each process selecting its BLOCK x BLOCK x BLOCK hyperslab (MPI_Dims_create grid, C order,
 * block ceil(g/p) as MPI's darray and jpio's DistributedArray place it) and one collective H5Dwrite
 * (H5FD_MPIO_COLLECTIVE); then the same collective H5Dread, and every element checked (each holds its
 * global linear index). Timed as jpio's rows are: from the barrier before the file is created to the
 * barrier after it is closed and synced (fsync), so every row ends with the data on the device; the read
 * from the barrier before the open to the barrier after the close. Prints one JSON line from rank 0:
 *   {"peer":"c-phdf5","np":N,"dims":[X,Y,Z],"bytes":B,"write_s":W,"read_s":R,"errors":E}
 * Usage: mpirun -np N h5p_coll_perf X Y Z FILE
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

static hid_t open_file(const char *path, int create) {
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    CHECK(H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL));
    hid_t f = create ? H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, fapl) : H5Fopen(path, H5F_ACC_RDONLY, fapl);
    CHECK(f);
    H5Pclose(fapl);
    return f;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (argc != 5) {
        if (rank == 0) fprintf(stderr, "usage: h5p_coll_perf X Y Z FILE\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    hsize_t g[3] = {atoll(argv[1]), atoll(argv[2]), atoll(argv[3])};
    const char *path = argv[4];
    int dims[3] = {0, 0, 0}, periods[3] = {0, 0, 0}, coords[3];
    MPI_Dims_create(np, 3, dims);
    MPI_Comm cart;
    MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 0, &cart);
    MPI_Cart_coords(cart, rank, 3, coords);
    hsize_t lo[3], ls[3];
    for (int d = 0; d < 3; d++) {
        hsize_t b = (g[d] + dims[d] - 1) / dims[d];
        lo[d] = coords[d] * b < g[d] ? coords[d] * b : g[d];
        ls[d] = lo[d] + b < g[d] ? b : g[d] - lo[d];
    }
    size_t n = ls[0] * ls[1] * ls[2];
    int *buf = malloc(n > 0 ? n * sizeof(int) : 1);
    size_t k = 0;
    for (hsize_t i = 0; i < ls[0]; i++)
        for (hsize_t j = 0; j < ls[1]; j++)
            for (hsize_t l = 0; l < ls[2]; l++, k++) buf[k] = (int) (((lo[0] + i) * g[1] + lo[1] + j) * g[2] + lo[2] + l);

    hid_t dxpl = H5Pcreate(H5P_DATASET_XFER);
    CHECK(H5Pset_dxpl_mpio(dxpl, H5FD_MPIO_COLLECTIVE));
    hid_t mspace = H5Screate_simple(3, ls, NULL);

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    hid_t f = open_file(path, 1);
    hid_t fspace = H5Screate_simple(3, g, NULL);
    hid_t d = H5Dcreate2(f, "/data", H5T_NATIVE_INT, fspace, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    CHECK(d);
    CHECK(H5Sselect_hyperslab(fspace, H5S_SELECT_SET, lo, NULL, ls, NULL));
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
    double tw = MPI_Wtime() - t0;

    memset(buf, 0xff, n * sizeof(int));
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    f = open_file(path, 0);
    d = H5Dopen2(f, "/data", H5P_DEFAULT);
    CHECK(d);
    fspace = H5Dget_space(d);
    CHECK(H5Sselect_hyperslab(fspace, H5S_SELECT_SET, lo, NULL, ls, NULL));
    CHECK(H5Dread(d, H5T_NATIVE_INT, mspace, fspace, dxpl, buf));
    H5Dclose(d);
    H5Sclose(fspace);
    CHECK(H5Fclose(f));
    MPI_Barrier(MPI_COMM_WORLD);
    double tr = MPI_Wtime() - t0;

    long long errors = 0;
    k = 0;
    for (hsize_t i = 0; i < ls[0]; i++)
        for (hsize_t j = 0; j < ls[1]; j++)
            for (hsize_t l = 0; l < ls[2]; l++, k++)
                if (buf[k] != (int) (((lo[0] + i) * g[1] + lo[1] + j) * g[2] + lo[2] + l)) errors++;
    long long all = 0;
    MPI_Reduce(&errors, &all, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("{\"peer\":\"c-phdf5\",\"np\":%d,\"dims\":[%llu,%llu,%llu],\"bytes\":%llu,\"write_s\":%.6f,\"read_s\":%.6f,\"errors\":%lld}\n", np,
               (unsigned long long) g[0], (unsigned long long) g[1], (unsigned long long) g[2],
               (unsigned long long) (g[0] * g[1] * g[2] * sizeof(int)), tw, tr, all);
    H5Sclose(mspace);
    H5Pclose(dxpl);
    free(buf);
    MPI_Comm_free(&cart);
    MPI_Finalize();
    return all != 0 && rank == 0;
}
