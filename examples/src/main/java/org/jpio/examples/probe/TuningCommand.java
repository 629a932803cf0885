package org.jpio.examples.probe;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jpio bench tuning}: Xu and Guo's experiments, sequential access, Java beside C: raw I/O against
 * Java's buffered streams and the application's own buffer ("direct buffering"); the buffer-size sweep;
 * the operation-size sweep without a buffer; the buffer kept in C and driven through JNI one operation
 * per call; and what a JNI call costs next to the system call it wraps.
 */
@Command(name = "tuning", mixinStandardHelpOptions = true,
        description = {"Xu and Guo's Java I/O tuning strategies, sequential, Java beside C (io_probe) and JNI (jni_probe), per byte or per call:",
                "strategies (raw, buffered streams / stdio, direct buffering, 1 KiB buffers), buffer (direct buffering, buffer sweep, 1-byte operations),",
                "opsize (no buffer, operation-size sweep), jni (4 KiB buffer, operation sweep: Java buffer, C buffer through JNI, C),",
                "calls (an empty JNI call and a JNI call wrapping a 1-byte pread, against C)."})
public final class TuningCommand extends ProbeCommand {
    private static final String JNI_BUFFER = "4096";

    @Option(names = "--buffers", split = ",", defaultValue = "1,4,16,64,256,1024,4096,65536,1048576",
            description = "Buffer sizes of the buffer study. Default: ${DEFAULT-VALUE}.")
    List<Integer> buffers;

    @Option(names = "--ops", split = ",", defaultValue = "1,4,16,64,256,1024,4096,65536,1048576",
            description = "Operation sizes of the opsize study. Default: ${DEFAULT-VALUE}.")
    List<Integer> ops;

    @Option(names = "--jni-ops", split = ",", defaultValue = "1,2,4,8,16,64,256,1024",
            description = "Operation sizes of the jni study (buffer " + JNI_BUFFER + " bytes). Default: ${DEFAULT-VALUE}.")
    List<Integer> jniOps;

    @Option(names = "--calls", defaultValue = "10000000", description = "Calls of the empty-call program of the calls study. Default: ${DEFAULT-VALUE}.")
    long calls;

    @Override String bench() { return "tuning"; }

    @Override List<String> allStudies() { return List.of("strategies", "buffer", "opsize", "jni", "calls"); }

    @Override
    List<Point> points(String study) {
        List<Point> ps = new ArrayList<>();
        int jb = Integer.parseInt(JNI_BUFFER);
        switch (study) {
            case "strategies" -> {
                long raw = bytesFor(1), buf = bytesFor(1024);
                pair(ps, study, "raw", "buffer", 1, raw, (in, out) -> Measure.of(() -> JavaProbes.rawWrite(out, raw)),
                        (in, out) -> CProbe.run("raw-write", out, raw), (in, out) -> Measure.of(() -> JavaProbes.rawRead(in)),
                        (in, out) -> CProbe.run("raw-read", in), 1);
                pair(ps, study, "buffered", "buffer", 1024, buf, (in, out) -> Measure.of(() -> JavaProbes.bufferedWrite(out, buf, 1024)),
                        (in, out) -> CProbe.run("stdio-write", out, buf, 1024), (in, out) -> Measure.of(() -> JavaProbes.bufferedRead(in, 1024)),
                        (in, out) -> CProbe.run("stdio-read", in, 1024), 1);
                direct(ps, study, 1024, 1, buf);
            }
            case "buffer" -> { for (int b : buffers) direct(ps, study, b, 1, bytesFor(b)); }
            case "opsize" -> {
                for (int op : ops) {
                    long n = bytesFor(op);
                    pair(ps, study, "op", "op", op, n, (in, out) -> Measure.of(() -> JavaProbes.opWrite(out, n, op)),
                            (in, out) -> CProbe.run("op-write", out, n, op), (in, out) -> Measure.of(() -> JavaProbes.opRead(in, op)),
                            (in, out) -> CProbe.run("op-read", in, op), op);
                }
            }
            case "jni" -> {
                for (int op : jniOps) {
                    long n = bytesFor(op);
                    for (String o : List.of("write", "read")) {
                        boolean w = o.equals("write");
                        ps.add(point(study, "java-direct", o, "op", op, n, "c-direct", expect(w, n, op),
                                w ? (in, out) -> Measure.of(() -> JavaProbes.directWrite(out, n, jb, op)) : (in, out) -> Measure.of(() -> JavaProbes.directRead(in, jb, op))));
                        ps.add(point(study, "java-jni", o, "op", op, n, "c-direct", expect(w, n, op),
                                w ? (in, out) -> Measure.of(() -> JavaProbes.jniWrite(out, n, jb, op)) : (in, out) -> Measure.of(() -> JavaProbes.jniRead(in, jb, op))));
                        ps.add(point(study, "c-direct", o, "op", op, n, null, expect(w, n, op),
                                w ? (in, out) -> CProbe.run("direct-write", out, n, jb, op) : (in, out) -> CProbe.run("direct-read", in, jb, op)));
                    }
                }
            }
            case "calls" -> {
                long preads = Math.min(maxCalls, calls);
                ps.add(new Point(study, "java-jni-call", "call", "calls", 0, calls, true, false, "c-call", in -> calls,
                        (in, out) -> Measure.of(() -> JavaProbes.nativeCalls(calls))));
                ps.add(new Point(study, "c-call", "call", "calls", 0, calls, true, false, null, in -> calls, (in, out) -> CProbe.run("call", calls)));
                ps.add(new Point(study, "java-jni-pread", "pread", "calls", 0, preads, true, false, "c-pread", in -> preads * in.sum(),
                        (in, out) -> Measure.of(() -> JavaProbes.jniPreads(in, preads))));
                ps.add(new Point(study, "c-pread", "pread", "calls", 0, preads, true, false, null, in -> preads * in.sum(),
                        (in, out) -> CProbe.run("syscall", in, preads)));
            }
            default -> throw new IllegalArgumentException("unknown study=" + study);
        }
        return ps;
    }

