package org.jpio.checkpoint;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The file-system steps a commit is made of, each durable before the next: a new file written and
 * fdatasync'd, a directory fsync'd after entries in it were created or renamed (without that, a crash
 * may forget a rename the data already depended on), a tree removed.
 */
final class Durable {
    private Durable() { }

    /** Creates {@code file} (it must not exist) with {@code bytes} and makes its data durable (fdatasync). */
    static void write(Path file, byte[] bytes) throws IOException {
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            while (b.hasRemaining()) c.write(b);
            c.force(false);
        }
    }

    /** fsync of a directory: its entries (created, renamed, removed) survive a crash. */
    static void syncDirectory(Path dir) throws IOException {
        try (FileChannel c = FileChannel.open(dir, StandardOpenOption.READ)) {
            c.force(true);
        }
    }

    /** Removes {@code root} and everything under it (symbolic links themselves, never what they point to). */
    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) return;
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null) throw e;
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
