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
        String msg = context(op, path, offset, length) + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        IOException w = e instanceof EOFException ? new EOFException(msg) : new IOException(msg);
        w.initCause(e);
        return w;
    }

    public static EOFException eof(String op, Path path, long offset, long length, long size) {
        return new EOFException("read past end of file: " + context(op, path, offset, length) + " size=" + size);
    }
}
