package org.jpio.parallel;

import java.nio.file.Files;
import java.nio.file.Path;

/** A real small tmpfs for full-disk tests: mounted as root, else null (the caller skips what needs it, saying why). */
public final class Tmpfs {
    private Tmpfs() { }

    public static Path mount(String size) throws Exception {
        Path mnt = Files.createTempDirectory("jpio-tmpfs");
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=" + size + ",mode=0777", "tmpfs", mnt.toString()).redirectErrorStream(true).start();
        String why = new String(p.getInputStream().readAllBytes()).trim();
        if (p.waitFor() == 0) return mnt;
        System.err.println("jpio tests: no " + size + " tmpfs (mounting one needs root: " + why + "): the full-disk cases are skipped");
        Files.deleteIfExists(mnt);
        return null;
    }

    public static void unmount(Path mnt) throws Exception {
        if (mnt == null) return;
        new ProcessBuilder("umount", mnt.toString()).inheritIO().start().waitFor();
        Files.deleteIfExists(mnt);
    }
}
