package org.jpio.layout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The registry of layout probes, in the order they are asked: XFS, Lustre, GPFS, CephFS by their file
 * system, then the block device for any other. Detection never throws for a layout it cannot read: the
 * numbers are unknown, with the reason (no native library, a failed call, a file system that does not
 * tell).
 */
public final class LayoutProbes {
    private static final List<LayoutProbe> PROBES = List.of(new XfsProbe(), new LustreProbe(), new GpfsProbe(), new CephProbe(), new BlockDeviceProbe());
    private static final BlockDeviceProbe DEVICE = (BlockDeviceProbe) PROBES.get(PROBES.size() - 1);
    /**
     * The block device probe's answers with the real calls, by file system (statfs magic, sizes, device, type):
     * they depend on nothing else, and every open asks (building them is most of an open's CPU time otherwise).
     */
    private static final java.util.concurrent.ConcurrentHashMap<FsStat, StripeLayout> DEVICES = new java.util.concurrent.ConcurrentHashMap<>();

    private LayoutProbes() { }

    /** A probe and, when the calls it needs cannot be made, why. */
    public record Entry(String name, Optional<String> unavailable) { }

    /** Every probe, the unavailable ones kept with the reason. */
    public static List<Entry> entries(FsCalls calls) {
        List<Entry> out = new ArrayList<>();
        for (LayoutProbe p : PROBES) out.add(new Entry(p.name(), calls.unavailable()));
        return out;
    }

    /** {@link #detect(Path, FsCalls)} with the real system calls. */
    public static StripeLayout detect(Path path) { return detect(path, NativeFsCalls.INSTANCE); }

    /**
     * The layout of {@code path}, or, when it does not exist yet, of the directory it would be made in
     * (where CephFS may know no layout: files take an ancestor's). The probe that recognizes the file
     * system reads it; when it knows no stripe, the block device's I/O sizes are asked too.
     */
    public static StripeLayout detect(Path path, FsCalls calls) {
        Path target = path.toAbsolutePath();
        if (!Files.exists(target) && target.getParent() != null) target = target.getParent();
        Optional<String> why = calls.unavailable();
        if (why.isPresent()) return StripeLayout.unknown(mountType(target), why.get());
        FsStat fs;
        try {
            fs = calls.stat(target);
        } catch (IOException | RuntimeException e) {
            return StripeLayout.unknown("unknown", "statfs failed: " + e.getMessage());
        }
        LayoutProbe probe = probeFor(fs);
        StripeLayout layout = probe == DEVICE ? device(target, fs, calls) : probe.read(target, fs, calls);
        if (!layout.stripeUnit().known() && probe != DEVICE) {
            StripeLayout device = device(target, fs, calls);
            if (device.stripeUnit().known()) layout = layout.withStripesOf(device);
        }
        return layout;
    }

    /**
     * The mount table's name through the JDK alone (170-250 us: it parses the whole table), for when the
     * native calls cannot be made: the drivers decide preallocation and the locks between hosts from the
     * layout's type ({@code OpenRequest.fsType}), and those decisions do not need libjpio. "unknown" when
     * even that fails.
     */
    private static String mountType(Path target) {
        try {
            return Files.getFileStore(target).type();
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static StripeLayout device(Path target, FsStat fs, FsCalls calls) {
        if (calls != NativeFsCalls.INSTANCE) return DEVICE.read(target, fs, calls); // fakes answer what each test sets
        StripeLayout known = DEVICES.get(fs);
        if (known == null) {
            known = DEVICE.read(target, fs, calls);
            DEVICES.put(fs, known);
        }
        return known;
    }

    /**
     * Sets stripe unit and count (0: the file system's choice) on {@code file}, which the caller has just
     * created empty, through the probe of its file system.
     */
    public static Applied apply(Path file, long unit, long count, FsCalls calls) {
        Optional<String> why = calls.unavailable();
        if (why.isPresent()) return Applied.no(why.get());
        try {
            FsStat fs = calls.stat(file);
            return probeFor(fs).apply(file, unit, count, fs, calls);
        } catch (IOException | RuntimeException e) {
            return Applied.no("statfs failed: " + e.getMessage());
        }
    }

    private static LayoutProbe probeFor(FsStat fs) {
        for (LayoutProbe p : PROBES) if (p.recognizes(fs)) return p;
        throw new AssertionError("the block device probe recognizes every file system");
    }
}
