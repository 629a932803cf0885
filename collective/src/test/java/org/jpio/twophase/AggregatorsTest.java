package org.jpio.twophase;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * ROMIO's rules for cb_config_list and cb_nodes, by table. The one-host rows are what MPICH 4.0's ROMIO
 * reports in romio_aggregator_list for 4 processes on one host ({@code AggregatorsRomioTest} compares
 * with it live); the several-host rows follow the same code paths.
 */
class AggregatorsTest {
    static final String[] ONE = {"h", "h", "h", "h"};
    static final String[] HOSTS = {"a", "a", "b", "b", "c"};

    @Test void oneHostAsRomioChooses() {
        assertArrayEquals(new int[] {0}, Aggregators.choose(ONE, 0, null));
        assertArrayEquals(new int[] {0}, Aggregators.choose(ONE, 0, "h"));
        assertArrayEquals(new int[] {0}, Aggregators.choose(ONE, 0, "h,h,h,h"), "a host is taken out once named");
        assertArrayEquals(new int[] {0, 1}, Aggregators.choose(ONE, 0, "h:2,h:2"));
        assertArrayEquals(new int[] {0, 1}, Aggregators.choose(ONE, 0, "*:2"));
        assertArrayEquals(new int[] {0, 1, 2, 3}, Aggregators.choose(ONE, 0, "*:*"));
        assertArrayEquals(new int[] {0, 1, 2, 3}, Aggregators.choose(ONE, 0, "h:*"));
        assertArrayEquals(new int[] {0}, Aggregators.choose(ONE, 0, "*,*"));
        assertArrayEquals(new int[] {0, 1, 2}, Aggregators.choose(ONE, 0, "*:3,h"));
        assertArrayEquals(new int[] {0, 1, 2}, Aggregators.choose(ONE, 3, "*:*"));
        assertArrayEquals(new int[] {0}, Aggregators.choose(ONE, 3, "*:1"), "cb_nodes caps, it does not add");
        assertArrayEquals(new int[] {0}, Aggregators.choose(ONE, 2, "h,h,h,h"));
        assertArrayEquals(new int[] {0}, Aggregators.choose(ONE, 0, "nohost,*"), "a host the job does not run on matches nothing");
        assertArrayEquals(new int[] {0}, Aggregators.choose(ONE, 0, "h:1,*:2"));
    }

    @Test void severalHosts() {
        assertArrayEquals(new int[] {0, 2, 4}, Aggregators.choose(HOSTS, 0, null));
        assertArrayEquals(new int[] {0, 2}, Aggregators.choose(HOSTS, 2, null));
        assertArrayEquals(new int[] {0, 1, 2, 3, 4}, Aggregators.choose(HOSTS, 0, "*:2"), "a host's ranks together, hosts in rank order");
        assertArrayEquals(new int[] {0, 1, 2}, Aggregators.choose(HOSTS, 3, "*:2"));
        assertArrayEquals(new int[] {2, 3, 0, 4}, Aggregators.choose(HOSTS, 0, "b:*,*:1"));
        assertArrayEquals(new int[] {4, 0}, Aggregators.choose(HOSTS, 0, "c, a:1"));
        assertArrayEquals(new int[] {2}, Aggregators.choose(HOSTS, 0, "b,b,b"));
    }

    @Test void listsThatChooseNothingOrCannotBeReadAreNamed() {
        var e = assertThrows(IllegalArgumentException.class, () -> Aggregators.choose(HOSTS, 0, "d:1"));
        assertTrue(e.getMessage().contains("chooses no aggregator") && e.getMessage().contains("a,b,c"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Aggregators.choose(HOSTS, 0, "a:x"));
        assertTrue(e.getMessage().contains("entry=\"a:x\""), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Aggregators.choose(HOSTS, 0, "*:0"));
        assertTrue(e.getMessage().contains("chooses no aggregator"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Aggregators.choose(ONE, 0, "h:0,*"));
        assertTrue(e.getMessage().contains("chooses no aggregator"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Aggregators.choose(ONE, 0, ":2"));
        assertTrue(e.getMessage().contains("empty host name"), e.getMessage());
    }
}
