/**
 * The {@code bin/jpio} command line (picocli): {@code demo} and {@code bench} with one subcommand class
 * per benchmark. A new benchmark is one class added to {@link org.jpio.examples.cli.BenchCommand}'s list.
 */
package org.jpio.examples.cli;
