package org.jpio.docs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every Java block of the README compiles as shown, imports included, against jpio's jars. */
class ReadmeSnippetsTest {
    @TempDir Path dir;

    static List<String> javaBlocks(String markdown) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(markdown);
        while (m.find()) out.add(m.group(1));
        return out;
    }

    @Test
    void everyJavaBlockCompiles() throws Exception {
        Path readme = Path.of(System.getProperty("maven.multiModuleProjectDirectory", ".."), "README.md");
        if (!Files.exists(readme)) readme = Path.of("..", "README.md");
        List<String> blocks = javaBlocks(Files.readString(readme));
        assertFalse(blocks.isEmpty(), "no ```java block in " + readme);
        List<File> sources = new ArrayList<>();
        for (String b : blocks) {
            Matcher name = Pattern.compile("(?m)^public (?:final )?class (\\w+)").matcher(b);
            assertTrue(name.find(), "a README Java block is not a public class, so it cannot compile as shown:\n" + b);
            Path f = dir.resolve(name.group(1) + ".java");
            Files.writeString(f, b);
            sources.add(f.toFile());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, null)) {
            List<String> options = List.of("-classpath", System.getProperty("java.class.path"), "-d", dir.toString(), "--release", "17");
            boolean ok = javac.getTask(null, files, diagnostics, options, null, files.getJavaFileObjectsFromFiles(sources)).call();
            assertTrue(ok, "README snippets do not compile:\n" + diagnostics.getDiagnostics());
        }
    }
}
