package org.jpio.engine;

/**
 * The other JVM of {@link NativeCacheTest}: loads libjpio.so the way a user's program does (the test
 * chooses the JVM's options and environment) and prints two lines: where it came from (or why not), and
 * the default engine with the reasons of those passed over.
 */
public final class NativeLoadChild {
    private NativeLoadChild() { }

    public static void main(String[] args) {
        System.out.println("outcome " + NativeLibrary.outcome(NativeEngine.LIBRARY));
        System.out.println("choice " + Engines.choice());
    }
}
