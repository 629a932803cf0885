package org.jpio.examples.bench;

import java.util.Locale;

/** Byte sizes as people type them: "4096", "64k", "256m", "1g" (binary multiples, case-insensitive, optional "b"/"ib"). */
public final class Sizes {
    private Sizes() { }

    public static long parse(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        if (s.endsWith("ib")) s = s.substring(0, s.length() - 2);
        else if (s.endsWith("b") && s.length() > 1 && !Character.isDigit(s.charAt(s.length() - 2))) s = s.substring(0, s.length() - 1);
        int shift = 0;
        if (!s.isEmpty()) {
            switch (s.charAt(s.length() - 1)) {
                case 'k' -> shift = 10;
                case 'm' -> shift = 20;
                case 'g' -> shift = 30;
                case 't' -> shift = 40;
                default -> shift = -1;
            }
            if (shift >= 0) s = s.substring(0, s.length() - 1);
            else shift = 0;
        }
        long n;
        try {
            n = Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("size=" + text + " is not a size (examples: 4096, 64k, 256m, 1g)");
        }
        if (n < 0 || n > Long.MAX_VALUE >> shift) throw new IllegalArgumentException("size=" + text + " is out of range");
        return n << shift;
    }

    /** "256 MiB", "4 KiB", "1000 B": the largest binary unit that divides the size, else bytes. */
    public static String format(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int u = 0;
        while (u < units.length - 1 && bytes != 0 && bytes % 1024 == 0) {
            bytes /= 1024;
            u++;
        }
        return bytes + " " + units[u];
    }
}
