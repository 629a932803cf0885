package org.jpio.async;

import java.io.IOException;

/** An operation on an {@link AsyncFile} after {@link AsyncFile#close()} was called (the seed's name). */
public class FileNotOpenException extends IOException {
    private static final long serialVersionUID = 1L;

    public FileNotOpenException(String message) { super(message); }
}
