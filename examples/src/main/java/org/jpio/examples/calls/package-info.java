/**
 * {@code jpio bench calls}: what one collective MPI-IO call costs (writeAtAll, readAtAll, writeAll/readAll
 * through a darray view, open+close), cold and warm, jpio on MPI processes and on in-JVM ranks beside ROMIO
 * in C ({@code mpi_calls}) under the same mpirun.
 */
package org.jpio.examples.calls;
