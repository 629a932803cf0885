package org.jpio.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Darray flattening against the real MPI library: a small C program (compiled here with mpicc, run as an
 * MPI singleton) packs an index-filled int array with MPI_Type_create_darray and prints the element
 * indices in type order, plus MPI's lb and extent. Random 1-4-d cases, C and Fortran order, BLOCK,
 * CYCLIC(k) and NONE. Skipped, saying why, where mpicc is not installed.
 */
class DarrayMpiCrossCheckTest {
    static final String SOURCE = """
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
/* stdin lines: size rank ndims order(0 C,1 F) g[n] dist[n](0 B,1 C,2 N) darg[n](-1 default) p[n]
   stdout: the int element indices of the darray in type order (MPI_Pack of an index-filled array) */
int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int size, rank, n, order;
    while (scanf("%d %d %d %d", &size, &rank, &n, &order) == 4) {
        int g[8], d[8], a[8], p[8], dist[8], darg[8];
        long total = 1;
        for (int i = 0; i < n; i++) { scanf("%d", &g[i]); total *= g[i]; }
        for (int i = 0; i < n; i++) scanf("%d", &d[i]);
        for (int i = 0; i < n; i++) scanf("%d", &a[i]);
        for (int i = 0; i < n; i++) scanf("%d", &p[i]);
        for (int i = 0; i < n; i++) {
            dist[i] = d[i] == 0 ? MPI_DISTRIBUTE_BLOCK : d[i] == 1 ? MPI_DISTRIBUTE_CYCLIC : MPI_DISTRIBUTE_NONE;
            darg[i] = a[i] < 0 ? MPI_DISTRIBUTE_DFLT_DARG : a[i];
        }
        MPI_Datatype t;
        MPI_Type_create_darray(size, rank, n, g, dist, darg, p, order ? MPI_ORDER_FORTRAN : MPI_ORDER_C, MPI_INT, &t);
        MPI_Type_commit(&t);
        int tsize; MPI_Aint lb, ext;
        MPI_Type_size(t, &tsize);
        MPI_Type_get_extent(t, &lb, &ext);
        int *src = malloc(total * sizeof(int)), *dst = malloc(tsize + 4);
        for (long i = 0; i < total; i++) src[i] = (int) i;
        int pos = 0;
        MPI_Pack(src, 1, t, dst, tsize + 4, &pos, MPI_COMM_SELF);
        printf("%ld %ld", (long) lb, (long) ext);
        for (int i = 0; i < tsize / 4; i++) printf(" %d", dst[i]);
        printf("\\n");
        fflush(stdout);
        free(src); free(dst);
        MPI_Type_free(&t);
    }
    MPI_Finalize();
    return 0;
}
""";

    @TempDir Path dir;

    @Test void darrayMatchesMpi() throws Exception {
        assumeTrue(onPath("mpicc"), "mpicc not on PATH: MPI cross-check not run");
        Path src = dir.resolve("darray_flatten.c"), exe = dir.resolve("darray_flatten");
        Files.writeString(src, SOURCE);
        Process cc = new ProcessBuilder("mpicc", "-O1", "-o", exe.toString(), src.toString()).redirectErrorStream(true).start();
        String ccOut = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, cc.waitFor(), "mpicc failed: " + ccOut);

        Random r = new Random(20261123);
        List<Darray> cases = new ArrayList<>();
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            Darray d = randomDarray(r);
            cases.add(d);
            int n = d.gsizes().length;
            in.append(d.commSize()).append(' ').append(d.rank()).append(' ').append(n).append(' ').append(d.order().ordinal());
            for (int x : d.gsizes()) in.append(' ').append(x);
            for (Distribution x : d.distribs()) in.append(' ').append(x.ordinal());
            for (int x : d.dargs()) in.append(' ').append(x);
            for (int x : d.psizes()) in.append(' ').append(x);
            in.append('\n');
        }
        ProcessBuilder pb = new ProcessBuilder(exe.toString()).redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        try (Writer w = new java.io.OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8)) {
            w.write(in.toString());
        }
        List<String> lines = new ArrayList<>();
        try (BufferedReader br = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = br.readLine()) != null; ) lines.add(line);
        }
        assertEquals(true, p.waitFor(60, TimeUnit.SECONDS), "MPI program hung");
        assertEquals(cases.size(), lines.size(), "MPI program answered " + lines.size() + " of " + cases.size() + " cases");
        for (int i = 0; i < cases.size(); i++) {
            Darray d = cases.get(i);
            String[] f = lines.get(i).trim().split(" ");
            assertEquals(Long.parseLong(f[0]), d.lb(), "lb " + d);
            assertEquals(Long.parseLong(f[1]), d.extent(), "extent " + d);
            List<Long> mine = new ArrayList<>();
            RunCursor c = d.runs();
            while (c.next()) for (long b = c.offset(); b < c.offset() + c.length(); b += 4) mine.add(b / 4);
            List<Long> mpi = new ArrayList<>();
            for (int k = 2; k < f.length; k++) mpi.add(Long.parseLong(f[k]));
            assertEquals(mpi, mine, d.toString());
        }
    }

    static Darray randomDarray(Random r) {
        int n = 1 + r.nextInt(4);
        int[] g = new int[n], p = new int[n], dargs = new int[n];
        Distribution[] dist = new Distribution[n];
        int size = 1;
        for (int d = 0; d < n; d++) {
            g[d] = 1 + r.nextInt(n > 2 ? 5 : 11);
            dist[d] = Distribution.values()[r.nextInt(3)];
            p[d] = dist[d] == Distribution.NONE ? 1 : 1 + r.nextInt(3);
            size *= p[d];
            if (dist[d] == Distribution.BLOCK) dargs[d] = r.nextBoolean() ? Darray.DFLT_DARG : (g[d] + p[d] - 1) / p[d] + r.nextInt(2);
            else if (dist[d] == Distribution.CYCLIC) dargs[d] = r.nextBoolean() ? Darray.DFLT_DARG : 1 + r.nextInt(3);
            else dargs[d] = Darray.DFLT_DARG;
        }
        return Datatype.darray(size, r.nextInt(size), g, dist, dargs, p, r.nextBoolean() ? Order.C : Order.FORTRAN, Datatype.of(ElementType.INT));
    }

    private static boolean onPath(String exe) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
            if (Files.isExecutable(Path.of(d, exe))) return true;
        return false;
    }
}
