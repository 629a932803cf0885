package org.jpio.examples.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * {@code --plot FILE.png} of every bench command (a picocli mixin): the figure is drawn from the very JSON
 * rows {@code --json} prints, by {@code scripts/plot.py} (matplotlib from Debian's python3-matplotlib). The
 * interpreter is {@code $JPIO_PYTHON}, else Debian's {@code /usr/bin/python3}, whose matplotlib the bootstrap
 * installs. The rows are kept beside the figure ({@code NAME.jsonl}), so a run that prints its table still
 * leaves them. {@link #check} runs before the benchmark, so a missing plotter or a bad path fails before any
 * byte moves rather than after minutes of measuring.
 */
public final class PlotOption {
    @Option(names = "--plot", paramLabel = "FILE.png",
            description = "Also draw the figure of the rows (the --json rows) into FILE.png with scripts/plot.py (matplotlib).")
    Path png;

    /** The figure's path, or null when none was asked for. */
    public Path png() { return png; }

    /** Fails with the reason when a figure was asked for and cannot be drawn; a no-op otherwise. */
    public void check() throws IOException {
        if (png == null) return;
        if (!png.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".png"))
            throw new IllegalArgumentException("--plot=" + png + " must name a .png file");
        Path parent = png.toAbsolutePath().getParent();
        if (!Files.isDirectory(parent)) throw new IllegalArgumentException("--plot=" + png + ": directory " + parent + " does not exist");
        String out = python(List.of("--check"), null);
        if (!out.startsWith("matplotlib ")) throw new IOException("plot: " + script() + " --check printed '" + out.trim() + "'");
    }

    /** Draws the rows (one JSON object per line, as --json prints them) into the figure, if one was asked for. */
    public void draw(List<String> jsonRows) throws IOException {
        if (png == null) return;
        Path rows = Files.createTempFile("jpio-plot-", ".jsonl"); // 0600 by default: private on a shared node
        try {
            Files.write(rows, jsonRows, StandardCharsets.UTF_8);
            python(List.of(rows.toString(), png.toAbsolutePath().toString()), rows);
        } finally {
            Files.deleteIfExists(rows);
        }
        if (!Files.isRegularFile(png) || Files.size(png) == 0) throw new IOException("plot: " + script() + " left no figure at path=" + png);
        Files.write(rows(png), jsonRows, StandardCharsets.UTF_8); // the figure's rows beside it, whatever stdout printed
    }

    /** Where the rows of figure {@code png} are kept: {@code NAME.jsonl} beside {@code NAME.png}. */
    public static Path rows(Path png) {
        String name = png.getFileName().toString();
        return png.resolveSibling(name.substring(0, name.length() - ".png".length()) + ".jsonl");
    }

    private static Path script() {
        String home = System.getProperty("jpio.home");
        if (home == null) throw new IllegalStateException("--plot needs jpio.home (run through bin/jpio) to find scripts/plot.py");
        return Path.of(home, "scripts", "plot.py");
    }

    /** The interpreter that has Debian's matplotlib: $JPIO_PYTHON or /usr/bin/python3 (not whatever python3 a PATH shim picks). */
    static String interpreter() {
        String p = System.getenv("JPIO_PYTHON");
        return p == null || p.isBlank() ? "/usr/bin/python3" : p;
    }

    private static String python(List<String> args, Path rows) throws IOException {
        Path script = script();
        if (!Files.isRegularFile(script)) throw new IOException("plot: script=" + script + " is missing");
        List<String> cmd = new ArrayList<>(List.of(interpreter(), script.toString()));
        cmd.addAll(args);
        try {
            return Processes.run(cmd, 300);
        } catch (IOException e) {
            throw new IOException("plot: " + e.getMessage() + (rows != null ? " rows=" + rows : "")
                    + " (python3-matplotlib missing? scripts/bootstrap.sh installs it; JPIO_PYTHON names another interpreter)", e);
        }
    }
}
