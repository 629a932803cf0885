/**
 * MPI processes: {@link org.jpio.comm.mpi.MpiComm}, through jpio's own JNI bridge ({@code libjpiompi.so},
 * built with mpicc against the installed MPI).
 */
package org.jpio.comm.mpi;
