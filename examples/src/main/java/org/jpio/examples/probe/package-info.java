/**
 * {@code jpio bench tuning} (Xu and Guo's Java I/O tuning strategies) and {@code jpio bench jvm-io}
 * (Burnett and Jindal's Java vs C study): small programs, each in Java and in C ({@code io_probe.c}), some
 * through JNI ({@code jni_probe.c}), run side by side and reported per byte or per call, with the
 * ratio of Java's time to C's.
 */
package org.jpio.examples.probe;
