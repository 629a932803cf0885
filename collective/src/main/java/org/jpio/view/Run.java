package org.jpio.view;

/** One contiguous byte run: {@code length} bytes from {@code offset}. */
public record Run(long offset, long length) {
    public Run {
        if (length < 0) throw new IllegalArgumentException("run length=" + length + " offset=" + offset);
    }

    /** One past the last byte. */
    public long end() { return offset + length; }
}
