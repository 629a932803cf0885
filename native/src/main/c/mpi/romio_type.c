/*
 * MPI datatype construction for org.jpio.romio.RomioNative: one MPI constructor per native, from int
 * and long arrays. Java (RomioTypes) walks jpio's Datatype description and calls these bottom-up; it
 * also commits and frees. Handles and errors follow romio.h: a type's Fortran handle (>= 0) or -code.
 */
#include "romio.h"

#include <stdlib.h>


static jlong result(int rc, MPI_Datatype t) {
    return rc ? ROMIO_FAIL(rc) : ROMIO_H2J(MPI_Type_c2f(t));
}

/*
 * The eight Java primitives in org.jpio.io.ElementType's order. Fixed-width types where MPI has them,
 * so the sizes match Java's on every platform (RomioBackend checks them at load).
 * boolean is C's bool (one byte, 0 or 1, as the JVM stores a jboolean); char is a UTF-16 unit.
 */
JNIEXPORT jlong JNICALL ROMIO_JNI(elementType)(JNIEnv *env, jclass c, jint ordinal) {
    static MPI_Datatype T[8];
    T[0] = MPI_C_BOOL;   T[1] = MPI_BYTE;    T[2] = MPI_UINT16_T; T[3] = MPI_INT16_T;
    T[4] = MPI_INT32_T;  T[5] = MPI_INT64_T; T[6] = MPI_FLOAT;    T[7] = MPI_DOUBLE;
    return ordinal >= 0 && ordinal < 8 ? ROMIO_H2J(MPI_Type_c2f(T[ordinal])) : ROMIO_FAIL(MPI_ERR_TYPE);
}

/* MPI_BYTE: the unit of byte-addressed views and of raw ByteBuffer transfers. */
JNIEXPORT jlong JNICALL ROMIO_JNI(byteType)(JNIEnv *env, jclass c) {
    return ROMIO_H2J(MPI_Type_c2f(MPI_BYTE));
}

JNIEXPORT jlong JNICALL ROMIO_JNI(typeContiguous)(JNIEnv *env, jclass c, jint count, jlong old) {
    MPI_Datatype t;
    int rc = MPI_Type_contiguous(count, romio_type(old), &t);
    return result(rc, t);
}

JNIEXPORT jlong JNICALL ROMIO_JNI(typeVector)(JNIEnv *env, jclass c, jint count, jint blocklen,
                                              jint stride, jlong old) {
    MPI_Datatype t;
    int rc = MPI_Type_vector(count, blocklen, stride, romio_type(old), &t);
    return result(rc, t);
}

JNIEXPORT jlong JNICALL ROMIO_JNI(typeHvector)(JNIEnv *env, jclass c, jint count, jint blocklen,
                                               jlong strideBytes, jlong old) {
    MPI_Datatype t;
    int rc = MPI_Type_create_hvector(count, blocklen, (MPI_Aint) strideBytes, romio_type(old), &t);
    return result(rc, t);
}

JNIEXPORT jlong JNICALL ROMIO_JNI(typeIndexed)(JNIEnv *env, jclass c, jintArray blocklens,
                                               jintArray displs, jlong old) {
    int n, m;
    int *b = romio_ints(env, blocklens, &n);
    int *d = b == NULL ? NULL : romio_ints(env, displs, &m);
    jlong r = 0;
    if (d != NULL) {
        MPI_Datatype t;
        int rc = MPI_Type_indexed(n, b, d, romio_type(old), &t);
        r = result(rc, t);
    }
    free(b);
    free(d);
    return r;
}

/* Displacements in bytes, as jlong; copied into MPI_Aint (the same width on LP64, not guaranteed). */
JNIEXPORT jlong JNICALL ROMIO_JNI(typeHindexed)(JNIEnv *env, jclass c, jintArray blocklens,
                                                jlongArray displs, jlong old) {
    int n;
    int *b = romio_ints(env, blocklens, &n);
    if (b == NULL) return 0;
    MPI_Aint *d = malloc(sizeof(MPI_Aint) * (size_t) (n > 0 ? n : 1));
    jlong *j = malloc(sizeof(jlong) * (size_t) (n > 0 ? n : 1));
    jlong r = 0;
    if (d == NULL || j == NULL) {
        jpio_throw(env, "java/lang/OutOfMemoryError", "romio: %d displacements", n);
    } else {
        if (n > 0) (*env)->GetLongArrayRegion(env, displs, 0, n, j);
        for (int i = 0; i < n; i++) d[i] = (MPI_Aint) j[i];
        MPI_Datatype t;
        int rc = MPI_Type_create_hindexed(n, b, d, romio_type(old), &t);
        r = result(rc, t);
    }
    free(b);
    free(d);
    free(j);
    return r;
}

