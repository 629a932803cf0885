package org.jpio.comm.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The adaptive spin of an in-JVM rendezvous: its arithmetic by table and by property. */
class SpinBudgetTest {
    private static final long US = 1_000;

    @ParameterizedTest(name = "budget {0} us, waited {1} us, max {2} us -> {3} us")
    @CsvSource({
        // a short wait pulls the budget down to the minimum
        "20, 1, 500, 20",
        "400, 2, 500, 210",
        // a wait of 50 us: the target is 100 us, half way there
        "20, 50, 500, 60",
        "60, 50, 500, 80",
        // a wait that slept (wake-up included) raises the budget, up to the maximum
        "20, 150, 500, 160",
        "300, 400, 500, 400",
        // a wait past the maximum: the other ranks are busy, back towards the minimum
        "500, 600, 500, 260",
        "20, 5000, 500, 20",
        // a maximum below the minimum is the minimum
        "20, 15, 0, 20",
    })
    void movesHalfWayToTwiceTheWait(long budgetUs, long waitedUs, long maxUs, long expectedUs) {
        assertEquals(expectedUs * US, SpinBudget.next(budgetUs * US, waitedUs * US, maxUs * US));
    }

    @Test
    void staysBetweenTheMinimumAndTheMaximumAndSettlesOnARepeatedWait() {
        SplittableRandom random = new SplittableRandom(7);
        long max = 500 * US;
        long budget = SpinBudget.MIN_NANOS;
        for (int i = 0; i < 100_000; i++) {
            budget = SpinBudget.next(budget, random.nextLong(2_000 * US), max);
            assertTrue(budget >= SpinBudget.MIN_NANOS && budget <= max, "budget " + budget + " after step " + i);
        }
        for (int i = 0; i < 40; i++) budget = SpinBudget.next(budget, 70 * US, max);
        assertTrue(Math.abs(budget - 140 * US) <= US, "a repeated 70 us wait settles the budget at 140 us, not " + budget);
    }
}
