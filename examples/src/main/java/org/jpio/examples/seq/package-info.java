/**
 * {@code jpio bench seq}: the DZone sequential I/O article's experiment (a file written and read back
 * byte by byte through each of Java's ways to move pages, for a file the page cache holds and one it does
 * not), with jpio's bulk and async paths and C beside them.
 */
package org.jpio.examples.seq;
