package org.jpio.checkpoint;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;

/**
 * A checkpoint directory as files, without ranks: what it holds ({@link #list}), the latest valid checkpoint,
 * verification of every block, and the directory steps of a commit. The layout (docs/FORMATS.md):
 * {@code ckpt-<step, 12 digits>/} is a committed checkpoint; {@code .ckpt-<step>.partial-<pid>-<random>@<host>/}
 * one being written (no reader takes a name that starts with a dot); {@code .ckpt-<step>.deleting-<random>/}
 * one being removed; {@code ckpt-<step>.superseded-<random>/} one a restart left behind. A store runs these
 * steps on its rank 0; the CLI ({@code bin/jpio ckpt}) on one process.
 */
public final class Catalog {
    private static final Pattern COMMITTED = Pattern.compile("ckpt-(\\d{12})");
    private static final Pattern SUPERSEDED = Pattern.compile("ckpt-(\\d{12})\\.superseded-[0-9a-f]+");
    private static final Pattern UNPUBLISHED = Pattern.compile("\\.ckpt-(\\d{12})\\.(partial|deleting)-(.*)");
    private static final Pattern WRITER = Pattern.compile("(\\d+)-[0-9a-f]+@(.*)");
    static final long MAX_STEP = 999_999_999_999L;
    /** The note a superseded checkpoint carries: why it was superseded. */
    static final String SUPERSEDED_NOTE = "superseded.txt";

    private final Path dir;

    private Catalog(Path dir) { this.dir = dir.toAbsolutePath().normalize(); }

    /** The checkpoints of {@code dir} (which need not exist yet). */
    public static Catalog of(Path dir) { return new Catalog(dir); }

    public Path dir() { return dir; }

    static String committedName(long step) { return String.format("ckpt-%012d", step); }

