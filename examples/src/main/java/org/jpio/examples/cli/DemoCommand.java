package org.jpio.examples.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jpio.examples.demo.BulkDemo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code jpio bulk-demo}: the bulk tier's demo (the main demo before the collective tier existed); exit status 0 only when every element read back is right. */
@Command(name = "bulk-demo", mixinStandardHelpOptions = true,
        description = "Threads write a block-distributed long[] into one shared file, read it back and verify it.")
public final class DemoCommand implements Callable<Integer> {
    @Option(names = {"-t", "--threads"}, defaultValue = "4", description = "Ranks (threads). Default: ${DEFAULT-VALUE}.")
    int threads;

    @Option(names = "--size", defaultValue = "256m", converter = SizeConverter.class,
            description = "Total array size (k/m/g). Default: ${DEFAULT-VALUE}.")
    long size;

    @Option(names = "--file", description = "Shared file to write (kept). Default: a temporary file, deleted afterwards.")
    Path file;

    @Override
    public Integer call() throws Exception {
        if (threads < 1) throw new IllegalArgumentException("threads=" + threads + " must be positive");
        if (size < 8 || size % 8 != 0) throw new IllegalArgumentException("size=" + size + " must be a positive multiple of 8 (a long[])");
        Path f = file != null ? file : Files.createTempFile("jpio-demo", ".bin");
        try {
            return BulkDemo.run(threads, size / 8, f, System.out) == 0 ? 0 : 1;
        } finally {
            if (file == null) Files.deleteIfExists(f);
        }
    }
}
