package org.jpio.examples.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jpio.comm.local.LocalComm;
import org.jpio.npy.NpyFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The demo in this JVM: it verifies itself, numpy loads its file, and a corrupted file is caught. */
class HeatDemoTest {
    @TempDir Path dir;

    @Test
    void fourRanksWriteThreeReadAndNumpyAgrees() throws Exception {
        Path file = dir.resolve("heat.npy");
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        HeatDemo.Result r = HeatDemo.run(new HeatDemo.Options(4, 3, new int[] {19, 12, 7}, 6, file), new PrintStream(text, true));
        String out = text.toString();
        assertTrue(r.ok(), out);
        assertEquals("threads", r.mode());
        assertEquals(19 * 12 * 7 * 8, r.bytes());
        assertTrue(out.contains("python3 -c \"import numpy; a=numpy.load('" + file.toAbsolutePath() + "')"), out);
        assertTrue(out.contains("-> OK"), out);
        // beside its own rate, the rate of one process writing the same bytes alone, and its sibling file is gone
        assertTrue(out.contains("one process writing the same bytes in one FileChannel write (new file, synced, renamed, as above): "), out);
        assertTrue(r.singleWriterSeconds() > 0 && Double.isFinite(r.singleWriterMBps()), out);
        assertTrue(!java.nio.file.Files.exists(dir.resolve("heat.npy.single-writer")), "the single writer's file is removed");
        // the file is the field: the serial reference, bit for bit, as numpy sees it
        double[] ref = HeatField.reference(new int[] {19, 12, 7}, 6);
        NpyFile.Contents c = NpyFile.read(file);
        assertArrayEquals(new long[] {19, 12, 7}, c.header().shape());
        assertArrayEquals(ref, (double[]) c.data());
        Process p = new ProcessBuilder("/usr/bin/python3", "-c",
                "import numpy, sys; a=numpy.load(sys.argv[1]); print(a.shape, a.dtype, repr(float(a.sum())))", file.toString())
                .redirectErrorStream(true).start();
        String py = new String(p.getInputStream().readAllBytes()).trim();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), py);
        assertTrue(py.startsWith("(19, 12, 7) float64"), py);
        double numpySum = Double.parseDouble(py.substring(py.lastIndexOf(' ') + 1));
        assertEquals(r.sum(), numpySum, Math.abs(r.sum()) * 1e-12, py);
    }

    @Test
    void asHdf5TheFieldIsADatasetH5pyOpensWithTheLinePrinted() throws Exception {
        Path file = dir.resolve("heat.h5");
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        HeatDemo.Result r = HeatDemo.run(new HeatDemo.Options(3, 2, new int[] {11, 6, 5}, 4, file), new PrintStream(text, true));
        String out = text.toString();
        assertTrue(r.ok(), out);
        String line = out.lines().filter(l -> l.contains("import h5py")).findFirst().orElseThrow(() -> new AssertionError(out)).trim();
        assertTrue(line.startsWith("python3 -c \"") && line.contains("h5py.File('" + file.toAbsolutePath() + "')") && line.contains("/temperature"), line);
        String script = line.substring("python3 -c \"".length(), line.length() - 1);
        Process p = new ProcessBuilder("/usr/bin/python3", "-c", script).redirectErrorStream(true).start();
        String py = new String(p.getInputStream().readAllBytes()).trim();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), py);
        assertTrue(py.startsWith("(11, 6, 5) float64 ") && py.contains("'steps': 4") && py.contains("'alpha': 0.12"), py);
        double sum = Double.parseDouble(py.split(" ")[4]);
        assertEquals(r.sum(), sum, Math.abs(r.sum()) * 1e-12, py);
        assertEquals(2, org.jpio.examples.cli.JpioCommand.commandLine().execute("demo", "--format", "h5", "--file", dir.resolve("x.npy").toString()),
                "a file name that does not end as the format says is refused");
    }

    @Test
    void theStencilChangesTheFieldAndTheDecompositionDoesNot() throws Exception {
        double[] before = HeatField.reference(new int[] {9, 8, 7}, 0), after = HeatField.reference(new int[] {9, 8, 7}, 3);
        assertTrue(!java.util.Arrays.equals(before, after));
        for (int ranks : new int[] {1, 2, 5}) {
            Path file = dir.resolve("h" + ranks + ".npy");
            HeatDemo.Result r = HeatDemo.run(new HeatDemo.Options(ranks, 0, new int[] {9, 8, 7}, 3, file),
                    new PrintStream(PrintStream.nullOutputStream()));
            assertTrue(r.ok(), "ranks=" + ranks + " " + r);
            assertArrayEquals(after, (double[]) NpyFile.read(file).data());
        }
    }

    @Test
    void aCorruptedElementIsCaught() throws Exception {
        Path file = dir.resolve("c.npy");
        int[] shape = {8, 6, 5};
        HeatDemo.Options o = new HeatDemo.Options(3, 2, shape, 2, file);
        assertTrue(HeatDemo.run(o, new PrintStream(PrintStream.nullOutputStream())).ok());
        long offset = NpyFile.readHeader(file).dataOffset() + 8L * 77;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(0, -1.0), offset);
        }
        double[] ref = HeatField.reference(shape, 2);
        List<long[]> r = LocalComm.runAndCollect(2, comm -> HeatDemo.readAndVerify(comm, o, ref));
        assertEquals(1, r.get(0)[0]);
    }

    @Test
    void commandRunsTheDemo() {
        Path file = dir.resolve("cmd.npy");
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        PrintStream old = System.out;
        int status;
        try {
            System.setOut(new PrintStream(text, true));
            status = new CommandLine(new HeatDemoCommand()).execute("--ranks", "2", "--shape", "6,5,4", "--steps", "2", "--file", file.toString());
        } finally {
            System.setOut(old);
        }
        assertEquals(0, status, text.toString());
        assertTrue(text.toString().contains("read it back with 1 ranks"), text.toString());
        assertEquals(1, new CommandLine(new HeatDemoCommand()).execute("--shape", "6,5")); // picocli: the exception's status
    }
}
