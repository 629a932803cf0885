package org.jpio.io;

import java.nio.channels.ClosedChannelException;

/**
 * An operation on a file of any tier (ArrayFile, AsyncFile, ParallelFile) after it was closed: the JDK's
 * {@link ClosedChannelException}, which carries no message, with one that names the operation and file
 * (op=, path=, and where known offset=, rank=).
 */
public class FileClosedException extends ClosedChannelException {
    private static final long serialVersionUID = 1L;
    private final String message;

    public FileClosedException(String message) { this.message = message; }

    @Override public String getMessage() { return message; }
}
