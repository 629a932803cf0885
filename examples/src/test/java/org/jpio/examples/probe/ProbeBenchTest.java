package org.jpio.examples.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checks every probe is held to: a write is checked by reading the file back, a read by its value;
 * a program that reports the right value without doing the work is caught (negative controls). The Java
 * and JNI programs agree with the expected values.
 */
class ProbeBenchTest {
    private static Point write(String impl, long n, Point.Run run) {
        return new Point("t", impl, "write", "op", 1, n, false, false, null, in -> Inputs.written(n, 1), run);
    }

    private static Point read(String impl, long n, Point.Run run) {
        return new Point("t", impl, "read", "buffer", 1, n, false, false, null, Inputs.Input::sum, run);
    }

    @Test
    void honestProgramsPassAndLyingOnesAreCaught(@TempDir Path dir) throws Exception {
        long n = 10_000;
        List<Point> points = List.of(
                write("java-op", n, (in, out) -> Measure.of(() -> JavaProbes.opWrite(out, n, 1))),
                write("java-direct", n, (in, out) -> Measure.of(() -> JavaProbes.directWrite(out, n, 64, 1))),
                write("java-jni", n, (in, out) -> Measure.of(() -> JavaProbes.jniWrite(out, n, 64, 1))),
                read("java-buffered", n, (in, out) -> Measure.of(() -> JavaProbes.bufferedRead(in, 64))),
                read("java-jni", n, (in, out) -> Measure.of(() -> JavaProbes.jniRead(in, 64, 3))),
                write("lazy-write", n, (in, out) -> Measure.of(() -> Inputs.written(n, 1))),                 // reports, writes nothing
                write("short-write", n, (in, out) -> Measure.of(() -> { Files.write(out, new byte[] {1}); return Inputs.written(n, 1); })),
                read("lazy-read", n, (in, out) -> Measure.of(() -> 0L)));
        List<ProbeRow> rows = new ProbeBench("t", 1, 0, dir).run(points);
        for (ProbeRow r : rows) {
            assertNull(r.failure(), r.toString());
            assertEquals(r.point().impl().startsWith("lazy") || r.point().impl().startsWith("short") ? 1 : 0, r.errors(), r.point().impl());
        }
        try (var left = Files.list(dir)) {
            assertEquals(List.of(), left.toList(), "inputs and outputs removed");
        }
    }

    @Test
    void writtenSumsAreWhatTheProgramsWrite() {
        byte[] op = JavaProbes.opBuffer(300);
        long s = 0;
        for (int i = 0; i < 1000; i++) s += op[i % 300] & 0xFF;
        assertEquals(s, Inputs.written(1000, 300));
        assertEquals(1000, Inputs.written(1000, 1));
    }
}
