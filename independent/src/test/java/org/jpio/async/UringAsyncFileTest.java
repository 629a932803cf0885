package org.jpio.async;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;

/** The async contract on the io_uring engine (skipped, with the reason, where the kernel refuses io_uring). */
class UringAsyncFileTest extends AsyncFileContract {
    @BeforeAll
    static void available() {
        var why = new UringEngine().unavailableReason();
        Assumptions.assumeTrue(why.isEmpty(), () -> "io_uring unavailable: " + why.orElse(""));
    }

    @Override String engine() { return UringEngine.NAME; }
}
