/**
 * How ranks talk: the {@link org.jpio.comm.Comm} seam and its implementations.
 *
 * <ul>
 * <li>{@link org.jpio.comm.LocalComm}: ranks are threads of one JVM; collectives copy straight from the
 *     senders' arrays into the receivers' ({@code System.arraycopy}), with no serialisation.</li>
 * <li>{@link org.jpio.comm.SelfComm}: one rank, no peers.</li>
 * <li>{@link org.jpio.comm.MpiComm}: MPI processes through jpio's own JNI bridge ({@code libjpiompi.so}).</li>
 * </ul>
 * {@link org.jpio.comm.SharedMemory}: memory every rank addresses directly ({@link org.jpio.comm.Comm#shared}),
 * where two-phase I/O keeps its aggregators' cycle buffers when all ranks run on one host.
 * {@link org.jpio.comm.Comm#world()} picks MPI when the JVM was started by mpirun/mpiexec, else one rank.
 */
package org.jpio.comm;
