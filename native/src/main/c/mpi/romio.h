/*
 * The ROMIO backend's JNI bridge (org.jpio.romio.RomioNative): a thin layer over MPI-IO.
 *
 * Portability: every MPI object crosses JNI as its Fortran handle (MPI_Comm_c2f, MPI_File_c2f,
 * MPI_Type_c2f, MPI_Request_c2f, MPI_Info is never kept), zero-extended from 32 bits into a jlong,
 * so no pointer-sized handle (Open MPI) or int handle (MPICH) leaks into Java and the same source
 * compiles against either. Handles are therefore in [0, 2^32).
 *
 * Errors: a native that returns a jlong returns a handle or a count (>= 0) on success and -code on
 * failure, where code is the MPI error code (MPI_SUCCESS is 0, every error code is positive).
 * Java turns -code into an IOException with MPI_Error_string and its own context (op, path, offset,
 * rank): the decisions and messages live in Java, the C only calls MPI.
 */
#ifndef JPIO_ROMIO_H
#define JPIO_ROMIO_H

#include <jni.h>
#include <stdint.h>
#include <mpi.h>

#include "jpio_jni.h"

/* A Fortran handle as a non-negative jlong, and back. */
#define ROMIO_H2J(f) ((jlong)(uint32_t)(f))
#define ROMIO_J2H(j) ((MPI_Fint)(uint32_t)(j))

/* The C object behind a Java handle. */
static inline MPI_Datatype romio_type(jlong h) { return MPI_Type_f2c(ROMIO_J2H(h)); }
static inline MPI_File romio_file(jlong h) { return MPI_File_f2c(ROMIO_J2H(h)); }

/* The result of a failed call as the jlong the natives return. */
#define ROMIO_FAIL(rc) (-(jlong)(rc))

/* JNI name of a RomioNative method. */
#define ROMIO_JNI(name) Java_org_jpio_romio_RomioNative_##name

/* MPI-3.1 added the nonblocking collective file operations (MPI_File_iread_all and friends). */
#if MPI_VERSION > 3 || (MPI_VERSION == 3 && MPI_SUBVERSION >= 1)
#define ROMIO_HAVE_ICOLL 1
#else
#define ROMIO_HAVE_ICOLL 0
#endif

/* Returned by testRequest while the request is still in flight (never a count or -code). */
#define ROMIO_NOT_DONE ((jlong)INT64_MIN)

/*
 * Copies an int[] into a freshly malloc'ed int array (NULL with OutOfMemoryError pending, or when
 * the array is null, with *n = 0). The arrays are short (one entry per dimension or block), so a copy
 * keeps the JNI side simple and lets MPI constructors run outside any critical region.
 */
int *romio_ints(JNIEnv *env, jintArray a, int *n);

#endif
