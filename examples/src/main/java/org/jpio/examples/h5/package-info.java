/**
 * {@code jpio bench h5}: the coll_perf array written and read as an HDF5 dataset through jpio, side by side
 * in the same rounds with jpio writing it as RAW, C parallel HDF5 (a collective H5Dwrite of each process's
 * hyperslab, making the file anew or writing the old file's dataset again) under the same mpirun options,
 * and h5py writing it from one process.
 */
package org.jpio.examples.h5;
