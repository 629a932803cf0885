/**
 * The seed's application: an external merge sort of a file of big-endian longs (sorted runs, then
 * merge passes) written with {@link org.jpio.async.AsyncFile} double buffering (Appendix A's three
 * buffers for the run pass), and the same program over blocking I/O libraries ({@link org.jpio.examples.sort.Variant}),
 * plus {@link org.jpio.examples.sort.SortBenchCommand}, the benchmark that compares them.
 */
package org.jpio.examples.sort;
