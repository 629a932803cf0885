package org.jpio.examples.bench;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the C peers are: {@code $jpio.home/native/target/bin/NAME}, built by {@code make -C native} (Maven's
 * compile phase), and the JNI probe library beside jpio's own in {@code jpio.native.dir}.
 */
public final class NativePrograms {
    private NativePrograms() { }

    /** The program's path (under the current directory when jpio.home is not set, where it will not be found). */
    public static Path program(String name) {
        String home = System.getProperty("jpio.home");
        return Path.of(home == null ? "." : home, "native", "target", "bin", name);
    }

    /** Why the program cannot run here, or null when it can. */
    public static String unavailable(String name) {
        if (System.getProperty("jpio.home") == null) return "jpio.home is not set (run through bin/jpio)";
        Path p = program(name);
        return Files.isExecutable(p) ? null : p + " is missing or not executable (build native/ with make -C native)";
    }
}
