package org.jpio.examples.seq;

import java.io.IOException;
import java.nio.file.Path;

/**
 * One row of {@code bench seq}: a way of writing a file sequentially over its preallocated extent and
 * reading it back, byte by byte through a buffer, timed from open to close. A durable write ends with
 * the data on the device (fdatasync, and msync for a mapping), inside the timed region.
 */
interface SeqCase {
    /** What one timed pass took and the checksum it computed over the bytes ({@link Pattern}). */
    record Timed(double seconds, long checksum) { }

    String name();

    String description();

    /** A C peer (the ratio baseline is the C row {@code c-page}). */
    default boolean isC() { return false; }

    /** Why the row cannot run here, or null. */
    default String unavailable() { return null; }

    Timed write(Path file, long size, int salt, boolean durable) throws IOException;

    Timed read(Path file, long size) throws IOException;

    /** A Java row: its passes return their checksum and are timed here, in this JVM, from open to close. */
    abstract class Java implements SeqCase {
        private final String name, description;

        Java(String name, String description) {
            this.name = name;
            this.description = description;
        }

        @Override public final String name() { return name; }

        @Override public final String description() { return description; }

        /** Writes the pattern of round {@code salt} over the file from open to close; returns its checksum. */
        abstract long writeBytes(Path file, long size, int salt, boolean durable) throws IOException;

        /** Reads the file back from open to close; returns the checksum of what it read. */
        abstract long readBytes(Path file, long size) throws IOException;

        @Override
        public final Timed write(Path file, long size, int salt, boolean durable) throws IOException {
            long t0 = System.nanoTime();
            long sum = writeBytes(file, size, salt, durable);
            return new Timed((System.nanoTime() - t0) / 1e9, sum);
        }

        @Override
        public final Timed read(Path file, long size) throws IOException {
            long t0 = System.nanoTime();
            long sum = readBytes(file, size);
            return new Timed((System.nanoTime() - t0) / 1e9, sum);
        }
    }
}
