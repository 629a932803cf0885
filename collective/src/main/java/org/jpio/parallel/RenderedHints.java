package org.jpio.parallel;

import java.util.AbstractMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Hints rendered the first time they are read. A {@link org.jpio.array.DistributedArray} keeps the hints of
 * every read and write it makes, and most are never looked at; building their dozen strings on every call
 * cost a one-shot call (a restart's read, run by the JVM's interpreter) a tenth of its time around the
 * copy. What the strings are made from is fixed when the call ends (the counts are taken then), so the
 * map reads the same whenever it is first read. Unmodifiable; iterates in the order rendered.
 */
public final class RenderedHints extends AbstractMap<String, String> {
    private Supplier<Map<String, String>> render;
    private volatile Map<String, String> rendered;

    /** {@code render} makes a new map, which this one then owns (it is called once). */
    public RenderedHints(Supplier<Map<String, String>> render) { this.render = render; }

    private Map<String, String> map() {
        Map<String, String> m = rendered;
        if (m == null) {
            synchronized (this) {
                m = rendered;
                if (m == null) {
                    rendered = m = java.util.Collections.unmodifiableMap(render.get()); // the supplier makes a new map: no copy
                    render = null; // what it was made from may go
                }
            }
        }
        return m;
    }

    @Override public Set<Entry<String, String>> entrySet() { return map().entrySet(); }

    @Override public String get(Object key) { return map().get(key); }

    @Override public boolean containsKey(Object key) { return map().containsKey(key); }

    @Override public int size() { return map().size(); }
}
