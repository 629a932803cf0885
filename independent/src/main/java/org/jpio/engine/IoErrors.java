package org.jpio.engine;

import java.io.EOFException;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.file.Path;
import org.jpio.io.FileClosedException;

/** Error messages in jpio's one style: what failed, then key=value context. */
public final class IoErrors {
    private IoErrors() { }

    /** "op path=... offset=... length=...": the operation and the byte range (offset= is the key for a position). */
    public static String context(String op, Path path, long position, long length) {
        return op + " path=" + path + " offset=" + position + " length=" + length;
    }

    /**
     * Wraps an exception from the OS with the operation's context, keeping EOF as EOF and a closed channel
     * (closed by close(), or by an interrupt) as {@link FileClosedException}.
     */
    public static IOException wrap(IOException e, String op, Path path, long position, long length) {
        String cause = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (e instanceof ClosedChannelException) {
            FileClosedException c = new FileClosedException(FileClosedException.message(op, path, position, length) + ": " + cause);
            c.initCause(e);
            return c;
        }
        String msg = (noSpace(cause) ? op + " failed: no space left: " : "") + context(op, path, position, length) + ": " + cause;
        IOException w = e instanceof EOFException ? new EOFException(msg) : new IOException(msg);
        w.initCause(e);
        return w;
    }

    /**
     * Whether the JDK's message is strerror of ENOSPC, EDQUOT or EFBIG (the JDK does not expose errno), so
     * a full disk reads the same from every engine: "no space left", as the native engine says it.
     */
    static boolean noSpace(String message) {
        return message.contains("No space left on device") || message.contains("Disk quota exceeded")
                || message.contains("File too large");
    }

    public static EOFException eof(String op, Path path, long position, long length, long size) {
        return new EOFException("read past end of file: " + context(op, path, position, length) + " size=" + size);
    }
}
