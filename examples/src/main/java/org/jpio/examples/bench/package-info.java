/**
 * The benchmark harness shared by the {@code bench} subcommands: ranks as threads or as separate
 * processes driven over one line protocol ({@link org.jpio.examples.bench.Team}), sizes, medians and
 * one-line JSON output.
 */
package org.jpio.examples.bench;
