/*
 * jpio's MPI bridge, shared by every C file of libjpiompi.so (the communicator bridge comm.c and the ROMIO
 * backend). Java holds communicators as the Fortran handle (MPI_Fint, from MPI_Comm_c2f) in a jlong:
 * it is an integer under every MPI (the C handle is a pointer in Open MPI, an int in MPICH), so one Java
 * type carries it and MPI_Comm_f2c turns it back into the C handle.
 */
#ifndef JPIO_COMM_H
#define JPIO_COMM_H

#include <jni.h>
#include <mpi.h>

/* The C communicator of a handle from org.jpio.comm.MpiComm.handle(). */
static inline MPI_Comm jpio_comm(jlong handle) { return MPI_Comm_f2c((MPI_Fint) handle); }

/*
 * Throws org.jpio.comm.MpiException "<op> failed: <context> error=<code> (<MPI_Error_string>)"; context is
 * the caller's key=value list (may be empty). Call it only after every pinned array is released.
 */
void jpio_throw_mpi(JNIEnv *env, int rc, const char *op, const char *context);

/* Frees the shared-file-pointer windows still alive (counter.c); collective, called before MPI_Finalize. */
void jpio_free_counters(void);

/* MPI_Get_library_version's first line ("MPICH Version: 4.0.2", "Open MPI v4.1.4, ..."); callable before MPI_Init. */
jstring jpio_mpi_library_version(JNIEnv *env);

#endif
