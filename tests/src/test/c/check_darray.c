/*
 * check_darray: an independent MPI-IO reader that checks every element of a file holding one global
 * array, the file a jpio backend (RomioFile, two-phase) wrote. Plain C and MPI only, no jpio code.
 *
 *   mpirun -np P check_darray PATH GSIZES TYPE ORDER [DISTRIB] [DISP]
 *     GSIZES   comma-separated global sizes, e.g. 64,64,64
 *     TYPE     boolean|byte|char|short|int|long|float|double (Java's primitives, native byte order)
 *     ORDER    C (last index fastest) or F (first index fastest)
 *     DISTRIB  block (default) or cyclic: MPI_DISTRIBUTE_BLOCK/CYCLIC with default dargs in every
 *              dimension, on the process grid MPI_Dims_create(P) gives
 *     DISP     bytes before the array (a header), default 0
 *
 * Expected value of the element with global linear index i (in ORDER) is i converted to TYPE as Java
 * casts it: (byte) i, (char) i, (short) i, (int) i, (long) i, (float) i, (double) i, and i % 2 != 0 for
 * boolean (stored as one byte 0/1).
 *
 * Two checks: (1) every rank reads its darray piece collectively through MPI_Type_create_darray and
 * MPI_File_read_all, and compares each element with the index it computes by hand from the HPF block /
 * cyclic rules; (2) rank 0 reads the whole file independently and checks its size and every element.
 * Prints "check_darray: OK ..." on rank 0 and exits 0, or prints the first mismatches and exits 1.
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXD 8

struct type { const char *name; MPI_Datatype mpi; int size; };

static int parse_type(const char *s, struct type *t) {
    const struct type T[] = {
        {"boolean", MPI_BYTE, 1}, {"byte", MPI_BYTE, 1}, {"char", MPI_UINT16_T, 2}, {"short", MPI_INT16_T, 2},
        {"int", MPI_INT32_T, 4}, {"long", MPI_INT64_T, 8}, {"float", MPI_FLOAT, 4}, {"double", MPI_DOUBLE, 8},
    };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++)
        if (strcmp(s, T[i].name) == 0) { *t = T[i]; return 0; }
    return -1;
}

/* Does the element at p equal global index i converted as Java does? */
static int matches(const struct type *t, const char *p, long long i) {
    switch (t->name[0]) {
    case 'b': if (t->name[1] == 'o') return *(const uint8_t *) p == (uint8_t) (i % 2 != 0);
              return *(const int8_t *) p == (int8_t) i;
    case 'c': { uint16_t v; memcpy(&v, p, 2); return v == (uint16_t) i; }
    case 's': { int16_t v; memcpy(&v, p, 2); return v == (int16_t) i; }
    case 'i': { int32_t v; memcpy(&v, p, 4); return v == (int32_t) i; }
    case 'l': { int64_t v; memcpy(&v, p, 8); return v == (int64_t) i; }
    case 'f': { float v; memcpy(&v, p, 4); return v == (float) i; }
    case 'd': { double v; memcpy(&v, p, 8); return v == (double) i; }
    }
    return 0;
}

static double value_of(const struct type *t, const char *p) {
    switch (t->name[0]) {
    case 'b': return t->name[1] == 'o' ? *(const uint8_t *) p : *(const int8_t *) p;
    case 'c': { uint16_t v; memcpy(&v, p, 2); return v; }
    case 's': { int16_t v; memcpy(&v, p, 2); return v; }
    case 'i': { int32_t v; memcpy(&v, p, 4); return v; }
    case 'l': { int64_t v; memcpy(&v, p, 8); return (double) v; }
    case 'f': { float v; memcpy(&v, p, 4); return v; }
    default:  { double v; memcpy(&v, p, 8); return v; }
    }
}

/* Global indices this process owns in one dimension, in increasing order (HPF rules, default darg). */
static int owned(int g, int p, int c, int cyclic, int *out) {
    int n = 0;
    if (cyclic) {
        for (int x = c; x < g; x += p) out[n++] = x;
    } else {
        int b = (g + p - 1) / p;
        for (int x = c * b; x < g && x < (c + 1) * b; x++) out[n++] = x;
    }
    return n;
}