    /** Direct buffering, Java and C, write and read, a {@code buf}-byte buffer and {@code op}-byte operations. */
    private void direct(List<Point> ps, String study, int buf, int op, long n) {
        pair(ps, study, "direct", "buffer", buf, n, (in, out) -> Measure.of(() -> JavaProbes.directWrite(out, n, buf, op)),
                (in, out) -> CProbe.run("direct-write", out, n, buf, op), (in, out) -> Measure.of(() -> JavaProbes.directRead(in, buf, op)),
                (in, out) -> CProbe.run("direct-read", in, buf, op), op);
    }

    /** java-NAME and its C counterpart (c-NAME, or c-stdio for Java's buffered streams), writing then reading. */
    private static void pair(List<Point> ps, String study, String name, String paramName, long param, long n, Point.Run javaWrite,
                             Point.Run cWrite, Point.Run javaRead, Point.Run cRead, int op) {
        String c = name.equals("buffered") ? "c-stdio" : "c-" + name;
        ps.add(point(study, "java-" + name, "write", paramName, param, n, c, expect(true, n, op), javaWrite));
        ps.add(point(study, c, "write", paramName, param, n, null, expect(true, n, op), cWrite));
        ps.add(point(study, "java-" + name, "read", paramName, param, n, c, expect(false, n, op), javaRead));
        ps.add(point(study, c, "read", paramName, param, n, null, expect(false, n, op), cRead));
    }

    private static Point point(String study, String impl, String op, String paramName, long param, long n, String peer, Point.Expect e, Point.Run run) {
        return new Point(study, impl, op, paramName, param, n, false, false, peer, e, run);
    }

    private static Point.Expect expect(boolean write, long n, int op) {
        return write ? in -> Inputs.written(n, op) : Inputs.Input::sum;
    }

    @Override
    List<String> summary(List<ProbeRow> rows) {
        List<String> s = new ArrayList<>();
        s.add("Against the paper's findings (figure = wall-clock ns per byte, Java/C):");
        ratio(s, rows, "strategies", "java-raw", "raw Java I/O, a system call per byte, vs C (paper: about 2x slower)", 1);
        gain(s, rows, "strategies", "java-raw", 1, "java-buffered", 1024, "buffered streams (1 KiB) vs raw Java (paper: 25% less time)");
        gain(s, rows, "strategies", "java-buffered", 1024, "java-direct", 1024, "direct buffering (1 KiB) vs buffered streams (paper: a further 40% less)");
        gain(s, rows, "buffer", "java-direct", 1024, "java-direct", 1048576, "direct buffering, 1 KiB -> 1 MiB buffer (paper: 1-5% less above 512 B-1 KiB)");
        ratio(s, rows, "buffer", "java-direct", "direct buffering, 4 KiB buffer, 1-byte operations, vs C (paper: 3x slower)", 4096);
        gain(s, rows, "opsize", "java-op", 1, "java-op", 4096, "operation size 1 B -> 4 KiB, no buffer (paper: 85% less time)");
        ratio(s, rows, "opsize", "java-op", "4 KiB operations, no buffer, vs C (paper: comparable)", 4096);
        ratio(s, rows, "jni", "java-jni", "C buffer through JNI, 1-byte operations, vs C (paper: like Java's direct buffering below 4 B)", 1);
        ratio(s, rows, "jni", "java-direct", "Java direct buffering, 1-byte operations, vs C", 1);
        ratio(s, rows, "jni", "java-jni", "C buffer through JNI, 256-byte operations, vs C (paper: at C's level from 64 B)", 256);
        ProbeRow call = find(rows, "calls", "java-jni-call", "call", 0), pread = find(rows, "calls", "c-pread", "pread", 0),
                jpread = find(rows, "calls", "java-jni-pread", "pread", 0);
        if (call != null && pread != null && jpread != null)
            s.add(String.format(Locale.ROOT, "  a JNI call costs %.1f ns, a 1-byte pread of a cached page %.0f ns in C and %.0f ns through JNI: "
                    + "the call is %.0f%% of the system call it wraps", call.ns(), pread.ns(), jpread.ns(), 100 * call.ns() / pread.ns()));
        return s;
    }

    private static void ratio(List<String> s, List<ProbeRow> rows, String study, String impl, String what, long param) {
        ProbeRow w = find(rows, study, impl, "write", param), r = find(rows, study, impl, "read", param);
        if (w != null && r != null) s.add(String.format(Locale.ROOT, "  %s: write %.2fx, read %.2fx", what, w.ratio(), r.ratio()));
    }

    private static String less(double pct) {
        return pct >= 0 ? String.format(Locale.ROOT, "%.0f%% less time", pct) : String.format(Locale.ROOT, "%.0f%% MORE time", -pct);
    }

    private static void gain(List<String> s, List<ProbeRow> rows, String study, String from, long p0, String to, long p1, String what) {
        double[] g = new double[2];
        int i = 0;
        for (String op : List.of("write", "read")) {
            ProbeRow a = find(rows, study, from, op, p0), b = find(rows, study, to, op, p1);
            if (a == null || b == null) return;
            g[i++] = 100 * (1 - b.ns() / a.ns());
        }
        s.add(String.format(Locale.ROOT, "  %s: write %s, read %s", what, less(g[0]), less(g[1])));
    }
}
