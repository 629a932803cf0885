/*
 * Prints the aggregators the MPI library's ROMIO chooses for a cb_config_list (and cb_nodes): rank 0
 * opens a file collectively with those hints, makes one collective write, and prints MPI_File_get_info's
 * cb_nodes and romio_aggregator_list. Used by AggregatorsRomioTest to compare jpio's choice with ROMIO's.
 *   mpirun -np N aggregators FILE LIST [CB_NODES]
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, x;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info info, got;
    MPI_Info_create(&info);
    MPI_Info_set(info, "cb_config_list", argv[2]);
    if (argc > 3) MPI_Info_set(info, "cb_nodes", argv[3]);
    MPI_File fh;
    if (MPI_File_open(MPI_COMM_WORLD, argv[1], MPI_MODE_CREATE | MPI_MODE_RDWR, info, &fh) != MPI_SUCCESS) {
        if (rank == 0) printf("open failed\n");
        MPI_Finalize();
        return 0;
    }
    x = rank;
    MPI_File_write_at_all(fh, (MPI_Offset) rank * 4, &x, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_get_info(fh, &got);
    if (rank == 0) {
        char v[MPI_MAX_INFO_VAL + 1];
        int flag;
        MPI_Info_get(got, "romio_aggregator_list", MPI_MAX_INFO_VAL, v, &flag);
        printf("aggregators=%s\n", flag ? v : "(not reported)");
    }
    MPI_File_close(&fh);
    MPI_Info_free(&got);
    MPI_Info_free(&info);
    MPI_Finalize();
    return 0;
}
