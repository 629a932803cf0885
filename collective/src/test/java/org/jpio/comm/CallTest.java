package org.jpio.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A call's name is what errors and watchdog reports print; it is formatted only when one of them asks. */
class CallTest {
    /** A path that counts how often it is formatted. */
    private static Object countingPath(AtomicInteger formatted) {
        return new Object() {
            @Override public String toString() {
                formatted.incrementAndGet();
                return "/data/f.h5";
            }
        };
    }

    @Test
    void aNestedCallIsNamedOuterFirstAndOnlyWhenAsked() {
        AtomicInteger formatted = new AtomicInteger();
        Call outer = new Call("read", countingPath(formatted), 1000);
        Call inner = new Call("set_view", countingPath(formatted), 2000).inside(outer);
        assertEquals(0, formatted.get(), "making calls formats nothing");
        assertEquals("read path=/data/f.h5: set_view path=/data/f.h5", inner.name());
        assertEquals(2000, inner.watchdogMillis());
        assertEquals(2, formatted.get());
        inner.name();
        assertEquals(2, formatted.get(), "a name is formatted once");
        Call plain = new Call("write_all path=/x", 0);
        assertEquals("write_all path=/x", plain.name());
        assertTrue(plain.inside(null) == plain);
        assertEquals("Call[name=write_all path=/x, watchdogMillis=0]", plain.toString());
    }

    @Test
    void badCallsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Call(null, 0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Call("open", "/p", -1));
        assertTrue(e.getMessage().contains("watchdogMillis=-1"), e.getMessage());
    }

    @Test
    void currentCallNamesTheUsersCallFirst() {
        CurrentCall c = new CurrentCall();
        Call user = new Call("write", "f.npy", 0);
        Call outer = c.enter(user);
        Call was = c.enter(new Call("write_all", "f.npy", 0));
        assertEquals("write path=f.npy: write_all path=f.npy", c.get().name());
        c.leave(was);
        assertEquals(user, c.get());
        c.leave(outer);
        assertEquals(null, c.get());
    }
}
