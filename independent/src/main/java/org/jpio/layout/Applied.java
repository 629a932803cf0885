package org.jpio.layout;

/** The outcome of setting a layout on a new file: applied (and what exactly), or not applied and why. */
public record Applied(boolean applied, String detail) {
    public static Applied yes(String what) { return new Applied(true, what); }

    public static Applied no(String why) { return new Applied(false, why); }

    @Override public String toString() { return (applied ? "applied: " : "not applied: ") + detail; }
}
