package org.jpio.comm.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The name of this host as MPI_Get_processor_name gives it (gethostname): on Linux the kernel's node
 * name, read without a DNS lookup; elsewhere Java's local host name. Computed once.
 */
final class HostName {
    private static final Path KERNEL = Path.of("/proc/sys/kernel/hostname");
    private static volatile String name;

    private HostName() { }

    static String get() {
        String n = name;
        if (n == null) name = n = lookup();
        return n;
    }

    private static String lookup() {
        try {
            if (Files.isReadable(KERNEL)) return Files.readString(KERNEL, StandardCharsets.US_ASCII).trim();
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            throw new UncheckedIOException("host name: path=" + KERNEL + ": " + e.getMessage(), e);
        }
    }
}
