/**
 * Element types shared by every tier: the eight primitives as one table ({@link org.jpio.io.ElementType}).
 */
package org.jpio.io;
