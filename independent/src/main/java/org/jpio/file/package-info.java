/**
 * Positional array files: {@link org.jpio.file.ArrayFile} (thread-safe reads and writes of primitive arrays
 * at explicit byte positions, noncontiguous pieces with ROMIO-style data sieving, I/O counters, byte-range locks).
 */
package org.jpio.file;
