/**
 * MPI datatypes and file views as immutable Java values, without I/O or communication.
 *
 * <p>{@link org.jpio.view.Datatype} is a sealed family whose constructors keep MPI's parameters
 * (so the ROMIO backend can rebuild the same MPI datatype), with MPI's size, extent, lb and true extent,
 * and lazy flattening into contiguous byte runs ({@link org.jpio.view.RunCursor}): a view over a huge
 * array costs a few objects, never a list of its runs. {@link org.jpio.view.FileView} tiles a filetype
 * from a displacement as MPI_File_set_view does and maps view offsets to file runs and back.
 * {@link org.jpio.view.Dims} is MPI_Dims_create.
 */
package org.jpio.view;
