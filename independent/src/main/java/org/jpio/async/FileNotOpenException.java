package org.jpio.async;

import org.jpio.io.FileClosedException;

/**
 * An operation on an {@link AsyncFile} after {@link AsyncFile#close()} was called (the seed's name): a
 * {@link FileClosedException}, as every tier throws for a closed file.
 */
public class FileNotOpenException extends FileClosedException {
    private static final long serialVersionUID = 1L;

    public FileNotOpenException(String message) { super(message); }
}
