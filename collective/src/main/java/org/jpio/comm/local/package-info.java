/**
 * Ranks as threads of one JVM: {@link org.jpio.comm.local.LocalComm} (collectives copy straight from the
 * senders' arrays into the receivers' with {@code System.arraycopy}, no serialisation) and
 * {@link org.jpio.comm.local.SelfComm} (one rank, MPI_COMM_SELF).
 */
package org.jpio.comm.local;
