package org.jpio.examples.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command that starts another JVM like this one: the same java binary, JVM options (JAVA_OPTS), class
 * path and jpio.* system properties (which may have been set in-process, e.g. by Maven's surefire, and so
 * are not among the JVM's input arguments). A debugger agent is not passed on: two JVMs cannot listen on
 * one port.
 */
public final class JavaLauncher {
    private static final List<String> PROPERTIES = List.of("jpio.home", "jpio.native.dir", "jpio.engine", "jpio.nio.chunk");

    private JavaLauncher() { }

    public static List<String> command(Class<?> mainClass, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("-agentlib:jdwp") || PROPERTIES.stream().anyMatch(p -> a.startsWith("-D" + p + "="))) continue;
            cmd.add(a);
        }
        for (String p : PROPERTIES) {
            String v = System.getProperty(p);
            if (v != null) cmd.add("-D" + p + "=" + v);
        }
        // --class-path, not -cp: Open MPI's mpirun rewrites a -cp it finds after java, putting its own working
        // directory first, where anyone who can write there could plant a class, and where the class-data
        // archive bin/jpio maps no longer matches the class path (the JVM then drops it without a word)
        cmd.add("--class-path");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass.getName());
        cmd.addAll(args);
        return cmd;
    }
}
