package org.jpio.parallel;

/**
 * The eight MPI-IO data access routines, named as in MPI: positioning (individual file pointer or
 * explicit offset {@code _at}) by coordination (independent or collective {@code _all}). ParallelFile's
 * transfers are these eight; the nonblocking forms ({@code MPI_File_iread} ... {@code MPI_File_iwrite_at_all})
 * are the same eight started later.
 */
public enum Xfer {
    READ, WRITE, READ_AT, WRITE_AT, READ_ALL, WRITE_ALL, READ_AT_ALL, WRITE_AT_ALL;

    /** Made once: every call names itself in its agreements, and a call builds no string. */
    private final String callName = name().toLowerCase(java.util.Locale.ROOT);

    /** True for the writes. */
    public boolean isWrite() { return (ordinal() & 1) != 0; }

    /** True for the explicit-offset forms; the others use the individual file pointer. */
    public boolean isAt() { return (ordinal() & 2) != 0; }

    /** True for the collective forms: every rank of the file's communicator must call. */
    public boolean isCollective() { return (ordinal() & 4) != 0; }

    /** The op code the ROMIO bridge switches on: {@code write | at << 1 | all << 2}, i.e. the ordinal. */
    public int code() { return ordinal(); }

    /** MPI's name without the prefix, as jpio's messages name the call: {@code write_at_all}. */
    public String callName() { return callName; }

    /** MPI's name of the blocking routine, e.g. {@code MPI_File_write_at_all}, for messages. */
    public String mpiName() { return "MPI_File_" + callName; }

    /** MPI's name of the nonblocking routine, e.g. {@code MPI_File_iwrite_at_all}. */
    public String mpiNonblockingName() { return "MPI_File_i" + callName; }
}