JNIEXPORT jlong JNICALL ROMIO_JNI(typeSubarray)(JNIEnv *env, jclass c, jintArray sizes,
                                                jintArray subsizes, jintArray starts,
                                                jboolean fortranOrder, jlong old) {
    int n, m, k;
    int *sz = romio_ints(env, sizes, &n);
    int *sub = sz == NULL ? NULL : romio_ints(env, subsizes, &m);
    int *st = sub == NULL ? NULL : romio_ints(env, starts, &k);
    jlong r = 0;
    if (st != NULL) {
        MPI_Datatype t;
        int rc = MPI_Type_create_subarray(n, sz, sub, st, fortranOrder ? MPI_ORDER_FORTRAN : MPI_ORDER_C,
                                          romio_type(old), &t);
        r = result(rc, t);
    }
    free(sz);
    free(sub);
    free(st);
    return r;
}

/*
 * distribs: 0 = MPI_DISTRIBUTE_NONE, 1 = MPI_DISTRIBUTE_BLOCK, 2 = MPI_DISTRIBUTE_CYCLIC;
 * a darg below 0 means MPI_DISTRIBUTE_DFLT_DARG. Java chooses, C only maps to the library's constants.
 */
JNIEXPORT jlong JNICALL ROMIO_JNI(typeDarray)(JNIEnv *env, jclass c, jint size, jint rank,
                                              jintArray gsizes, jintArray distribs, jintArray dargs,
                                              jintArray psizes, jboolean fortranOrder, jlong old) {
    static const int D[] = {MPI_DISTRIBUTE_NONE, MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC};
    int n, m, k, l;
    int *g = romio_ints(env, gsizes, &n);
    int *d = g == NULL ? NULL : romio_ints(env, distribs, &m);
    int *a = d == NULL ? NULL : romio_ints(env, dargs, &k);
    int *p = a == NULL ? NULL : romio_ints(env, psizes, &l);
    jlong r = 0;
    if (p != NULL) {
        for (int i = 0; i < n; i++) {
            d[i] = d[i] >= 0 && d[i] < 3 ? D[d[i]] : MPI_DISTRIBUTE_NONE;
            if (a[i] < 0) a[i] = MPI_DISTRIBUTE_DFLT_DARG;
        }
        MPI_Datatype t;
        int rc = MPI_Type_create_darray(size, rank, n, g, d, a, p,
                                        fortranOrder ? MPI_ORDER_FORTRAN : MPI_ORDER_C, romio_type(old), &t);
        r = result(rc, t);
    }
    free(g);
    free(d);
    free(a);
    free(p);
    return r;
}

JNIEXPORT jlong JNICALL ROMIO_JNI(typeResized)(JNIEnv *env, jclass c, jlong old, jlong lb, jlong extent) {
    MPI_Datatype t;
    int rc = MPI_Type_create_resized(romio_type(old), (MPI_Aint) lb, (MPI_Aint) extent, &t);
    return result(rc, t);
}

JNIEXPORT jint JNICALL ROMIO_JNI(typeCommit)(JNIEnv *env, jclass c, jlong h) {
    MPI_Datatype t = romio_type(h);
    return MPI_Type_commit(&t);
}

JNIEXPORT jint JNICALL ROMIO_JNI(typeFree)(JNIEnv *env, jclass c, jlong h) {
    MPI_Datatype t = romio_type(h);
    return MPI_Type_free(&t);
}

JNIEXPORT jlong JNICALL ROMIO_JNI(typeSize)(JNIEnv *env, jclass c, jlong h) {
#if MPI_VERSION >= 3
    MPI_Count n = 0;
    int rc = MPI_Type_size_x(romio_type(h), &n);
#else
    int n = 0;
    int rc = MPI_Type_size(romio_type(h), &n);
#endif
    return rc ? ROMIO_FAIL(rc) : (jlong) n;
}

/* Lower bound and extent in bytes into out[0], out[1]; returns the MPI error code. */
JNIEXPORT jint JNICALL ROMIO_JNI(typeExtent)(JNIEnv *env, jclass c, jlong h, jlongArray out) {
    MPI_Aint lb = 0, ext = 0;
    int rc = MPI_Type_get_extent(romio_type(h), &lb, &ext);
    jlong v[2] = {(jlong) lb, (jlong) ext};
    if (rc == MPI_SUCCESS) (*env)->SetLongArrayRegion(env, out, 0, 2, v);
    return rc;
}
