package org.jpio.format;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether the HDF Group's Java bindings can run in this JVM, and why not. jpio does not require them:
 * the h5 format is registered everywhere, and this check, made once, names what is missing and how to
 * install it. Only this class and the H5* classes it guards touch {@code hdf.hdf5lib}; they are loaded
 * when an h5 file is used, so a JVM without the bindings never loads them.
 *
 * <p>The bindings are three parts: the jar ({@code hdf.hdf5lib}, Debian's libhdf5-java), SLF4J (which the
 * jar logs through) and the JNI library {@code libhdf5_java.so} (libhdf5-jni), found on
 * {@code java.library.path}, else in Debian's JNI directory {@code /usr/lib/<multiarch>/jni}, or at the path in
 * the system property {@code hdf.hdf5lib.H5.hdf5lib}, the bindings' own way to name it.
 */
final class H5Library {
    /** The bindings' system property naming libhdf5_java.so by absolute path. */
    static final String LIBRARY_PROPERTY = "hdf.hdf5lib.H5.hdf5lib";
    private static final String INSTALL = "on Debian: apt-get install libhdf5-java libhdf5-jni (jpio's scripts/bootstrap.sh does, and"
            + " scripts/install-hdf5-jar.sh puts the jar in the local Maven repository as org.hdfgroup:jarhdf5)";

    private static volatile Optional<String> unavailable;

    private H5Library() { }

    /** Why HDF5 cannot be used here, or empty; checked once per JVM. */
    static Optional<String> unavailableReason() {
        Optional<String> u = unavailable;
        if (u == null) {
            synchronized (H5Library.class) {
                if (unavailable == null) unavailable = Optional.ofNullable(check());
                u = unavailable;
            }
        }
        return u;
    }

    /** Throws the reason as an IllegalStateException when HDF5 cannot be used. */
    static void require() {
        unavailableReason().ifPresent(why -> { throw new IllegalStateException("format h5 is unavailable: " + why); });
    }

    /**
     * libhdf5_java.so where Debian's libhdf5-jni installs it ({@code /usr/lib/<multiarch>/jni}), when it is
     * not on java.library.path: Open MPI's mpirun sets java.library.path to its own directory for every
     * JVM it starts, which hides the system's JNI directories.
     */
    private static Path debianJni() {
        String libraryPath = System.getProperty("java.library.path", "");
        for (String dir : libraryPath.split(java.io.File.pathSeparator))
            if (!dir.isEmpty() && Files.isRegularFile(Path.of(dir, "libhdf5_java.so"))) return null; // loadLibrary finds it
        try (DirectoryStream<Path> arches = Files.newDirectoryStream(Path.of("/usr/lib"), p -> Files.isDirectory(p.resolve("jni")))) {
            for (Path arch : arches) {
                Path lib = arch.resolve("jni").resolve("libhdf5_java.so");
                if (Files.isRegularFile(lib)) return lib;
            }
        } catch (IOException | SecurityException e) {
            return null; // no /usr/lib to look in: java.library.path decides alone
        }
        Path plain = Path.of("/usr/lib/jni/libhdf5_java.so");
        return Files.isRegularFile(plain) ? plain : null;
    }

    private static String check() {
        ClassLoader loader = H5Library.class.getClassLoader();
        try {
            Class.forName("hdf.hdf5lib.H5", false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return "the HDF5 Java bindings (class hdf.hdf5lib.H5 of jarhdf5.jar) are not on the class path; " + INSTALL
                    + ", then add /usr/share/java/jarhdf5.jar and SLF4J (slf4j-api) to the class path";
        }
        try {
            Class.forName("org.slf4j.LoggerFactory", false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return "SLF4J (org.slf4j.LoggerFactory), which the HDF5 Java bindings log through, is not on the class path:"
                    + " add slf4j-api (and slf4j-nop to keep it quiet), on Debian /usr/share/java/slf4j-api.jar from libslf4j-java";
        }
        String path = System.getProperty(LIBRARY_PROPERTY);
        try {
            if (path != null && !path.isEmpty()) {
                System.load(path);                              // what the bindings would do; a failure here is named, not printed
            } else {
                Path found = debianJni();
                if (found == null) {
                    System.loadLibrary("hdf5_java");
                } else {                                        // mpirun replaces java.library.path: look where libhdf5-jni puts it
                    System.load(found.toString());
                    System.setProperty(LIBRARY_PROPERTY, found.toString()); // so the bindings load this same file
                }
            }
        } catch (UnsatisfiedLinkError | SecurityException e) {
            return "the HDF5 JNI library libhdf5_java.so cannot be loaded (" + e.getMessage() + "; " + LIBRARY_PROPERTY + "=" + path
                    + ", java.library.path=" + System.getProperty("java.library.path") + ", not in /usr/lib/*/jni either); " + INSTALL
                    + " (it puts libhdf5_java.so in /usr/lib/x86_64-linux-gnu/jni), or pass -D" + LIBRARY_PROPERTY + "=/path/to/libhdf5_java.so";
        }
        try {
            Class.forName("hdf.hdf5lib.H5", true, loader);
            return H5Files.version() == null ? "the HDF5 library did not report its version" : null;
        } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
            Throwable c = e instanceof ExceptionInInitializerError && e.getCause() != null ? e.getCause() : e;
            return "the HDF5 Java bindings failed to start: " + c; // a jar and a libhdf5_java.so of different versions, say
        }
    }
}
