/**
 * The stripe layout of the file system holding a file: read it (stripe unit, stripe count, block size,
 * and where each number came from), and set it on a new empty file where the file system allows.
 *
 * <p>A {@link org.jpio.layout.LayoutProbe} speaks for one kind of file system (XFS, Lustre, GPFS, CephFS,
 * and the block device's I/O sizes for the rest); {@link org.jpio.layout.LayoutProbes} is the registry
 * that picks one by the file system's type. Probes reach the kernel through {@link org.jpio.layout.FsCalls}
 * (the JNI calls of {@code libjpio.so}, or {@link org.jpio.layout.FakeFsCalls} in tests): thin C, the
 * decisions here. A number that cannot be read is a {@link org.jpio.layout.Fact} marked unknown, with the
 * reason, never a guess.
 */
package org.jpio.layout;
