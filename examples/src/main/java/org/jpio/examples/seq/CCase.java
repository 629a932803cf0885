package org.jpio.examples.seq;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import org.jpio.examples.bench.NativePrograms;
import org.jpio.examples.bench.Processes;

/**
 * The C peer {@code native/target/bin/seq_io}: the article's loop through write()/read() of a 4 KiB buffer
 * ({@code c-page}, the baseline of every ratio) or through a shared mapping ({@code c-mmap}), one process
 * per pass, timed by the program from open to close (its start-up is not in the figure).
 */
record CCase(String how) implements SeqCase {
    static final String BASELINE = "c-page";
    private static final java.util.regex.Pattern OUT = java.util.regex.Pattern.compile("\"seconds\":([0-9.]+),\"checksum\":(-?\\d+)");

    static List<SeqCase> all() { return List.of(new CCase("page"), new CCase("mmap")); }

    @Override public String name() { return "c-" + how; }

    @Override public String description() {
        return how.equals("page") ? "C write()/read() of a 4 KiB buffer filled/summed byte by byte (the baseline)"
                : "C mmap, a byte at a time (durable: msync then fdatasync)";
    }

    @Override public boolean isC() { return true; }

    @Override public String unavailable() { return NativePrograms.unavailable("seq_io"); }

    @Override
    public Timed write(Path file, long size, int salt, boolean durable) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(NativePrograms.program("seq_io").toString(), "write", file.toString(),
                Long.toString(size), Integer.toUnsignedString(salt), how));
        if (durable) cmd.add("sync");
        return run(cmd);
    }

    @Override
    public Timed read(Path file, long size) throws IOException {
        return run(List.of(NativePrograms.program("seq_io").toString(), "read", file.toString(), Long.toString(size), how));
    }

    private static Timed run(List<String> cmd) throws IOException {
        String out = Processes.run(cmd, 3600);
        Matcher m = OUT.matcher(out);
        if (!m.find()) throw new IOException("no figures from command=" + String.join(" ", cmd) + ": " + out.trim());
        return new Timed(Double.parseDouble(m.group(1)), Long.parseLong(m.group(2)));
    }
}
