package org.jpio.engine;

import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Path;

/** Error messages in jpio's one style: what failed, then key=value context. */
public final class IoErrors {
    private IoErrors() { }

    /** "op failed: path=... offset=... length=...: cause". */
    public static String context(String op, Path path, long offset, long length) {
        return op + " path=" + path + " offset=" + offset + " length=" + length;
    }

    /** Wraps an exception from the OS with the operation's context, keeping EOF as EOF. */
    public static IOException wrap(IOException e, String op, Path path, long offset, long length) {
        String cause = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        String msg = (noSpace(cause) ? op + " failed: no space left: " : "") + context(op, path, offset, length) + ": " + cause;
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

    public static EOFException eof(String op, Path path, long offset, long length, long size) {
        return new EOFException("read past end of file: " + context(op, path, offset, length) + " size=" + size);
    }
}
