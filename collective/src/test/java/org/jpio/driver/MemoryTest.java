package org.jpio.driver;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import org.jpio.io.ElementType;
import org.jpio.view.Datatype;
import org.jpio.view.Order;
import org.junit.jupiter.api.Test;

/** Where a memory datatype places a transfer's elements, how many stretches a range has, and the placements kept by value. */
class MemoryTest {
    /** The 2x3 interior of a 4x5 int array, at (1, 1): array indices 6-8 and 11-13. */
    private static Datatype interior() {
        return Datatype.subarray(new int[] {4, 5}, new int[] {2, 3}, new int[] {1, 1}, Order.C, Datatype.of(ElementType.INT));
    }

    private static List<String> stretches(Memory m, long from, long n) {
        List<String> out = new ArrayList<>();
        m.forEach(from, n, (at, c) -> out.add(at + "+" + c));
        return out;
    }

    @Test
    void stretchesOfRangesByTable() {
        Memory m = Memory.of(interior(), 1, ElementType.INT, 20);
        // from, n, the stretches forEach gives
        Object[][] table = {
                {0L, 6L, List.of("6+3", "11+3")},
                {1L, 2L, List.of("7+2")},
                {2L, 2L, List.of("8+1", "11+1")},
                {3L, 3L, List.of("11+3")},
                {5L, 1L, List.of("13+1")},
                {4L, 0L, List.of()},
        };
        for (Object[] row : table) {
            long from = (Long) row[0], n = (Long) row[1];
            assertEquals(row[2], stretches(m, from, n), "from=" + from + " n=" + n);
            assertEquals(((List<?>) row[2]).size(), m.stretches(from, n), "stretches from=" + from + " n=" + n);
        }
        Memory flat = Memory.contiguous(4);
        assertEquals(1, flat.stretches(10, 100));
        assertEquals(0, flat.stretches(10, 0));
    }

    @Test
    void equalTypesShareOnePlacementAndOthersDoNot() {
        Memory a = Memory.of(interior(), 1, ElementType.INT, 20);
        assertSame(a, Memory.of(interior(), 1, ElementType.INT, 20), "an equal type built again is flattened again");
        assertNotSame(a, Memory.of(interior(), 1, ElementType.INT, 21));
        assertNotSame(a, Memory.of(interior(), 2, ElementType.INT, 40));
        assertEquals(List.of("6+3", "11+3", "26+3", "31+3"), stretches(Memory.of(interior(), 2, ElementType.INT, 40), 0, 12));
    }

    @Test
    void aTypeOutsideTheArrayFailsEveryTime() {
        for (int i = 0; i < 2; i++) {
            var e = assertThrows(IllegalArgumentException.class, () -> Memory.of(interior(), 1, ElementType.INT, 13));
            assertTrue(e.getMessage().contains("length=13"), e.getMessage());
        }
    }
}
