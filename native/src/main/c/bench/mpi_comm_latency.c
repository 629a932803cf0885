/*
 * The C peer of `bin/jpio bench comm`: the time of one small blocking collective when every rank arrives
 * at once, which is what each call of jpio pays for its agreement and extent exchange. Per operation,
 * `rounds` batches of `calls` calls each; a batch's time is the slowest rank's, the result the fastest
 * batch, in microseconds per call. Prints one JSON line from rank 0:
 *   {"peer":"c","np":N,"barrier":U,"allreduce":U,"allgather":U,"bcast":U,"agree":U}
 * (agree: what jpio's Comm.agree costs when no rank failed, one allreduce of one int).
 * With a third argument, "nonblocking", it compares each blocking call with its nonblocking form waited
 * for with MPI_Test, alternating batches: the measurement behind jpio keeping blocking collectives on the
 * fast path and watching them from outside (docs/FAILURES.md).
 * Usage: mpirun -np N mpi_comm_latency CALLS ROUNDS [nonblocking]
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPS 5
static const char *names[OPS] = {"barrier", "allreduce", "allgather", "bcast", "agree"};

static void wait_for(MPI_Request *q) {
    int done = 0;
    while (!done) MPI_Test(q, &done, MPI_STATUS_IGNORE);
}

static void one(int op, int nonblocking, long *s, long *r, long *g, long *b, int *i, int *o) {
    MPI_Comm w = MPI_COMM_WORLD;
    MPI_Request q;
    switch (op) {
    case 0:
        if (nonblocking) { MPI_Ibarrier(w, &q); wait_for(&q); }
        else MPI_Barrier(w);
        break;
    case 1:
        if (nonblocking) { MPI_Iallreduce(s, r, 1, MPI_INT64_T, MPI_MAX, w, &q); wait_for(&q); }
        else MPI_Allreduce(s, r, 1, MPI_INT64_T, MPI_MAX, w);
        break;
    case 2:
        if (nonblocking) { MPI_Iallgather(s, 1, MPI_INT64_T, g, 1, MPI_INT64_T, w, &q); wait_for(&q); }
        else MPI_Allgather(s, 1, MPI_INT64_T, g, 1, MPI_INT64_T, w);
        break;
    case 3:
        if (nonblocking) { MPI_Ibcast(b, 4, MPI_INT64_T, 0, w, &q); wait_for(&q); }
        else MPI_Bcast(b, 4, MPI_INT64_T, 0, w);
        break;
    default:
        if (nonblocking) { MPI_Iallreduce(i, o, 1, MPI_INT32_T, MPI_MAX, w, &q); wait_for(&q); }
        else MPI_Allreduce(i, o, 1, MPI_INT32_T, MPI_MAX, w);
        break;
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (argc < 3) {
        if (rank == 0) fprintf(stderr, "usage: mpi_comm_latency CALLS ROUNDS [nonblocking]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int calls = atoi(argv[1]), rounds = atoi(argv[2]), compare = argc > 3 && strcmp(argv[3], "nonblocking") == 0;
    long s = rank, r = 0, b[4] = {0}, *g = calloc(np, sizeof(long));
    int i = 0, o = 0;
    double best[OPS][2];
    for (int op = 0; op < OPS; op++) best[op][0] = best[op][1] = 1e30;
    for (int round = 0; round < rounds; round++)
        for (int op = 0; op < OPS; op++)
            for (int nb = 0; nb <= compare; nb++) {
                MPI_Barrier(MPI_COMM_WORLD);
                double t0 = MPI_Wtime();
                for (int k = 0; k < calls; k++) one(op, nb, &s, &r, g, b, &i, &o);
                double t = (MPI_Wtime() - t0) / calls, slowest;
                MPI_Allreduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
                if (slowest < best[op][nb]) best[op][nb] = slowest;
            }
    if (rank == 0 && compare) {
        for (int op = 0; op < OPS; op++)
            printf("np=%d %-10s blocking %.3f us  nonblocking+MPI_Test %.3f us  ratio %.2f\n", np, names[op],
                   best[op][0] * 1e6, best[op][1] * 1e6, best[op][1] / best[op][0]);
    } else if (rank == 0) {
        printf("{\"peer\":\"c\",\"np\":%d", np);
        for (int op = 0; op < OPS; op++) printf(",\"%s\":%.3f", names[op], best[op][0] * 1e6);
        printf("}\n");
    }
    free(g);
    MPI_Finalize();
    return 0;
}
