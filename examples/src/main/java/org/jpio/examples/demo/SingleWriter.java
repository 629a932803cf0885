package org.jpio.examples.demo;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * What one process gets writing the same bytes in one call, under the conditions of
 * {@code DistributedArray.write}'s default (replace): a new temporary file beside the target, one
 * FileChannel write of the whole buffer, the file forced to the device, renamed over the target, the
 * directory forced. The rate the demo and {@code bench array} print beside jpio's own.
 */
public final class SingleWriter {
    private SingleWriter() { }

    /** The doubles as bytes in native order, in a direct buffer (what a FileChannel writes without another copy). */
    public static ByteBuffer bytes(double[] values) {
        ByteBuffer b = ByteBuffer.allocateDirect(values.length * Double.BYTES).order(ByteOrder.nativeOrder());
        b.asDoubleBuffer().put(values);
        return b;
    }

    /** Seconds to write {@code data} (all of it, from position 0) as the new content of {@code target}. */
    public static double seconds(Path target, ByteBuffer data) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Path tmp = dir.resolve("." + target.getFileName() + ".single-writer-" + ProcessHandle.current().pid() + ".tmp");
        ByteBuffer b = data.duplicate().clear();
        long t0 = System.nanoTime();
        try (FileChannel c = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            while (b.hasRemaining()) c.write(b);
            c.force(true);
        } catch (IOException e) {
            Files.deleteIfExists(tmp);
            throw new IOException("single writer: path=" + tmp + " length=" + data.capacity() + ": " + e.getMessage(), e);
        }
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        }
        return (System.nanoTime() - t0) / 1e9;
    }
}
