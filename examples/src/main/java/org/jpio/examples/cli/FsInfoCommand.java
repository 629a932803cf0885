package org.jpio.examples.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jpio.examples.bench.Json;
import org.jpio.layout.Fact;
import org.jpio.layout.LayoutProbes;
import org.jpio.layout.StripeLayout;
import org.jpio.parallel.Hints;
import org.jpio.parallel.OpenLayout;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jpio fsinfo PATH}: what jpio detects for a path, as one JSON object: the file system's type, the
 * probe that read it, what hosts writing one file contend for there, stripe unit, stripe count, block size
 * and object size, each with where it came from ({@code null} and the reason when unknown), and the {@code striping_unit}/{@code striping_factor} an
 * open of that path would use, with their sources.
 */
@Command(name = "fsinfo", mixinStandardHelpOptions = true,
        description = "Print the stripe layout jpio detects for PATH (a file, or the directory a new file would be made in) as JSON.")
public final class FsInfoCommand implements Callable<Integer> {
    @Parameters(index = "0", description = "A file or directory.")
    Path path;

    @Option(names = "--hint", description = "key=value hint as the program would pass it (repeatable): shows which value wins.")
    List<String> hintArgs = new ArrayList<>();

    @Override
    public Integer call() {
        Path p = path.toAbsolutePath().normalize();
        if (!p.toFile().exists() && (p.getParent() == null || !p.getParent().toFile().isDirectory()))
            throw new IllegalArgumentException("path=" + p + ": neither it nor its directory exists");
        StripeLayout l = LayoutProbes.detect(p);
        Hints h = OpenLayout.withLayout(Hints.parse(hintArgs), l);
        Json j = new Json().put("path", p.toString()).put("fs_type", l.fsType()).put("probe", l.probe())
                .put("locking", org.jpio.layout.Locking.of(l.fsType()).toString());
        fact(j, "stripe_unit", l.stripeUnit());
        fact(j, "stripe_count", l.stripeCount());
        fact(j, "block_size", l.blockSize());
        fact(j, "object_size", l.objectSize());
        for (String k : List.of(Hints.STRIPING_UNIT, Hints.STRIPING_FACTOR)) j.put(k, Long.parseLong(h.get(k))).put(k + "_source", h.source(k));
        System.out.println(j);
        return 0;
    }

    private static void fact(Json j, String name, Fact f) {
        if (f.known()) j.put(name, f.value());
        else j.put(name, (String) null);
        j.put(name + "_from", f.known() ? f.source() : "unknown: " + f.source());
    }
}
