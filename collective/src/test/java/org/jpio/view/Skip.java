package org.jpio.view;

import java.util.ArrayList;
import java.util.List;

/** Test helper: a run list without its first bytes. */
final class Skip {
    private Skip() { }

    static List<Run> drop(List<Run> runs, long bytes) {
        List<Run> out = new ArrayList<>();
        for (Run r : runs) {
            if (bytes >= r.length()) { bytes -= r.length(); continue; }
            out.add(new Run(r.offset() + bytes, r.length() - bytes));
            bytes = 0;
        }
        return out;
    }
}