static int report(int rank, const char *what, long long k, long long gi, double got) {
    fprintf(stderr, "check_darray: rank=%d %s element=%lld global_index=%lld value=%g\n", rank, what, k, gi, got);
    return 1;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    struct type t;
    if (argc < 5 || parse_type(argv[3], &t) != 0 || (argv[4][0] != 'C' && argv[4][0] != 'F')) {
        if (rank == 0) fprintf(stderr, "usage: check_darray PATH GSIZES TYPE C|F [block|cyclic] [DISP]\n");
        MPI_Finalize();
        return 2;
    }
    const char *path = argv[1];
    int fortran = argv[4][0] == 'F';
    int cyclic = argc > 5 && strcmp(argv[5], "cyclic") == 0;
    MPI_Offset disp = argc > 6 ? atoll(argv[6]) : 0;

    int nd = 0, gs[MAXD];
    for (char *s = strtok(argv[2], ","); s != NULL && nd < MAXD; s = strtok(NULL, ",")) gs[nd++] = atoi(s);
    int ps[MAXD] = {0}, coords[MAXD], dist[MAXD], darg[MAXD];
    MPI_Dims_create(np, nd, ps);
    for (int d = 0, r = rank; d < nd; d++) { /* process grid is row-major for both orders (MPI 4.14.4) */
        int below = 1;
        for (int e = d + 1; e < nd; e++) below *= ps[e];
        coords[d] = r / below;
        r %= below;
        dist[d] = cyclic ? MPI_DISTRIBUTE_CYCLIC : MPI_DISTRIBUTE_BLOCK;
        darg[d] = MPI_DISTRIBUTE_DFLT_DARG;
    }
    long long total = 1, local = 1;
    int *own[MAXD], nown[MAXD];
    for (int d = 0; d < nd; d++) {
        total *= gs[d];
        own[d] = malloc(sizeof(int) * (size_t) gs[d]);
        nown[d] = owned(gs[d], ps[d], coords[d], cyclic, own[d]);
        local *= nown[d];
    }

    MPI_File fh;
    int bad = 0;
    int rc = MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    if (rc != MPI_SUCCESS) {
        char s[MPI_MAX_ERROR_STRING]; int l;
        MPI_Error_string(rc, s, &l);
        fprintf(stderr, "check_darray: rank=%d open failed: path=%s (%s)\n", rank, path, s);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    /* (1) the darray piece, read collectively */
    MPI_Datatype ft;
    MPI_Type_create_darray(np, rank, nd, gs, dist, darg, ps, fortran ? MPI_ORDER_FORTRAN : MPI_ORDER_C, t.mpi, &ft);
    MPI_Type_commit(&ft);
    MPI_File_set_view(fh, disp, t.mpi, ft, "native", MPI_INFO_NULL);
    char *buf = malloc((size_t) (local > 0 ? local : 1) * (size_t) t.size);
    MPI_Status st;
    MPI_File_read_all(fh, buf, (int) local, t.mpi, &st);
    int idx[MAXD] = {0};
    for (long long k = 0; k < local; k++) {
        long long gi = 0; /* global linear index of local element k */
        if (fortran) for (int d = nd - 1; d >= 0; d--) gi = gi * gs[d] + own[d][idx[d]];
        else for (int d = 0; d < nd; d++) gi = gi * gs[d] + own[d][idx[d]];
        if (!matches(&t, buf + k * t.size, gi) && bad++ < 5) report(rank, "darray read", k, gi, value_of(&t, buf + k * t.size));
        /* next local index: the fastest dimension first (last for C, first for Fortran) */
        for (int j = 0; j < nd; j++) {
            int d = fortran ? j : nd - 1 - j;
            if (++idx[d] < nown[d]) break;
            idx[d] = 0;
        }
    }
    /* (2) the whole file, independently, on rank 0 */
    if (rank == 0) {
        MPI_Offset size;
        MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
        MPI_File_get_size(fh, &size);
        if (size != disp + total * t.size) {
            fprintf(stderr, "check_darray: size=%lld expected=%lld path=%s\n", (long long) size,
                    (long long) (disp + total * t.size), path);
            bad++;
        }
        char *all = malloc((size_t) total * (size_t) t.size);
        MPI_File_read_at(fh, disp, all, (int) (total * t.size), MPI_BYTE, &st);
        for (long long i = 0; i < total; i++)
            if (!matches(&t, all + i * t.size, i) && bad++ < 10) report(rank, "whole-file read", i, i, value_of(&t, all + i * t.size));
        free(all);
    } else {
        MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
    }
    MPI_File_close(&fh);
    MPI_Type_free(&ft);
    int anybad = 0;
    MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (anybad == 0)
            printf("check_darray: OK path=%s elements=%lld type=%s order=%c distrib=%s ranks=%d\n", path, total,
                   t.name, fortran ? 'F' : 'C', cyclic ? "cyclic" : "block", np);
        else
            printf("check_darray: FAILED path=%s mismatches=%d\n", path, anybad);
    }
    free(buf);
    for (int d = 0; d < nd; d++) free(own[d]);
    MPI_Finalize();
    return anybad == 0 ? 0 : 1;
}
