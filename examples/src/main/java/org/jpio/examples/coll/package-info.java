/**
 * {@code jpio bench coll}: ROMIO's coll_perf pattern (a 3-D array distributed BLOCK in every dimension,
 * written and read collectively through a darray view) on jpio's collective backends, side by side with
 * the C MPI-IO program {@code mpi_coll_perf} on Open MPI's ROMIO and OMPIO.
 */
package org.jpio.examples.coll;