    /** Every entry: committed (valid or why not), superseded, partial; by step, then by state. */
    public List<CheckpointInfo> list() throws IOException {
        List<CheckpointInfo> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) throw new NoSuchFileException(dir.toString(), null, "no checkpoint directory");
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path p : s) {
                String n = p.getFileName().toString();
                Matcher m;
                if ((m = COMMITTED.matcher(n)).matches()) out.add(committed(Long.parseLong(m.group(1)), p));
                else if ((m = SUPERSEDED.matcher(n)).matches()) out.add(superseded(Long.parseLong(m.group(1)), p));
                else if ((m = UNPUBLISHED.matcher(n)).matches())
                    out.add(new CheckpointInfo(Long.parseLong(m.group(1)), p, CheckpointInfo.State.PARTIAL, unpublished(m.group(2), m.group(3)), 0, null));
            }
        }
        out.sort(Comparator.comparingLong(CheckpointInfo::step).thenComparing(CheckpointInfo::state).thenComparing(i -> i.path().toString()));
        return out;
    }

    /** The valid checkpoints, oldest first. */
    public List<CheckpointInfo> valid() throws IOException {
        return list().stream().filter(CheckpointInfo::valid).toList();
    }

    /** The valid checkpoint of the highest step, if any. */
    public Optional<CheckpointInfo> latestValid() throws IOException {
        List<CheckpointInfo> v = valid();
        return v.isEmpty() ? Optional.empty() : Optional.of(v.get(v.size() - 1));
    }

    /** The committed checkpoint of {@code step} (valid or not), if there is one. */
    public Optional<CheckpointInfo> committed(long step) throws IOException {
        Path p = dir.resolve(committedName(step));
        return Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? Optional.of(committed(step, p)) : Optional.empty();
    }

    private CheckpointInfo committed(long step, Path p) {
        Manifest m;
        try {
            m = Manifest.parse(Files.readString(p.resolve(Manifest.FILE), StandardCharsets.UTF_8), p.resolve(Manifest.FILE).toString());
        } catch (NoSuchFileException e) {
            return new CheckpointInfo(step, p, CheckpointInfo.State.INVALID, "no " + Manifest.FILE, 0, null);
        } catch (IOException | IllegalArgumentException e) {
            return new CheckpointInfo(step, p, CheckpointInfo.State.INVALID, e.getMessage(), 0, null);
        }
        String wrong = m.step() != step ? Manifest.FILE + " says step=" + m.step() + " in the directory of step " + step : null;
        for (Manifest.Entry e : m.arrays()) {
            if (wrong != null) break;
            wrong = fileProblem(p, e);
        }
        return new CheckpointInfo(step, p, wrong == null ? CheckpointInfo.State.VALID : CheckpointInfo.State.INVALID,
                wrong == null ? "" : wrong, m.bytes(), m);
    }

    /** Why an array's file is not as the manifest says (missing, another size, not a plain name), or null. */
    private static String fileProblem(Path checkpoint, Manifest.Entry e) {
        if (!plainName(e.file())) return "array " + e.name() + ": file=" + e.file() + " is not a plain file name in the checkpoint";
        Path f = checkpoint.resolve(e.file());
        try {
            long size = Files.size(f);
            return size == e.fileSize() ? null : "array " + e.name() + ": file " + e.file() + " has size=" + size + ", the manifest says " + e.fileSize();
        } catch (IOException x) {
            return "array " + e.name() + ": file " + e.file() + " is missing (" + x.getClass().getSimpleName() + ")";
        }
    }

    /** This host's name as the communicators give it (MPI_Get_processor_name). */
    static String thisHost() {
        try (org.jpio.comm.Comm self = org.jpio.comm.local.SelfComm.create()) {
            return self.hostName();
        }
    }

    static boolean plainName(String n) {
        return !n.isEmpty() && !n.startsWith(".") && n.indexOf('/') < 0 && n.indexOf('\0') < 0;
    }

    private CheckpointInfo superseded(long step, Path p) {
        String why;
        try {
            why = Files.readString(p.resolve(SUPERSEDED_NOTE), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            why = "superseded by a restart (no note)";
        }
        Manifest m = null;
        try {
            m = Manifest.parse(Files.readString(p.resolve(Manifest.FILE), StandardCharsets.UTF_8), p.toString());
        } catch (IOException | IllegalArgumentException e) {
            // listed all the same: the note says what it was
        }
        return new CheckpointInfo(step, p, CheckpointInfo.State.SUPERSEDED, why, m == null ? 0 : m.bytes(), m);
    }

    private static String unpublished(String kind, String writer) {
        if (kind.equals("deleting")) return "being removed, or left by a removal that was interrupted";
        Matcher w = WRITER.matcher(writer);
        if (!w.matches()) return "partial: never committed";
        long pid = Long.parseLong(w.group(1));
        String host = w.group(2);
        if (!host.equals(thisHost())) return "partial: being written by pid " + pid + " on " + host + ", or left there by a writer that died";
        return ProcessHandle.of(pid).isPresent() ? "partial: being written by pid " + pid : "partial: left by a writer that died (pid " + pid + ")";
    }

    // ---- verification -------------------------------------------------------------------------------

    /**
     * Reads every block of every array file (or of every dataset's data, and the rest of a shared file) of a
     * committed checkpoint and compares its CRC32C with the manifest's: a {@link ChecksumException} names the
     * first block that differs; an IOException names a file that is missing or of another size. Returns the
     * bytes verified.
     */
    public long verify(CheckpointInfo c) throws IOException {
        if (c.manifest() == null) throw new IOException("checkpoint has no readable manifest: " + c);
        byte[] buf = null;
        CRC32C crc = new CRC32C();
        for (Manifest.Entry e : c.manifest().arrays()) {
            String wrong = fileProblem(c.path(), e);
            if (wrong != null) throw new IOException(wrong + ": checkpoint=" + c.path());
            if (buf == null || buf.length < e.blockSize()) buf = new byte[e.blockSize()];
            try (FileChannel ch = FileChannel.open(c.path().resolve(e.file()), StandardOpenOption.READ)) {
                int[] want = e.crc32c();
                for (int k = 0; k < want.length; k++) {              // blocks of the whole file, or of a dataset's data bytes
                    long at = e.sumsFrom() + (long) k * e.blockSize();
                    int n = (int) Math.min(e.blockSize(), e.sumsFrom() + e.sumsLength() - at);
                    ByteBuffer b = ByteBuffer.wrap(buf, 0, n);
                    while (b.hasRemaining()) if (ch.read(b, at + b.position()) < 0) throw new IOException("file shorter than its manifest says: " + ch);
                    crc.reset();
                    crc.update(buf, 0, n);
                    if ((int) crc.getValue() != want[k])
                        throw new ChecksumException(c.path(), e.name(), e.file(), k, at, n, want[k], (int) crc.getValue());
                }
            }
        }
        for (Manifest.SharedFile f : c.manifest().files()) SharedFiles.verify(c.path(), c.manifest(), f);
        return c.manifest().bytes();
    }

    // ---- the directory steps of a writer (under the writer lock) ------------------------------------

    /** A new, empty, unpublished directory for the checkpoint of {@code step}. */
    Path createPartial(long step, String host) throws IOException {
        Files.createDirectories(dir);
        String rand = Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
        Path p = dir.resolve("." + committedName(step) + ".partial-" + ProcessHandle.current().pid() + "-" + rand + "@" + host);
        Files.createDirectory(p);
        return p;
    }

    /** Publishes a complete partial directory as the checkpoint of {@code step}: its entries made durable, one rename, the rename made durable. */
    void publish(Path partial, long step) throws IOException {
        Durable.syncDirectory(partial);
        Files.move(partial, dir.resolve(committedName(step)), StandardCopyOption.ATOMIC_MOVE);
        Durable.syncDirectory(dir);
    }

    /** Renames a published checkpoint to a superseded one (durably), then leaves the note saying why. */
    void supersede(CheckpointInfo c, String why) throws IOException {
        String rand = Long.toHexString(ThreadLocalRandom.current().nextInt() & 0xffffffffL);
        Path to = dir.resolve(committedName(c.step()) + ".superseded-" + rand);
        Files.move(c.path(), to, StandardCopyOption.ATOMIC_MOVE);
        Durable.syncDirectory(dir);
        Durable.write(to.resolve(SUPERSEDED_NOTE), (why + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Removes an entry: first unpublished by a durable rename, so a crash never leaves half of a valid checkpoint. */
    void remove(CheckpointInfo c) throws IOException {
        Path p = c.path();
        if (!p.getFileName().toString().startsWith(".")) {
            String rand = Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
            Path to = dir.resolve("." + committedName(c.step()) + ".deleting-" + rand);
            Files.move(p, to, StandardCopyOption.ATOMIC_MOVE);
            Durable.syncDirectory(dir);
            p = to;
        }
        Durable.deleteTree(p);
    }

    /** Removes every unpublished entry: under the writer lock they are all left by writers that are gone. */
    List<CheckpointInfo> removeLeftovers() throws IOException {
        List<CheckpointInfo> gone = new ArrayList<>();
        if (!Files.isDirectory(dir)) return gone;
        for (CheckpointInfo c : list()) {
            if (c.state() != CheckpointInfo.State.PARTIAL) continue;
            Durable.deleteTree(c.path());
            gone.add(c);
        }
        return gone;
    }

    /** Removes the valid checkpoints older than the newest {@code keep} (keep >= 1: the latest is never removed). */
    List<CheckpointInfo> pruneValid(int keep) throws IOException {
        if (keep < 1) throw new IllegalArgumentException("keep=" + keep + " must be >= 1");
        List<CheckpointInfo> v = valid(), gone = new ArrayList<>();
        for (int i = 0; i < v.size() - keep; i++) {
            remove(v.get(i));
            gone.add(v.get(i));
        }
        return gone;
    }

    // ---- what the CLI removes, under the writer lock -------------------------------------------------

    /** Removes the committed checkpoint of {@code step} (valid or not); an IOException while a writer holds the directory. */
    public CheckpointInfo remove(long step) throws IOException {
        try (WriterLock l = WriterLock.acquire(dir, thisHost())) {
            CheckpointInfo c = committed(step).orElseThrow(() -> new NoSuchFileException(dir.resolve(committedName(step)).toString(), null,
                    "no committed checkpoint of step " + step));
            remove(c);
            return c;
        }
    }

    /**
     * Keeps the newest {@code keep} valid checkpoints and removes everything else: older valid ones,
     * superseded and invalid ones, and partial leftovers. An IOException while a writer holds the directory.
     */
    public List<CheckpointInfo> prune(int keep) throws IOException {
        try (WriterLock l = WriterLock.acquire(dir, thisHost())) {
            List<CheckpointInfo> gone = new ArrayList<>(removeLeftovers());
            for (CheckpointInfo c : list())
                if (c.state() == CheckpointInfo.State.SUPERSEDED || c.state() == CheckpointInfo.State.INVALID) {
                    remove(c);
                    gone.add(c);
                }
            gone.addAll(pruneValid(keep));
            return gone;
        }
    }
}
