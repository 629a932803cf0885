/**
 * The MPI-IO file of jpio: {@link org.jpio.parallel.ParallelFile} (collective open, file views,
 * independent and collective reads and writes, the individual file pointer, atomic mode) and
 * {@link org.jpio.parallel.Hints} (MPI_Info with ROMIO's keys and defaults). Collective operations go
 * through a backend: jpio's two-phase aggregation, independent I/O, or ROMIO through JNI.
 */
package org.jpio.parallel;
