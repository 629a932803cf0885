package org.jpio.twophase;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AggregatorsTest {
    static final String[] HOSTS = {"a", "a", "b", "b", "c"};

    @Test void onePerHostByDefault() {
        assertArrayEquals(new int[] {0, 2, 4}, Aggregators.choose(HOSTS, 0, null));
        assertArrayEquals(new int[] {0, 2}, Aggregators.choose(HOSTS, 2, null));
        assertArrayEquals(new int[] {0, 2, 4}, Aggregators.choose(HOSTS, 8, "*:1"));
    }

    @Test void severalPerHostRoundRobin() {
        assertArrayEquals(new int[] {0, 2, 4, 1, 3}, Aggregators.choose(HOSTS, 0, "*:2"));
        assertArrayEquals(new int[] {0, 2, 4, 1}, Aggregators.choose(HOSTS, 4, "*:*"));
    }

    @Test void namedHostsFirst() {
        assertArrayEquals(new int[] {2, 3, 0, 4}, Aggregators.choose(HOSTS, 0, "b:*,*:1"));
        assertArrayEquals(new int[] {4, 0}, Aggregators.choose(HOSTS, 0, "c, a:1"));
    }

    @Test void badListsAreNamed() {
        var e = assertThrows(IllegalArgumentException.class, () -> Aggregators.choose(HOSTS, 0, "d:1"));
        assertTrue(e.getMessage().contains("host=d"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Aggregators.choose(HOSTS, 0, "a:x"));
        assertTrue(e.getMessage().contains("entry=\"a:x\""), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Aggregators.choose(HOSTS, 0, "*:0"));
        assertTrue(e.getMessage().contains("selects no aggregator"), e.getMessage());
    }
}
