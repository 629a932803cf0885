/**
 * {@code bench bulk}: the seed paper's experiment (Bonachea, Dickens and Thakur, "High-performance file I/O
 * in Java: existing approaches and bulk I/O extensions"). A block-distributed int[] is written to and read
 * from one shared file by P ranks with each of the paper's approaches ({@link org.jpio.examples.bench.bulk.Approach}),
 * with jpio's bulk tier, and with the C program {@code bulk_baseline} as the baseline.
 */
package org.jpio.examples.bench.bulk;
