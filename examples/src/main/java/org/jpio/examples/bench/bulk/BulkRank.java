package org.jpio.examples.bench.bulk;

import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.jpio.examples.bench.RankWorker;

/**
 * One rank of {@code bench bulk}: owns its block of the global int array and moves it with one
 * {@link Approach}. Each round writes different values (the salt), so a read that returns the previous
 * round's file, or nothing, fails verification. A "write-sync" phase ends with fdatasync of the file, so the
 * phase's time is the time until the rank's data is durable.
 */
final class BulkRank implements RankWorker {
    private final Approach approach;
    private final Path file;
    private final Block block;
    private final int[] data;
    private boolean writing;
    private boolean sync;
    private int salt;

    BulkRank(Approach approach, Path file, long bytes, int procs, int rank) {
        this.approach = approach;
        this.file = file;
        this.block = Block.of(bytes, procs, rank);
        this.data = new int[block.count()];
    }

    @Override
    public void set(String op, int salt) {
        this.writing = op.startsWith("write");
        this.sync = op.equals("write-sync");
        this.salt = salt;
        if (writing) {
            for (int i = 0; i < data.length; i++) data[i] = Block.value(block.first() + i, salt);
            approach.prepareWrite(data);
        } else {
            for (int i = 0; i < data.length; i++) data[i] = ~Block.value(block.first() + i, salt); // wrong until read
            approach.prepareRead(data);
        }
    }

    @Override
    public void go() throws Exception {
        if (writing) {
            approach.write(file, block.offset(), data);
            // durable: the same fdatasync for every approach (and in C), whatever the approach opened the file with
            if (sync) try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
                c.force(false);
            }
        } else {
            approach.read(file, block.offset(), data);
        }
    }

    @Override
    public long check() {
        if (writing) return 0;
        approach.afterRead(data);
        long wrong = 0;
        for (int i = 0; i < data.length; i++) if (data[i] != Block.value(block.first() + i, salt)) wrong++;
        return wrong;
    }
}
