package org.jpio.examples.probe;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpio.examples.bench.NativePrograms;
import org.jpio.examples.bench.Processes;

/** Runs one {@code io_probe} mode (the C programs of both papers) and reads back its timing and check value. */
final class CProbe {
    private static final Pattern OUT = Pattern.compile("\"elapsed_s\":([0-9.]+),\"user_s\":([0-9.]+),\"sys_s\":[0-9.]+,\"check\":(\\d+)");

    private CProbe() { }

    static String unavailable() { return NativePrograms.unavailable("io_probe"); }

    static Measure run(String mode, Object... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(NativePrograms.program("io_probe").toString(), mode));
        for (Object a : args) cmd.add(a.toString());
        String out = Processes.run(cmd, 3600);
        Matcher m = OUT.matcher(out);
        if (!m.find()) throw new IOException("no figures from command=" + String.join(" ", cmd) + ": " + out.trim());
        return new Measure(Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)), Long.parseUnsignedLong(m.group(3)));
    }
}
