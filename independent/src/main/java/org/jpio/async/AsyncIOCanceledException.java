package org.jpio.async;

import java.io.IOException;

/** Thrown by the Done call that observes a request cancelled with {@link AsyncRequest#cancel()}. */
public class AsyncIOCanceledException extends IOException {
    private static final long serialVersionUID = 1L;

    public AsyncIOCanceledException(String message) { super(message); }
}
