/**
 * MPI processes: {@link org.jpio.comm.mpi.MpiComm}, through jpio's own JNI bridge ({@code libjpiompi-<abi>.so}
 * for Open MPI or the MPICH ABI, picked at run time by {@link org.jpio.comm.mpi.MpiBridge}).
 */
package org.jpio.comm.mpi;
