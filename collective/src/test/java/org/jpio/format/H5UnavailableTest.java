package org.jpio.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * jpio does not require HDF5: in a JVM without the bindings' jar, without SLF4J, or without
 * libhdf5_java.so, RAW and NPY work, h5 stays registered, and using it says what is missing and how to
 * install it, on every rank, before any file is made. The same JVM with everything present is the
 * negative control: there h5 is available and writes its file.
 */
class H5UnavailableTest {
    @TempDir Path dir;

    private String run(String classPath, String... jvmOptions) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1"));
        cmd.addAll(List.of(jvmOptions));
        String nativeDir = System.getProperty("jpio.native.dir");
        if (nativeDir != null) cmd.add("-Djpio.native.dir=" + nativeDir);
        cmd.addAll(List.of("-cp", classPath, H5MissingMain.class.getName(), dir.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("format raw unavailable=no") && out.contains("format npy unavailable=no") && out.contains("raw and npy ok: 48 176"), out);
        return out;
    }

    private static String classPathWithout(String... parts) {
        return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> Stream.of(parts).noneMatch(e::contains)).collect(Collectors.joining(File.pathSeparator));
    }

    @Test
    void withoutTheJarH5SaysWhatIsMissingAndHowToInstallIt() throws Exception {
        String out = run(classPathWithout("jarhdf5", "slf4j"));
        assertTrue(out.contains("format h5 unavailable=the HDF5 Java bindings (class hdf.hdf5lib.H5 of jarhdf5.jar) are not on the class path"), out);
        assertTrue(out.contains("by ending: format h5 is unavailable: the HDF5 Java bindings") && out.contains("apt-get install libhdf5-java libhdf5-jni"), out);
        assertTrue(out.contains("write: ") && out.contains("format h5 is unavailable") && out.contains("left behind: false"), out);
    }

    @Test
    void withoutSlf4jOrTheJniLibraryH5NamesThatPart() throws Exception {
        String noLogger = run(classPathWithout("slf4j"));
        assertTrue(noLogger.contains("format h5 unavailable=SLF4J (org.slf4j.LoggerFactory)"), noLogger);
        String noJni = run(System.getProperty("java.class.path"), "-D" + H5Library.LIBRARY_PROPERTY + "=" + dir.resolve("missing/libhdf5_java.so"));
        assertTrue(noJni.contains("format h5 unavailable=the HDF5 JNI library libhdf5_java.so cannot be loaded") && noJni.contains("missing/libhdf5_java.so")
                && noJni.contains("apt-get install libhdf5-java libhdf5-jni"), noJni);
    }

    @Test
    void withEverythingPresentH5IsAvailable() throws Exception {
        String out = run(System.getProperty("java.class.path"));
        assertTrue(out.contains("format h5 unavailable=no") && out.contains("h5 selected") && out.contains("h5 written") && out.contains("left behind: true"), out);
    }
}
