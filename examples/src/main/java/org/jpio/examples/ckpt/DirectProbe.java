package org.jpio.examples.ckpt;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.jpio.comm.Comm;

/**
 * Whether the O_DIRECT rows of {@code bench ckpt} can run: collective; rank 0 writes one aligned block with
 * O_DIRECT into the checkpoints' directory (tmpfs and some others refuse the flag) and tells every rank.
 */
final class DirectProbe {
    private DirectProbe() { }

    /** Null when O_DIRECT writes work in {@code dir}; else why the rows are left out (also for {@code --direct-write off}). */
    static String why(Comm comm, Path dir, String mode) {
        if (mode.equals("off")) return "--direct-write off";
        String why = null;
        if (comm.rank() == 0) why = probe(dir);
        byte[] b = comm.bcastBytes(comm.rank() == 0 ? (why == null ? "" : why).getBytes(StandardCharsets.UTF_8) : null, 0);
        return b.length == 0 ? null : new String(b, StandardCharsets.UTF_8);
    }

    private static String probe(Path dir) {
        Path p = dir.resolve(".direct-probe");
        try {
            Files.createDirectories(dir);
            try (FileChannel ch = FileChannel.open(p, StandardOpenOption.CREATE, StandardOpenOption.WRITE, com.sun.nio.file.ExtendedOpenOption.DIRECT)) {
                int block = (int) Files.getFileStore(dir).getBlockSize();
                ByteBuffer b = ByteBuffer.allocateDirect(2 * block).alignedSlice(block);
                b.limit(block);
                ch.write(b, 0);
            }
            return null;
        } catch (IOException | UnsupportedOperationException e) {
            return "the file system of " + dir + " refused an O_DIRECT write: " + e;
        } finally {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                // the benchmark removes its directory at the end
            }
        }
    }
}
