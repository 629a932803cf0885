package org.jpio.romiotests;

import java.nio.file.Path;
import org.jpio.comm.Comm;
import org.jpio.parallel.Hints;

/**
 * ROMIO's test programs (romio/test/*.c) and MPICH's (test/mpi/io/*.c) that use the rest of MPI-IO's
 * data access chapter, each ported to jpio: the same sizes, types, offsets and checks. A port runs on every process of its communicator
 * with the C test's {@code -fname} as {@code file}, and returns what the C test prints that the
 * comparison needs (external32's byte orders), else null. {@link #left} says what ROMIO's run of the same
 * program leaves to compare with jpio's.
 */
enum Port {
    ASYNC("async", 0, Left.PER_RANK_BYTES, NonblockingPorts::async),
    ASYNC_MULTIPLE("async-multiple", 0, Left.PER_RANK_BYTES, NonblockingPorts::asyncMultiple),
    I_NONCONTIG("i_noncontig", 2, Left.BYTES, NoncontigPorts::iNoncontig),
    SHARED_FP("shared_fp", 0, Left.BLOCKS, SharedPointerPorts::sharedFp),
    ORDERED_FP("ordered_fp", 0, Left.BYTES, SharedPointerPorts::orderedFp),
    SPLIT_COLL("split_coll", 0, Left.BYTES, SharedPointerPorts::splitColl),
    STATUS("status", 0, Left.PER_RANK_SIZE, FilePorts::status),
    ATOMICITY("atomicity", 0, Left.EVEN_INTS, FilePorts::atomicity),
    EXCL("excl", 0, Left.BYTES, FilePorts::excl),
    EXTERNAL32("external32", 0, Left.OUTPUT, FilePorts::external32),
    FILE_INFO("file_info", 0, Left.BYTES, FilePorts::fileInfo),
    MISC("misc", 0, Left.NOTHING, FilePorts::misc),
    NONCONTIG("noncontig", 2, Left.BYTES, NoncontigPorts::noncontig),
    NONCONTIG_COLL("noncontig_coll", 2, Left.BYTES, NoncontigPorts::noncontigColl),
    NONCONTIG_COLL2("noncontig_coll2", 0, Left.BYTES, NoncontigPorts::noncontigColl2),
    /** Not run under ROMIO: Open MPI's message for the bad displacement is "MPI_ERR_ARG: invalid argument of some other kind", which the C test rejects. */
    ERROR("error", 0, Left.NO_REFERENCE, FilePorts::error),
    // MPICH's test/mpi/io programs (MPICH's own harness): the ports only
    ASYNC_ANY("async_any", 0, Left.NO_REFERENCE, MpichPorts::asyncAny),
    RDWRORD("rdwrord", 0, Left.NO_REFERENCE, (c, f, h) -> MpichPorts.rdwrord(c, f, h, false)),
    I_RDWRORD("i_rdwrord", 0, Left.NO_REFERENCE, (c, f, h) -> MpichPorts.rdwrord(c, f, h, true)),
    SETVIEWCUR("setviewcur", 0, Left.NO_REFERENCE, (c, f, h) -> MpichPorts.setviewcur(c, f, h, false)),
    I_SETVIEWCUR("i_setviewcur", 0, Left.NO_REFERENCE, (c, f, h) -> MpichPorts.setviewcur(c, f, h, true)),
    SETINFO("setinfo", 0, Left.NO_REFERENCE, MpichPorts::setinfo),
    GETEXTENT("getextent", 0, Left.NO_REFERENCE, MpichPorts::getextent),
    RDWRZERO("rdwrzero", 0, Left.NO_REFERENCE, MpichPorts::rdwrzero),
    ZERO_COUNT("zero_count", 0, Left.NO_REFERENCE, MpichPorts::zeroCount),
    EXTERNAL32_DERIVED_DTYPE("external32_derived_dtype", 0, Left.NO_REFERENCE, MpichPorts::external32DerivedDtype),
    I_NONCONTIG_COLL("i_noncontig_coll", 2, Left.NO_REFERENCE, NoncontigPorts::iNoncontigColl);

    /** What the run leaves that jpio's must match. */
    enum Left {
        /** The file, byte for byte. */
        BYTES,
        /**
         * The file's size and its even ints (the data of a vector(n, 1, 2) view), byte for byte: ROMIO's data
         * sieving writes the holes between them from a buffer it never set where the file was shorter.
         */
        EVEN_INTS,
        /** {@code file.rank} of every process, byte for byte. */
        PER_RANK_BYTES,
        /** {@code file.rank} of every process, by size (the C test writes a buffer it never set). */
        PER_RANK_SIZE,
        /** The file, as the same set of 4 KiB blocks in some order (processes take the shared pointer in any order). */
        BLOCKS,
        /** Nothing (the test deletes its file); the lines the port returns match the C test's output. */
        OUTPUT,
        /** Nothing: the test deletes its file. */
        NOTHING,
        /** ROMIO is not run for it (error.c, below; MPICH's programs, which need MPICH's test harness). */
        NO_REFERENCE
    }

    @FunctionalInterface
    interface Body { String run(Comm comm, Path file, Hints h) throws Exception; }

    final String program;
    /** Processes the C test requires (0: any); the port then runs on ranks 0 .. ranks - 1. */
    final int ranks;
    final Left left;
    private final Body body;

    Port(String program, int ranks, Left left, Body body) {
        this.program = program;
        this.ranks = ranks;
        this.left = left;
        this.body = body;
    }

    /** The C test's file name argument in {@code dir}. */
    Path file(Path dir) { return dir.resolve(program + ".dat"); }

    String run(Comm comm, Path dir, Hints h) throws Exception { return body.run(comm, file(dir), h); }

    /** Processes of a run on {@code np}: the C test's requirement or all of them. */
    int processes(int np) { return ranks == 0 ? np : ranks; }
}
