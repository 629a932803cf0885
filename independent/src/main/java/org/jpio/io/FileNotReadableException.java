package org.jpio.io;

import java.nio.channels.NonReadableChannelException;

/**
 * A read from a file opened without read access, in every tier: the JDK's
 * {@link NonReadableChannelException} (unchecked, as a FileChannel opened for writing throws it) with a
 * message naming the operation, file and access mode.
 */
public class FileNotReadableException extends NonReadableChannelException {
    private static final long serialVersionUID = 1L;
    private final String message;

    public FileNotReadableException(String message) { this.message = message; }

    /** {@code op} at a byte position and length on {@code path}, opened in {@code mode} (without read access). */
    public static FileNotReadableException of(String op, Object path, long position, long length, Object mode) {
        return new FileNotReadableException("file not opened for reading: op=" + op + " path=" + path + " offset=" + position
                + " length=" + length + " mode=" + mode);
    }

    @Override public String getMessage() { return message; }
}
