package org.jpio.romio;

import java.io.IOException;

/**
 * MPI error codes into exceptions with key=value context: the operation (MPI's routine name), path,
 * offset, rank, MPI's error code and class and MPI_Error_string's text.
 */
final class RomioErrors {
    private RomioErrors() { }

    /** The message for a failed MPI call; {@code offset} below 0 is left out. */
    static String message(String op, String path, long offset, int rank, int code) {
        StringBuilder m = new StringBuilder(op).append(" failed: path=").append(path);
        if (offset >= 0) m.append(" offset=").append(offset);
        m.append(" rank=").append(rank)
         .append(" mpi_error=").append(code)
         .append(" mpi_class=").append(RomioNative.errorClass(code))
         .append(" (").append(RomioNative.errorString(code).trim()).append(')');
        return m.toString();
    }

    /** Throws IOException when {@code rc} is an MPI error code (not 0). */
    static void check(int rc, String op, String path, long offset, int rank) throws IOException {
        if (rc != 0) throw new IOException(message(op, path, offset, rank, rc));
    }

    /** Returns {@code r} when it is a result (>= 0), throws IOException when it is {@code -code}. */
    static long check(long r, String op, String path, long offset, int rank) throws IOException {
        if (r < 0) throw new IOException(message(op, path, offset, rank, (int) -r));
        return r;
    }

    /** For datatype construction, which is not I/O: a bad description is the caller's argument. */
    static long checkType(long r, String op) {
        if (r < 0) {
            int code = (int) -r;
            throw new IllegalArgumentException(op + " failed: mpi_error=" + code + " ("
                + RomioNative.errorString(code).trim() + ")");
        }
        return r;
    }
}
