package org.jpio.examples.probe;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jpio bench jvm-io}: Burnett and Jindal's study of an I/O-bound program in Java and C, measured as
 * they measured it (user CPU time of a file read byte by byte, counting newlines): Java's buffered stream,
 * their native reader through JNI (the field looked up on every call, and cached), and C; the same readers
 * with the read() system call replaced by a function that moves nothing, so the system call's own cost can
 * be told from the rest; an empty native call against a Java call and a C call; and reads of a whole buffer
 * at a time. The summary splits Java's gap to C into the I/O path and the JVM.
 */
@Command(name = "jvm-io", mixinStandardHelpOptions = true,
        description = {"Burnett and Jindal's Java vs C study of I/O-bound programs, Java beside C (io_probe) and JNI (jni_probe):",
                "read-path (a file read byte by byte, 4 KiB buffer, counting newlines: BufferedInputStream, native reader naive and cached, C; user CPU),",
                "syscall (buffer sweep, with read() and with a dummy in its place: the system call's cost in Java and in C; user CPU),",
                "call (a call that increments a counter: pure Java, native, C), bigread (read() of a whole buffer, buffer sweep; wall clock)."})
public final class JvmIoCommand extends ProbeCommand {
    private static final int PATH_BUFFER = 4096;

    @Option(names = "--buffers", split = ",", defaultValue = "1,2,4,8,16,32,64,128,256,512,1024,2048,4096",
            description = "Buffer sizes of the syscall study. Default: ${DEFAULT-VALUE}.")
    List<Integer> buffers;

    @Option(names = "--big-buffers", split = ",", defaultValue = "1,4,16,64,256,1024,4096,16384,65536",
            description = "Buffer sizes of the bigread study. Default: ${DEFAULT-VALUE}.")
    List<Integer> bigBuffers;

    @Option(names = "--calls", defaultValue = "100000000", description = "Calls of the call study. Default: ${DEFAULT-VALUE}.")
    long calls;

    @Override String bench() { return "jvm-io"; }

    @Override List<String> allStudies() { return List.of("read-path", "syscall", "call", "bigread"); }

    @Override
    List<Point> points(String study) {
        List<Point> ps = new ArrayList<>();
        switch (study) {
            case "read-path" -> {
                long n = bytesFor(PATH_BUFFER);
                int b = PATH_BUFFER;
                ps.add(count(study, "java-buffered-read", b, n, "c-read", (in, out) -> Measure.of(() -> JavaProbes.countBuffered(in, b))));
                ps.add(count(study, "java-native-naive", b, n, "c-read", (in, out) -> Measure.of(() -> JavaProbes.countNative(in, b, "naive", 0))));
                ps.add(count(study, "java-native-read", b, n, "c-read", (in, out) -> Measure.of(() -> JavaProbes.countNative(in, b, "cached", 0))));
                ps.add(count(study, "c-read", b, n, null, (in, out) -> CProbe.run("count", in, b)));
            }
            case "syscall" -> {
                for (int b : buffers) {
                    long n = bytesFor(b);
                    ps.add(count(study, "java-native-read", b, n, "c-read", (in, out) -> Measure.of(() -> JavaProbes.countNative(in, b, "cached", 0))));
                    ps.add(dummy(study, "java-native-dummy", b, n, "c-dummy", (in, out) -> Measure.of(() -> JavaProbes.countNative(in, b, "dummy", n))));
                    ps.add(count(study, "c-read", b, n, null, (in, out) -> CProbe.run("count", in, b)));
                    ps.add(dummy(study, "c-dummy", b, n, null, (in, out) -> CProbe.run("count-dummy", in, n, b)));
                }
            }
            case "call" -> {
                ps.add(new Point(study, "java-pure-call", "call", "calls", 0, calls, true, false, "c-call", in -> calls,
                        (in, out) -> Measure.of(() -> JavaProbes.pureCalls(calls))));
                ps.add(new Point(study, "java-native-call", "call", "calls", 0, calls, true, false, "c-call", in -> calls,
                        (in, out) -> Measure.of(() -> JavaProbes.nativeCalls(calls))));
                ps.add(new Point(study, "c-call", "call", "calls", 0, calls, true, false, null, in -> calls, (in, out) -> CProbe.run("call", calls)));
            }
            case "bigread" -> {
                for (int b : bigBuffers) {
                    long n = bytesFor(b);
                    ps.add(new Point(study, "java-bigread", "read", "buffer", b, n, false, false, "c-bigread", Inputs.Input::newlines,
                            (in, out) -> Measure.of(() -> JavaProbes.bigRead(in, b))));
                    ps.add(new Point(study, "c-bigread", "read", "buffer", b, n, false, false, null, Inputs.Input::newlines,
                            (in, out) -> CProbe.run("bigread", in, b)));
                }
            }
            default -> throw new IllegalArgumentException("unknown study=" + study);
        }
        return ps;
    }

