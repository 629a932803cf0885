package org.jpio.examples.probe;

import java.nio.file.Path;

/**
 * One program of a study at one parameter: what it is ({@code impl}, e.g. java-direct or c-direct; {@code op}
 * write, read or call), how much it moves ({@code amount} bytes, or calls when {@code perCall}), which figure is
 * the study's ({@code metric}: elapsed or user CPU time), its C counterpart ({@code peer}, null for a C program),
 * what its check value must be, and how to run it.
 */
record Point(String study, String impl, String op, String paramName, long param, long amount, boolean perCall, boolean userTime,
             String peer, Expect expect, Run run) {

    /** Runs the program: reads use {@code input} (a generated file of {@code amount} bytes), writes create {@code output}. */
    interface Run { Measure run(Path input, Path output) throws Exception; }

    /** The check value the program must report, given the input file of its size. */
    interface Expect { long value(Inputs.Input input); }

    boolean isC() { return impl.startsWith("c-"); }

    boolean writes() { return op.equals("write"); }

    /** The JSON/plot name of the study's figure. */
    String metric() { return (userTime ? "user_" : "") + (perCall ? "ns_per_call" : "ns_per_byte"); }

    /** Whether {@code other} is this point's C counterpart: the peer's name at the same study, operation and parameter. */
    boolean pairs(Point other) {
        return other.impl.equals(peer) && other.study.equals(study) && other.op.equals(op) && other.param == param;
    }
}
