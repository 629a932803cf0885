package org.jpio.view;

/** Cursor building blocks: a mutable run holder, the empty cursor, merging and truncation. */
final class Cursors {
    private Cursors() { }

    /** Base of the internal cursors: subclasses set {@code off}/{@code len} in {@link #next()}. */
    abstract static class Base implements RunCursor {
        long off, len;
        @Override public final long offset() { return off; }
        @Override public final long length() { return len; }
    }

    /**
     * A cursor over copies of an inner type: {@link #step()} either sets a run itself, or hands the next
     * copy's cursor to {@link #descend} (whose runs are then passed through), or reports the end.
     */
    abstract static class Nested extends Base {
        private RunCursor sub;

        /** Sets off/len, or calls descend, and returns true; false at the end. */
        abstract boolean step();

        final void descend(RunCursor inner) { sub = inner; }

        @Override public final boolean next() {
            while (true) {
                if (sub != null) {
                    if (sub.next()) { off = sub.offset(); len = sub.length(); return true; }
                    sub = null;
                }
                if (!step()) return false;
                if (sub == null) return true;
            }
        }
    }

    static RunCursor empty() {
        return new Base() { @Override public boolean next() { return false; } };
    }

    /** A cursor with exactly one run (nothing when the length is 0). */
    static RunCursor single(long offset, long length) {
        return new Base() {
            boolean done = length == 0;
            @Override public boolean next() {
                if (done) return false;
                done = true;
                off = offset;
                len = length;
                return true;
            }
        };
    }

    /** Drops empty runs and joins runs that continue exactly where the previous one ended. */
    static RunCursor merge(RunCursor in) {
        return new Base() {
            boolean pending = false;
            long pOff, pLen;
            boolean exhausted = false;
            @Override public boolean next() {
                if (exhausted && !pending) return false;
                while (!exhausted) {
                    if (!in.next()) { exhausted = true; break; }
                    long o = in.offset(), l = in.length();
                    if (l == 0) continue;
                    if (!pending) { pOff = o; pLen = l; pending = true; continue; }
                    if (pOff + pLen == o) { pLen += l; continue; }
                    off = pOff; len = pLen;
                    pOff = o; pLen = l;
                    return true;
                }
                if (!pending) return false;
                off = pOff; len = pLen;
                pending = false;
                return true;
            }
        };
    }

    /** The first {@code bytes} bytes of {@code in}, cutting the last run short. */
    static RunCursor take(RunCursor in, long bytes) {
        return new Base() {
            long left = bytes;
            @Override public boolean next() {
                while (left > 0 && in.next()) {
                    if (in.length() == 0) continue;
                    off = in.offset();
                    len = Math.min(left, in.length());
                    left -= len;
                    return true;
                }
                return false;
            }
        };
    }
}
