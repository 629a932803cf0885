package org.jpio.examples.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * How a parent drives a rank that is a separate process (a JVM or the C baseline
 * {@code native/src/main/c/bench/bulk_baseline.c}, which speaks the same lines):
 * <pre>
 *   parent: "write SALT" | "write-sync SALT" | "read SALT"
 *                                         rank: "SET"        (data filled or cleared, untimed)
 *   parent: "go"                          rank: "DONE"       (the I/O; the parent times it; after
 *                                                             write-sync the rank's data is durable: fdatasync)
 *                                         rank: "ERRORS n"   (verification, untimed)
 *   parent: "quit" or end of input       rank exits 0; on failure it prints "FAIL message" and exits 1
 * </pre>
 */
public final class LineProtocol {
    private LineProtocol() { }

    /** The rank side: serves commands from stdin until "quit", replying on stdout. */
    public static int serve(RankWorker worker) {
        PrintStream out = System.out;
        try (worker; BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                String[] w = line.trim().split("\\s+");
                if (w[0].equals("quit")) break;
                if (w.length != 2 || !(w[0].equals("write") || w[0].equals("write-sync") || w[0].equals("read")))
                    throw new IllegalArgumentException("unknown command=" + line);
                worker.set(w[0], Integer.parseUnsignedInt(w[1]));
                out.println("SET");
                out.flush();
                String go = in.readLine();
                if (go == null || !go.trim().equals("go")) break;
                worker.go();
                out.println("DONE");
                out.flush();
                out.println("ERRORS " + worker.check());
                out.flush();
            }
            return 0;
        } catch (Exception e) {
            out.println("FAIL " + String.valueOf(e).replace('\n', ' '));
            out.flush();
            e.printStackTrace();
            return 1;
        }
    }
}
