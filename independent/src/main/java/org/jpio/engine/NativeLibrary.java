package org.jpio.engine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Loads jpio's native libraries ({@code libjpio.so}, {@code libjpiouring.so}, {@code libjpiompi.so})
 * once, and remembers why one did not load so that the engine or backend that needs it can say so.
 *
 * <p>Search order: the directory in {@code -Djpio.native.dir} (set by the build for tests and by
 * {@code bin/jpio}), then the copy packaged in the jpio-native jar under {@code org/jpio/native/},
 * extracted to a temporary file.
 */
public final class NativeLibrary {
    private static final Map<String, Optional<String>> STATUS = new ConcurrentHashMap<>();

    private NativeLibrary() { }

    /**
     * Loads {@code lib<name>.so}; returns empty when loaded (now or before), otherwise the reason it
     * could not be, naming the places searched and the loader's error.
     */
    public static Optional<String> load(String name) {
        return STATUS.computeIfAbsent(name, NativeLibrary::tryLoad);
    }

    private static Optional<String> tryLoad(String name) {
        String file = "lib" + name + ".so";
        StringBuilder why = new StringBuilder();
        String dir = System.getProperty("jpio.native.dir");
        if (dir != null && !dir.isEmpty()) {
            Path p = Paths.get(dir, file);
            if (Files.isRegularFile(p)) {
                try {
                    System.load(p.toAbsolutePath().toString());
                    return Optional.empty();
                } catch (UnsatisfiedLinkError e) {
                    why.append(p).append(": ").append(e.getMessage()).append("; ");
                }
            } else {
                why.append(p).append(": no such file; ");
            }
        }
        String resource = "/org/jpio/native/" + file;
        try (InputStream in = NativeLibrary.class.getResourceAsStream(resource)) {
            if (in == null) {
                why.append("classpath ").append(resource).append(": not packaged (build native/ with make)");
                return Optional.of(why.toString());
            }
            Path tmp = Files.createTempFile("jpio-", "-" + file);
            tmp.toFile().deleteOnExit();
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            System.load(tmp.toString());
            return Optional.empty();
        } catch (IOException | UnsatisfiedLinkError e) {
            why.append("classpath ").append(resource).append(": ").append(e.getMessage());
            return Optional.of(why.toString());
        }
    }
}
