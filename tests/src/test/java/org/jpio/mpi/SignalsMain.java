package org.jpio.mpi;

import org.jpio.comm.Comm;

/**
 * Under mpirun: loads MPI, then makes compiled code take a few thousand implicit null checks, each a
 * SIGSEGV that the JVM turns into a NullPointerException (run it with -Xbatch, so that the code is compiled
 * before the first null arrives even when the compiler thread gets little CPU). Prints "signals ok" per rank when the JVM kept
 * its SIGSEGV handler (see MpiBridge's UCX_ERROR_SIGNALS); a rank whose handler another library replaced
 * dies instead.
 */
public final class SignalsMain {
    private SignalsMain() { }

    private static int sink;

    public static void main(String[] args) {
        Comm c = Comm.world();
        int npe = 0;
        for (int i = 0; i < 300_000; i++) {
            try {
                sink += length(i > 100_000 && i % 50 == 0 ? null : "x");
            } catch (NullPointerException e) {
                npe++;
            }
        }
        c.barrier();
        System.out.println("signals ok rank=" + c.rank() + " npe=" + npe);
    }

    /** Compiled, {@code s.length()} checks for null by touching the object: a SIGSEGV when it is null. */
    private static int length(String s) {
        return s.length();
    }
}
