package org.jpio.comm;

/**
 * A 64-bit digest of text (FNV-1a over the UTF-16 code units, then a final mix so that near-equal texts
 * differ in many bits): what ranks compare to learn in one small collective that they passed the same
 * path, mode and hints. Equal digests of different texts would need a 2^-64 coincidence; differing
 * digests are then explained by exchanging the texts themselves.
 */
public final class Fingerprint {
    private Fingerprint() { }

    /** The digest of several texts in order, each ended by a NUL, so that ("ab", "c") and ("a", "bc") differ. */
    public static long of(String... texts) {
        StringBuilder b = new StringBuilder();
        for (String t : texts) b.append(t).append('\0');
        return of(b);
    }

    /** The digest of two digests in order (of texts digested apart, one of them kept because it never changes). */
    public static long combine(long first, long second) { return mix(first * 0x100000001b3L ^ second); }

    public static long of(CharSequence s) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= 0x100000001b3L;
        }
        return mix(h);
    }

    private static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h;
    }
}
