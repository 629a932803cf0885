package org.jpio.file;

/** The package-private switches the negative controls of the lock tests turn off, for tests in other packages. */
public final class TestSwitches {
    private TestSwitches() { }

    /** Restores a switch; closing it twice is harmless. */
    public interface Restore extends AutoCloseable {
        @Override void close();
    }

    /** Until closed, every shared holder takes its own OS lock, as before RangeLocks counted them. */
    public static Restore withoutSharedOsLocks() {
        RangeLocks.shareOsLocks = false;
        return () -> RangeLocks.shareOsLocks = true;
    }

    /** Until closed, sieved writes read, modify and write their windows without locking them. */
    public static Restore withoutSieveLocks() {
        DataSieve.lockWindows = false;
        return () -> DataSieve.lockWindows = true;
    }
}
