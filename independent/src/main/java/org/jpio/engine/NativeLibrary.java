package org.jpio.engine;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Loads jpio's native libraries ({@code libjpio.so}, {@code libjpiouring.so}, the MPI bridges
 * {@code libjpiompi-<abi>.so}) once per JVM, and remembers where each came from or why it did not load,
 * so that the engine or communicator that needs it can say so ({@link #info()}; one DEBUG line per
 * library on the {@code org.jpio.native} System.Logger).
 *
 * <p>Search order, first that loads wins: the directory {@code -Djpio.native.dir} (set by the build for
 * tests and by {@code bin/jpio}), the directories of {@code java.library.path} (the system library path,
 * {@code LD_LIBRARY_PATH} included), then the copy packaged in the jpio-native jar under
 * {@code org/jpio/native/}, unpacked once per content into a private per-user cache ({@link NativeCache}).
 */
public final class NativeLibrary {
    private static final System.Logger LOG = System.getLogger("org.jpio.native");
    private static final Map<String, Outcome> OUTCOMES = new LinkedHashMap<>();

    private NativeLibrary() { }

    /**
     * What happened to one library: loaded from {@code path} (found through {@code source}), or not, and why.
     *
     * @param file    the file name, {@code lib<name>.so}
     * @param path    where it was loaded from; empty when it did not load
     * @param source  how it was found: {@code -Djpio.native.dir}, {@code java.library.path}, or the jar and cache
     * @param failure why it did not load, naming every place tried; empty when it loaded
     */
    public record Outcome(String file, Optional<Path> path, String source, Optional<String> failure) {
        @Override public String toString() {
            return file + ": " + path.map(p -> p + " (" + source + ")").orElseGet(() -> "not loaded: " + failure.orElse("?"));
        }
    }

    /**
     * Loads {@code lib<name>.so}; returns empty when loaded (now or before), otherwise the reason it
     * could not be, naming the places searched and the loader's error.
     */
    public static Optional<String> load(String name) {
        return outcome(name).failure();
    }

    /** Loads {@code lib<name>.so} if not tried yet, and tells what happened. */
    public static synchronized Outcome outcome(String name) {
        Outcome o = OUTCOMES.get(name);
        if (o == null) {
            o = tryLoad(name);
            OUTCOMES.put(name, o);
            LOG.log(System.Logger.Level.DEBUG, "jpio: {0}", o);
        }
        return o;
    }

    /** One line per library this JVM tried so far: where it loaded from, or why it did not. */
    public static synchronized String info() {
        StringBuilder b = new StringBuilder();
        for (Outcome o : OUTCOMES.values()) b.append(b.length() == 0 ? "" : "\n").append(o);
        return b.toString();
    }

    /**
     * Where {@code lib<name>.so} is outside the jar, without loading it: the first such file in
     * {@code -Djpio.native.dir} or {@code java.library.path}; empty when only the jar has it (or nothing).
     */
    public static Optional<Path> find(String name) {
        return installed("lib" + name + ".so").stream().findFirst().map(Map.Entry::getKey);
    }

    /** The files called {@code file} in -Djpio.native.dir and the java.library.path directories, with how each was found. */
    private static List<Map.Entry<Path, String>> installed(String file) {
        List<Map.Entry<Path, String>> found = new ArrayList<>();
        String dir = System.getProperty("jpio.native.dir");
        if (dir != null && !dir.isEmpty() && Files.isRegularFile(Path.of(dir, file)))
            found.add(Map.entry(Path.of(dir, file).toAbsolutePath(), "-Djpio.native.dir"));
        for (String d : System.getProperty("java.library.path", "").split(File.pathSeparator)) {
            if (!d.isBlank() && Files.isRegularFile(Path.of(d, file)))
                found.add(Map.entry(Path.of(d, file).toAbsolutePath(), "java.library.path"));
        }
        return found;
    }

    private static Outcome tryLoad(String name) {
        String file = "lib" + name + ".so";
        List<String> why = new ArrayList<>();
        String dir = System.getProperty("jpio.native.dir");
        if (dir != null && !dir.isEmpty() && !Files.isRegularFile(Path.of(dir, file))) why.add(Path.of(dir, file) + ": no such file");
        for (Map.Entry<Path, String> f : installed(file)) {
            Optional<Path> p = loadFrom(f.getKey(), why);
            if (p.isPresent()) return new Outcome(file, p, f.getValue(), Optional.empty());
        }
        String resource = "/org/jpio/native/" + file;
        URL url = NativeLibrary.class.getResource(resource);
        if (url == null) {
            why.add("class path " + resource + ": not packaged (the jpio-native jar is not on the class path, or was built without it)");
            return failed(file, why);
        }
        byte[] content;
        long uid;
        try (InputStream in = url.openStream()) {
            content = in.readAllBytes();
            uid = NativeCache.uid();
        } catch (IOException e) {
            why.add("class path " + resource + ": " + e);
            return failed(file, why);
        }
        for (Path root : NativeCache.roots(properties(), System.getenv(), uid)) {
            Path p;
            try {
                p = NativeCache.file(root, file, content, uid);
            } catch (IOException | RuntimeException e) {
                why.add(cacheFailure(root, e));
                continue;
            }
            if (loadFrom(p, why).isPresent()) {
                String skipped = why.isEmpty() ? "" : "; skipped: " + String.join("; ", why);
                return new Outcome(file, Optional.of(p), "from " + origin(url) + ", unpacked into the cache " + root + skipped, Optional.empty());
            }
        }
        return failed(file, why);
    }

    /**
     * Why a cache root could not serve. The JDK's exceptions for a path in the way (an existing file where
     * a directory is needed) carry only the path as their message: those get the root and the kind added.
     */
    static String cacheFailure(Path root, Exception e) {
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() == null)
            return "cache " + root + ": " + f.getClass().getSimpleName() + " " + f.getFile();
        return e.getMessage();
    }

    /** System.load of an existing file; on failure adds the loader's reason to {@code why}. */
    private static Optional<Path> loadFrom(Path p, List<String> why) {
        if (!Files.isRegularFile(p)) {
            why.add(p + ": no such file");
            return Optional.empty();
        }
        try {
            System.load(p.toAbsolutePath().toString());
            return Optional.of(p.toAbsolutePath());
        } catch (UnsatisfiedLinkError e) {
            why.add(p + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    private static Outcome failed(String file, List<String> why) {
        return new Outcome(file, Optional.empty(), "", Optional.of(String.join("; ", why)));
    }

    /** The jar (or directory) a resource URL points into. */
    static String origin(URL url) {
        String s = url.toString();
        if (s.startsWith("jar:file:")) return s.substring(9, s.indexOf("!/"));
        if (s.startsWith("file:")) return s.substring(5, s.lastIndexOf("/org/jpio/native/"));
        return s;
    }

    private static Map<String, String> properties() {
        Map<String, String> m = new LinkedHashMap<>();
        for (String k : new String[] {NativeCache.PROPERTY, "user.home", "java.io.tmpdir"}) {
            String v = System.getProperty(k);
            if (v != null) m.put(k, v);
        }
        return m;
    }

    // ---- dlopen(RTLD_GLOBAL), for the MPI bridges (in libjpio.so, see jpio_dl.c) -------------------

    /**
     * Opens a shared library with {@code RTLD_NOW | RTLD_GLOBAL}, so that libraries loaded later resolve
     * their symbols against it (System.load keeps each library's symbols to itself). {@code file} is a
     * name ld.so looks up ({@code libmpi.so.40}) or a path. Returns the path ld.so opened; when it
     * cannot, UnsatisfiedLinkError with dlerror's text. Needs libjpio.so.
     */
    public static Path openGlobal(String file) {
        return Path.of(dlopen(file, false));
    }

    /** The path of {@code file} when this process has it loaded already (made global now), else empty. */
    public static Optional<Path> loadedGlobal(String file) {
        try {
            return Optional.of(Path.of(dlopen(file, true)));
        } catch (UnsatisfiedLinkError notLoaded) {
            return Optional.empty();
        }
    }

    private static String dlopen(String file, boolean loadedOnly) {
        load(NativeEngine.LIBRARY).ifPresent(why -> {
            throw new UnsatisfiedLinkError("cannot open " + file + ": libjpio.so, which opens it, did not load: " + why);
        });
        String[] r = dlopenGlobal(file, loadedOnly);
        if (r[0] == null) throw new UnsatisfiedLinkError(r[1]);
        return r[0];
    }

    private static native String[] dlopenGlobal(String file, boolean loadedOnly);

    /**
     * Sets environment variable {@code name} of this process to {@code value} unless it is set: for a
     * library about to be loaded that reads its configuration from the environment as it loads. Returns
     * whether it was set now. Needs libjpio.so. (glibc's setenv is not safe against a concurrent getenv
     * of another thread; call it before starting threads that read the environment.)
     */
    public static boolean setenvDefault(String name, String value) {
        load(NativeEngine.LIBRARY).ifPresent(why -> {
            throw new UnsatisfiedLinkError("cannot set " + name + ": libjpio.so did not load: " + why);
        });
        return setenvIfUnset(name, value);
    }

    private static native boolean setenvIfUnset(String name, String value);
}
