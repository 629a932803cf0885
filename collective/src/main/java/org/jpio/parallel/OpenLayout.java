package org.jpio.parallel;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.jpio.comm.Comm;
import org.jpio.layout.Applied;
import org.jpio.layout.FsCalls;
import org.jpio.layout.LayoutProbes;
import org.jpio.layout.StripeLayout;

/**
 * The stripe layout at open, before the driver opens the file (collective). Rank 0 creates a new file
 * itself (amode CREATE), and when the program asked for a layout ({@code striping_unit} or
 * {@code striping_factor} set by the user or the hints file) sets it on the file while it is empty, then
 * reads the layout of the file (the file's own, which on CephFS may differ from its directory's) and
 * sends it to every rank; every rank then
 * takes {@code striping_unit} and {@code striping_factor} from it where they still have their defaults.
 * One reader, so every rank holds the same hints whatever each host's mount would say.
 */
public final class OpenLayout {
    /** The hints with the file system's defaults, the layout read, the outcome of setting one (null when none was asked), whether rank 0 created the file. */
    record Result(Hints hints, StripeLayout layout, Applied applied, boolean created) { }

    private OpenLayout() { }

    static Result prepare(Comm comm, Path path, Set<Amode> amode, Hints hints, FsCalls calls) throws IOException {
        String where = "open path=" + path;
        boolean asked = hints.given(Hints.STRIPING_UNIT) && hints.stripingUnit() > 0 || hints.given(Hints.STRIPING_FACTOR) && hints.stripingFactor() > 0;
        byte[] message = null;
        IOException bad = null;
        Result mine = null; // rank 0's own outcome: it needs no decoding of what it sends
        if (comm.rank() == 0) {
            Applied applied = null;
            boolean created = false;
            try {
                if (amode.contains(Amode.CREATE) && !Files.exists(path)) {
                    Files.createFile(path); // fails if another program made it meanwhile: a layout must go on a new file
                    created = true;
                    if (asked) applied = LayoutProbes.apply(path, hints.stripingUnit(), hints.stripingFactor(), calls);
                } else if (asked) {
                    applied = Applied.no(Files.exists(path) ? "the file exists: a layout is set only on a file this open creates"
                                                            : "amode has no CREATE: the layout is set only on a file this open creates");
                }
            } catch (IOException e) {
                bad = e;
            }
            if (bad == null) {
                StripeLayout layout = LayoutProbes.detect(path, calls);
                mine = new Result(withLayout(hints, layout), layout, applied, created);
                if (comm.size() > 1)
                    message = ((created ? "1" : "0") + "\n" + (applied == null ? "-" : (applied.applied() ? "1" : "0") + applied.detail().replace('\n', ' '))
                            + "\n" + layout.encode()).getBytes(StandardCharsets.UTF_8);
            }
        }
        // one broadcast carries rank 0's outcome and the layout: rank 0 alone did anything here, so its failure is all there is to agree on
        byte[] got0 = comm.size() == 1 && bad == null ? null : comm.shareFromRoot(where, 0, message, bad);
        if (mine != null) return mine;
        String[] got = new String(got0, StandardCharsets.UTF_8).split("\n", 3);
        String a = got[1];
        Applied applied = a.equals("-") ? null : new Applied(a.charAt(0) == '1', a.substring(1));
        StripeLayout layout = StripeLayout.decode(got[2]);
        return new Result(withLayout(hints, layout), layout, applied, got[0].equals("1"));
    }

    /** {@code striping_unit} and {@code striping_factor} from the layout where the hints have their defaults and the layout knows them. */
    public static Hints withLayout(Hints hints, StripeLayout layout) {
        Hints h = hints;
        if (layout.stripeUnit().known()) h = h.withFileSystem(Hints.STRIPING_UNIT, layout.stripeUnit().value(), layout.fsType() + ": " + layout.stripeUnit().source());
        if (layout.stripeCount().known()) h = h.withFileSystem(Hints.STRIPING_FACTOR, layout.stripeCount().value(), layout.fsType() + ": " + layout.stripeCount().source());
        return h;
    }
}
