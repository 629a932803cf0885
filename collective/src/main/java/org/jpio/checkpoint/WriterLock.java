package org.jpio.checkpoint;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * One writer per checkpoint directory: an OS record lock (fcntl) on {@code .jpio-ckpt.lock}, held by the
 * writing store's rank 0 (or a CLI command that removes checkpoints) for as long as it writes. The OS drops
 * it when the process dies, kill -9 included, so whoever holds it knows that every partial checkpoint in the
 * directory was left by a writer that is gone, and removes them. The file names the holder (host, pid) for
 * the error a second writer gets; it is private to the user (0600).
 */
final class WriterLock implements AutoCloseable {
    static final String FILE = ".jpio-ckpt.lock";
    /**
     * Lock files this JVM holds: checked before a second channel is opened on one, because closing any
     * channel of a file can drop the process's fcntl locks on it.
     */
    private static final java.util.Set<Path> HELD = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private WriterLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the lock of {@code dir}; an IOException naming the holder when another writer has it. */
    static WriterLock acquire(Path dir, String host) throws IOException {
        Path file = dir.resolve(FILE).toAbsolutePath().normalize();
        if (!HELD.add(file))
            throw new IOException("checkpoint directory is already being written by a store of this process: dir=" + dir + " pid="
                    + ProcessHandle.current().pid());
        try {
            return lock(dir, file, host);
        } catch (IOException | RuntimeException e) {
            HELD.remove(file);
            throw e;
        }
    }

    private static WriterLock lock(Path dir, Path file, String host) throws IOException {
        if (!Files.exists(file)) {
            try {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (java.nio.file.FileAlreadyExistsException raced) {
                // another writer created it first: the lock below decides
            }
        }
        FileChannel c = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileLock l;
        try {
            l = c.tryLock();
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e;
        }
        if (l == null) {
            String holder = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).trim();
            c.close();
            throw new IOException("checkpoint directory is being written by another process: dir=" + dir + " holder=" + holder
                    + " (one writer per directory; the lock is " + file + ")");
        }
        c.truncate(0);
        c.write(ByteBuffer.wrap(("host=" + host + " pid=" + ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.UTF_8)), 0);
        return new WriterLock(file, c, l);
    }

    @Override public void close() throws IOException {
        try {
            lock.release();
        } finally {
            channel.close();
            HELD.remove(file);
        }
    }
}
