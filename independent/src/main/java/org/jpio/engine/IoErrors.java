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
        String kind = tooLarge(cause) ? op + " failed: file too large (the file size limit, ulimit -f, is " + fileSizeLimit() + "): "
                : noSpace(cause) ? op + " failed: no space left: " : "";
        String msg = kind + context(op, path, position, length) + ": " + cause;
        String file = path == null ? null : path.toString();
        IOException w = e instanceof EOFException ? new EOFException(msg)
                : e instanceof java.nio.file.AccessDeniedException ? new java.nio.file.AccessDeniedException(file, null, msg)
                : e instanceof java.nio.file.NoSuchFileException ? new java.nio.file.NoSuchFileException(file, null, msg)
                : e instanceof java.nio.file.FileAlreadyExistsException ? new java.nio.file.FileAlreadyExistsException(file, null, msg)
                : new IOException(msg);
        w.initCause(e);
        return w;
    }

    /** The process's soft file size limit as /proc/self/limits gives it ("65536 bytes"), or "unknown". */
    static String fileSizeLimit() {
        try {
            for (String line : java.nio.file.Files.readAllLines(Path.of("/proc/self/limits"))) {
                if (!line.startsWith("Max file size")) continue;
                String soft = line.substring("Max file size".length()).trim().split("\\s+")[0];
                return soft.equals("unlimited") ? "unlimited" : soft + " bytes";
            }
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
        return "unknown";
    }

    /** Whether the JDK's message is strerror of EFBIG: the process's file size limit, not a full disk. */
    static boolean tooLarge(String message) { return message.contains("File too large"); }

    /**
     * Whether the JDK's message is strerror of ENOSPC or EDQUOT (the JDK does not expose errno), so a full
     * disk reads the same from every engine: "no space left", as the native engine says it.
     */
    static boolean noSpace(String message) {
        return message.contains("No space left on device") || message.contains("Disk quota exceeded");
    }

    public static EOFException eof(String op, Path path, long position, long length, long size) {
        return new EOFException("read past end of file: " + context(op, path, position, length) + " size=" + size);
    }
}
