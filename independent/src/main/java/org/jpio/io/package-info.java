/**
 * What every tier shares: the eight primitives as one table ({@link org.jpio.io.ElementType}) and the
 * exceptions for a closed file and a wrong access mode, which follow the JDK's channel exceptions
 * ({@link org.jpio.io.FileClosedException}, {@link org.jpio.io.FileNotWritableException},
 * {@link org.jpio.io.FileNotReadableException}).
 */
package org.jpio.io;
