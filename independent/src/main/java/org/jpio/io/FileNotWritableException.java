package org.jpio.io;

import java.nio.channels.NonWritableChannelException;

/**
 * A write to a file opened without write access, in every tier: the JDK's
 * {@link NonWritableChannelException} (unchecked, as a FileChannel opened for reading throws it) with a
 * message naming the operation, file and access mode.
 */
public class FileNotWritableException extends NonWritableChannelException {
    private static final long serialVersionUID = 1L;
    private final String message;

    public FileNotWritableException(String message) { this.message = message; }

    /** {@code op} at a byte position and length on {@code path}, opened in {@code mode} (without write access). */
    public static FileNotWritableException of(String op, Object path, long position, long length, Object mode) {
        return new FileNotWritableException("file not opened for writing: op=" + op + " path=" + path + " offset=" + position
                + " length=" + length + " mode=" + mode);
    }

    @Override public String getMessage() { return message; }
}
