package org.jpio.examples.bench.bulk;

/** How the P ranks run: as separate JVMs launched by the benchmark (the paper's setup) or as threads of this JVM. */
public enum Mode {
    PROCS, THREADS;

    String label() { return name().toLowerCase(java.util.Locale.ROOT); }
}
