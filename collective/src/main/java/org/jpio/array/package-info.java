/**
 * Block-distributed N-d arrays for most users: a {@link org.jpio.array.DistributedArray} is a global
 * array split over the ranks of a {@link org.jpio.comm.Comm} (MPI_Type_create_darray's BLOCK, CYCLIC(k)
 * and NONE per dimension, on a process grid from MPI_Dims_create by default), with each rank's local
 * block as a flat C-order primitive array, optional ghost cells, and collective {@code write}/{@code read}
 * of RAW (MPI native layout) and numpy {@code .npy} files through {@link org.jpio.parallel.ParallelFile}'s
 * two-phase I/O. Files written by N ranks read back on M ranks in any distribution.
 */
package org.jpio.array;
