package org.jpio.checkpoint;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** jpio's version, as the build stamped it into {@code version.properties}: recorded in every manifest. */
final class Version {
    static final String JPIO = read();

    private Version() { }

    private static String read() {
        try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
            if (in == null) throw new IllegalStateException("org/jpio/checkpoint/version.properties is missing from the class path (a build problem)");
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
