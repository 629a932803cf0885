package org.jpio.driver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Stream;
import org.jpio.comm.local.LocalComm;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ROMIO's {@code direct_write}/{@code direct_read} hints on jpio's drivers: each rank's file really has an
 * O_DIRECT descriptor while it is open (the kernel's own account, /proc/self/fdinfo), the bytes are those of a buffered
 * write whatever the alignment of each rank's range, and a bad value is refused.
 */
class DirectHintTest {
    /** O_DIRECT in fdinfo's octal flags on x86-64 and arm64 Linux. */
    private static final int O_DIRECT = 040000;
    private static final int PART = (1 << 20) + 100;     // each rank's range starts and ends off the 4 KiB grid

    @TempDir Path dir;

    @Test
    void directWriteOpensODirectAndWritesTheSameBytes() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fdinfo")), "needs Linux's /proc/self/fdinfo");
        String fs = Files.getFileStore(dir).type();
        assumeTrue(List.of("ext4", "xfs", "btrfs").contains(fs), "O_DIRECT needs a disk file system, not " + fs);
        for (String backend : new String[] {"twophase", "independent"}) {
            Path direct = dir.resolve(backend + "-direct"), buffered = dir.resolve(backend + "-buffered");
            write(direct, Hints.of(Hints.DIRECT_WRITE, "true", Hints.JPIO_BACKEND, backend), true);
            write(buffered, Hints.of(Hints.JPIO_BACKEND, backend), false);
            assertEquals(128 + 3L * PART, Files.size(direct));
            assertArrayEquals(Files.readAllBytes(buffered), Files.readAllBytes(direct), backend);
        }
    }

    @Test
    void aValueOtherThanTrueOrFalseIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Hints.of(Hints.DIRECT_WRITE, "yes"));
        assertTrue(e.getMessage().contains("hint direct_write=yes must be true or false"), e.getMessage());
    }

    /** 3 ranks write PART bytes each from file offset 128; checks that each rank holds an O_DIRECT descriptor exactly when asked. */
    private static void write(Path path, Hints hints, boolean expectDirect) throws Exception {
        LocalComm.run(3, comm -> {
            byte[] mine = new byte[PART];
            for (int i = 0; i < PART; i++) mine[i] = (byte) (i * 31 + comm.rank() * 7);
            try (ParallelFile f = ParallelFile.open(comm, path, EnumSet.of(Amode.CREATE, Amode.WRONLY), hints)) {
                f.writeAtAll(128 + (long) comm.rank() * PART, Elements.of(mine));
                comm.barrier();                               // every rank's file is open: look at the descriptors
                if (comm.rank() == 0) {
                    List<Integer> flags = flagsOf(path);
                    assertTrue(!flags.isEmpty(), "no descriptor of " + path);
                    // a direct file has one O_DIRECT descriptor per rank (its buffered twin carries the unaligned edges)
                    long direct = flags.stream().filter(fl -> (fl & O_DIRECT) != 0).count();
                    assertEquals(expectDirect ? 3 : 0, direct, path + " flags=" + flags.stream().map(Integer::toOctalString).toList());
                }
                comm.barrier();
            }
        });
    }

    /** The open flags of this process's descriptors of {@code path} (those that write: O_WRONLY or O_RDWR). */
    private static List<Integer> flagsOf(Path path) throws IOException {
        Path real = path.toRealPath();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).equals(real);
                } catch (IOException e) {
                    return false;                             // closed meanwhile
                }
            }).map(fd -> {
                try {
                    String info = Files.readString(Path.of("/proc/self/fdinfo", fd.getFileName().toString()));
                    return info.lines().filter(l -> l.startsWith("flags:")).map(l -> Integer.parseInt(l.substring(6).trim(), 8)).findFirst().orElseThrow();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).filter(fl -> (fl & 3) != 0).toList();
        }
    }
}
