/**
 * Asynchronous bulk file I/O after Bonachea's Titanium {@code AsyncFile}: non-blocking reads and writes
 * of primitive arrays and ByteBuffers that return {@link org.jpio.async.AsyncRequest} handles, so a
 * program overlaps disk time with computation (double buffering).
 *
 * <p>{@link org.jpio.async.AsyncFile} validates, splits requests into pieces and tracks them;
 * {@link org.jpio.async.AsyncEngine} is the seam that moves the pieces: {@link org.jpio.async.PortableEngine}
 * (a bounded thread pool over the bulk tier's positional {@link org.jpio.engine.EngineFile}) and
 * {@link org.jpio.async.UringEngine} (Linux io_uring through libjpiouring). {@link org.jpio.async.AsyncEngines}
 * is the registry. See docs/ASYNC.md.
 */
package org.jpio.async;