    /** A reader counting newlines byte by byte, judged by user CPU time as the paper did. */
    private static Point count(String study, String impl, int buf, long n, String peer, Point.Run run) {
        return new Point(study, impl, "read", "buffer", buf, n, false, true, peer, Inputs.Input::newlines, run);
    }

    /** The same reader with read() replaced by a dummy: its check is the bytes it handed out. */
    private static Point dummy(String study, String impl, int buf, long n, String peer, Point.Run run) {
        return new Point(study, impl, "read", "buffer", buf, n, false, true, peer, in -> n, run);
    }

    /** The read() system call's own cost per byte, Java and C: the reader with read() minus the same with the dummy (the paper's Figure 6). */
    @Override
    List<ProbeRow> derived(List<ProbeRow> rows) {
        List<ProbeRow> out = new ArrayList<>();
        for (int b : buffers) {
            for (String lang : List.of("java-native", "c")) {
                ProbeRow real = find(rows, "syscall", lang + "-read", "read", b), dummy = find(rows, "syscall", lang + "-dummy", "read", b);
                if (real == null || dummy == null) continue;
                String impl = (lang.equals("c") ? "c" : "java") + "-read-syscall";
                Point p = new Point("syscall-cost", impl, "read", "buffer", b, real.point().amount(), false, true,
                        lang.equals("c") ? null : "c-read-syscall", null, null);
                out.add(new ProbeRow(bench(), p, real.ns() - dummy.ns(), real.userNs() - dummy.userNs(), Double.NaN, 0, 0, null, null));
            }
        }
        for (int i = 0; i + 1 < out.size(); i++) { // java's cost over C's, where C's stands out of the noise (a quarter of its reading time)
            ProbeRow j = out.get(i), c = out.get(i + 1);
            if (j.point().peer() == null || c.point().param() != j.point().param()) continue;
            ProbeRow cReal = find(rows, "syscall", "c-read", "read", c.point().param());
            if (c.userNs() > 0.25 * cReal.userNs())
                out.set(i, new ProbeRow(j.bench(), j.point(), j.ns(), j.userNs(), j.userNs() / c.userNs(), 0, 0, null, null));
        }
        return out;
    }

    @Override
    List<String> summary(List<ProbeRow> rows) {
        List<String> s = new ArrayList<>();
        s.add("Against the paper's findings (figure = user CPU ns per byte unless said):");
        ProbeRow buffered = find(rows, "read-path", "java-buffered-read", "read", PATH_BUFFER), naive = find(rows, "read-path", "java-native-naive", "read", PATH_BUFFER),
                cached = find(rows, "read-path", "java-native-read", "read", PATH_BUFFER), c = find(rows, "read-path", "c-read", "read", PATH_BUFFER);
        if (buffered != null && c != null) s.add(String.format(Locale.ROOT, "  BufferedInputStream byte by byte vs C (paper's Figure 1: far slower): %.2fx", buffered.ratio()));
        if (naive != null && cached != null && buffered != null)
            s.add(String.format(Locale.ROOT, "  native reader, field looked up per call: %.2fx C; cached: %.2fx C (paper: naive slower than java.io, cached faster, both above C)",
                    naive.ratio(), cached.ratio()));
        ProbeRow jd = find(rows, "syscall", "java-native-dummy", "read", PATH_BUFFER), cd = find(rows, "syscall", "c-dummy", "read", PATH_BUFFER),
                jr = find(rows, "syscall", "java-native-read", "read", PATH_BUFFER), cr = find(rows, "syscall", "c-read", "read", PATH_BUFFER);
        if (jd != null && cd != null && jr != null && cr != null) {
            double gap = jr.userNs() - cr.userNs(), jvm = jd.userNs() - cd.userNs();
            s.add(String.format(Locale.ROOT, "  at a %d-byte buffer Java's native reader costs %.3f user ns/byte more than C; without the read() calls the gap is %.3f:",
                    PATH_BUFFER, gap, jvm));
            s.add(String.format(Locale.ROOT, "    %.0f%% of the gap is the JVM running the loop (bytecode, JNI calls), %.0f%% the I/O path (paper: the same reasons as compute-bound code)",
                    gap == 0 ? 0 : 100 * jvm / gap, gap == 0 ? 0 : 100 * (gap - jvm) / gap));
        }
        ProbeRow j1 = find(derived(rows), "syscall-cost", "java-read-syscall", "read", 1);
        if (j1 != null) s.add(String.format(Locale.ROOT, "  the read() call itself, 1-byte buffer: Java %.2fx C's user time (paper's Figure 6: the same in both)", j1.ratio()));
        ProbeRow pure = find(rows, "call", "java-pure-call", "call", 0), nat = find(rows, "call", "java-native-call", "call", 0), cc = find(rows, "call", "c-call", "call", 0);
        if (pure != null && nat != null && cc != null)
            s.add(String.format(Locale.ROOT, "  a call (wall ns): pure Java %.2f (the JIT inlines it), native %.2f, C %.2f (paper's Figure 7: native about a Java call)",
                    pure.ns(), nat.ns(), cc.ns()));
        return s;
    }
}
