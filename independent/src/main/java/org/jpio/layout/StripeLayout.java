package org.jpio.layout;

import java.util.ArrayList;
import java.util.List;

/**
 * What jpio detected of the stripe layout of a file (or of the directory a new file will be made in):
 * the file system's type, the probe that read it, and four numbers, each a {@link Fact} with its source:
 * the stripe unit (bytes per stripe, ROMIO's {@code striping_unit}), the stripe count (devices or servers
 * a file's stripes rotate over, ROMIO's {@code striping_factor}), the file system's block size, and, on
 * CephFS, the object size.
 */
public record StripeLayout(String fsType, String probe, Fact stripeUnit, Fact stripeCount, Fact blockSize, Fact objectSize) {
    public StripeLayout {
        if (fsType == null || probe == null || stripeUnit == null || stripeCount == null || blockSize == null || objectSize == null)
            throw new IllegalArgumentException("stripe layout: every field is required (fsType=" + fsType + " probe=" + probe + ")");
    }

    /** Nothing known, for the reason given. */
    public static StripeLayout unknown(String fsType, String why) {
        Fact u = Fact.unknown(why);
        return new StripeLayout(fsType, "none", u, u, u, u);
    }

    /** A copy with stripe unit and count taken from {@code other} (a probe that knew them when this one did not). */
    public StripeLayout withStripesOf(StripeLayout other) {
        return new StripeLayout(fsType, probe + "+" + other.probe, other.stripeUnit, other.stripeCount, blockSize, objectSize);
    }

    /** One line per field, tab-separated, for sending the layout rank 0 read to the other ranks. */
    public String encode() {
        StringBuilder b = new StringBuilder(fsType.replace('\t', ' ').replace('\n', ' ')).append('\n').append(probe).append('\n');
        for (Fact f : List.of(stripeUnit, stripeCount, blockSize, objectSize))
            b.append(f.known() ? '1' : '0').append('\t').append(f.value()).append('\t').append(f.source()).append('\n');
        return b.toString();
    }

    /** The inverse of {@link #encode()}. */
    public static StripeLayout decode(String s) {
        String[] lines = s.split("\n");
        if (lines.length != 6) throw new IllegalArgumentException("encoded stripe layout has " + lines.length + " lines, expected 6: " + s);
        List<Fact> facts = new ArrayList<>();
        for (int i = 2; i < 6; i++) {
            String[] f = lines[i].split("\t", 3);
            if (f.length != 3) throw new IllegalArgumentException("encoded stripe layout line " + (i + 1) + " is not known<TAB>value<TAB>source: " + lines[i]);
            facts.add(new Fact(f[0].equals("1"), Long.parseLong(f[1]), f[2]));
        }
        return new StripeLayout(lines[0], lines[1], facts.get(0), facts.get(1), facts.get(2), facts.get(3));
    }
}
