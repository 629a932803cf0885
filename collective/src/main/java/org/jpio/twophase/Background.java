package org.jpio.twophase;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The background thread of one call's window reads or writes (a daemon: it never holds the JVM up). */
final class Background {
    private Background() { }

    static ExecutorService thread(String name) {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }
}
