/**
 * numpy's {@code .npy} format: {@link org.jpio.npy.NpyHeader} is its descriptor (spec in docs/FORMATS.md),
 * {@link org.jpio.npy.NpyFile} reads and writes whole arrays from one process.
 */
package org.jpio.npy;
