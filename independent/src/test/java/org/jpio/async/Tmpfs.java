package org.jpio.async;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Mounts a small tmpfs (root only) to make a device that fills up. */
final class Tmpfs {
    private Tmpfs() { }

    /** The mount point, or null when mounting is not permitted here. */
    static Path mount(Path at, String size) throws IOException, InterruptedException {
        Files.createDirectories(at);
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", at.toString())
                .redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor() == 0 ? at : null;
    }

    static void unmount(Path at) throws IOException, InterruptedException {
        if (at == null) return;
        Process p = new ProcessBuilder("umount", at.toString()).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        p.waitFor();
    }
}
