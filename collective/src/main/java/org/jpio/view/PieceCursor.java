package org.jpio.view;

/**
 * Lazy pieces of an access: each is a contiguous file range ({@link #fileOffset()}, {@link #length()})
 * and where its bytes sit in the user's buffer ({@link #memoryOffset()}, bytes from the start of the
 * access, the buffer being contiguous in view order). Single-use, not thread-safe.
 */
public interface PieceCursor {
    boolean next();
    long fileOffset();
    long length();
    long memoryOffset();
}
