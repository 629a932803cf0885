/**
 * How ranks talk: the {@link org.jpio.comm.Comm} seam (MPI's communicator cut down to what parallel I/O
 * needs), the argument checks every implementation shares ({@link org.jpio.comm.Args}), collective error
 * agreement ({@link org.jpio.comm.Comm#agree}) and memory all ranks address ({@link org.jpio.comm.SharedMemory}).
 * The implementations live by kind: ranks as threads of one JVM in {@code org.jpio.comm.local}, MPI
 * processes in {@code org.jpio.comm.mpi}. {@link org.jpio.comm.Comm#world()} picks MPI when the JVM was
 * started by mpirun/mpiexec, else one rank.
 */
package org.jpio.comm;
