package org.jpio.io;

import java.nio.channels.ClosedChannelException;

/**
 * An operation on a file of any tier (ArrayFile, AsyncFile, ParallelFile) after it was closed: the JDK's
 * {@link ClosedChannelException}, which carries no message, with one that names the operation and file
 * (op=, path=, and where known offset=, length=, rank=).
 */
public class FileClosedException extends ClosedChannelException {
    private static final long serialVersionUID = 1L;
    private final String message;

    public FileClosedException(String message) { this.message = message; }

    /** "file is closed: op=OP path=PATH offset=POSITION length=LENGTH", jpio's one wording. */
    public static String message(String op, Object path, long position, long length) {
        return "file is closed: op=" + op + " path=" + path + " offset=" + position + " length=" + length;
    }

    /** The exception for {@code op} on the closed file {@code path} at a byte position and length. */
    public static FileClosedException of(String op, Object path, long position, long length) {
        return new FileClosedException(message(op, path, position, length));
    }

    @Override public String getMessage() { return message; }
}
