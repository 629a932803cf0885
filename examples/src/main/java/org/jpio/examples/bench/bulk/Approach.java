package org.jpio.examples.bench.bulk;

import java.io.IOException;
import java.nio.file.Path;

/**
 * One way of writing and reading a rank's block of the shared int array: one row of the benchmark. An
 * instance belongs to one rank and may keep buffers between the untimed {@code prepare*}/{@link #afterRead}
 * steps and the timed {@link #write}/{@link #read}. Both timed calls open and close the file themselves, as
 * a program using the approach would.
 */
public interface Approach {
    /** Called untimed before {@link #write}, after {@code data} has been filled. */
    default void prepareWrite(int[] data) { }

    /** Called untimed before {@link #read}, after {@code data} has been cleared. */
    default void prepareRead(int[] data) { }

    /** Writes {@code data} at byte {@code offset} of the shared file. */
    void write(Path file, long offset, int[] data) throws IOException;

    /** Reads {@code data.length} ints at byte {@code offset}, into {@code data} or the approach's own buffer. */
    void read(Path file, long offset, int[] data) throws IOException;

    /** Called untimed after {@link #read}: leaves the values read in {@code data} for verification. */
    default void afterRead(int[] data) { }
}
