package org.jpio.twophase;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.jpio.comm.SharedMemory;
import org.jpio.driver.Extents;
import org.jpio.driver.IndependentDriver;
import org.jpio.driver.OpenRequest;
import org.jpio.driver.Transfer;
import org.jpio.file.ArrayFile;
import org.jpio.io.ElementType;
import org.jpio.layout.Locking;
import org.jpio.parallel.Hints;

/**
 * jpio's two-phase collective I/O ({@code jpio_backend=twophase}, the default): the generic driver with
 * its collective calls overridden, as ROMIO's ADIOI_GEN_WriteStridedColl is. After the extent exchange
 * every rank takes the same decision ({@link Strategy}, romio_cb_read/romio_cb_write): aggregate, through
 * one of two {@link Exchange}s, or let each rank transfer its own runs as the generic driver does.
 */
public final class TwoPhaseDriver extends IndependentDriver {
    public static final String NAME = "twophase";

    private final int[] aggregators;
    private final int hosts;
    /** The name of the exchange the last two-phase call used (a constant: the explanation is rendered by {@link #hints()}). */
    private volatile String exchangeUsed;
    /**
     * The last call's extents, decision and plan, per direction [read, write]: a program repeats the same
     * access every step, and then every rank finds the same extents as before and reuses what it planned.
     */
    private final Extents[] lastExtents = new Extents[2];
    private final Strategy.Choice[] lastChoice = new Strategy.Choice[2];
    private final Plan[] lastPlan = new Plan[2];
    /** Why the aggregator count follows the stripe count, or null when it does not ({@link StripeCount}). */
    private String stripeRule;
    /**
     * What hosts writing this file contend for, from the file system's type rank 0 read at open
     * ({@link OpenRequest#fsType()}): every rank weighs the same locks, as the collective choice must be
     * the same on every rank, and none asks its own mount table.
     */
    private final Locking locks;

    /** The host of each rank, as Comm.hostName reported it at open. */
    private final String[] rankHosts;

    private TwoPhaseDriver(OpenRequest r, Opened opened, int[] aggregators, String[] rankHosts) {
        super(r, opened);
        this.aggregators = aggregators;
        this.rankHosts = rankHosts;
        this.hosts = new HashSet<>(List.of(rankHosts)).size();
        this.locks = Locking.of(r.fsType()); // "unknown" is NONE: nothing known to contend for
    }

    /** Collective: the generic open, then the aggregators from the ranks' hosts and the hints. */
    public static TwoPhaseDriver open(OpenRequest r) throws IOException {
        Opened opened = openFile(r);
        String[] names = r.comm().hostNames();
        Hints h = r.hints();
        int[] aggs;
        try {
            aggs = Aggregators.choose(names, h.cbNodes(), h.cbConfigList()); // ROMIO's rules: cb_nodes caps what the list allows
        } catch (IllegalArgumentException e) {
            opened.file().close(); // every rank computed the same from the same hosts: all fail alike
            throw e;
        }
        String rule = null;
        if (h.cbNodes() == 0 && h.stripingFactor() > 0) { // the program's cb_nodes wins over the stripe count
            int keep = StripeCount.aggregators(aggs.length, h.stripingFactor());
            if (keep < aggs.length) rule = StripeCount.reason(aggs.length, h.stripingFactor(), keep);
            aggs = java.util.Arrays.copyOf(aggs, keep);
        }
        TwoPhaseDriver d = new TwoPhaseDriver(r, opened, aggs, names);
        d.stripeRule = rule;
        return d;
    }

    @Override public String name() { return NAME; }

    @Override protected long collective(Transfer t, Extents all, boolean write) throws IOException {
        ElementType type = all.elementType(t.op(), path);
        if (all.totalBytes() == 0) return 0; // no rank moves anything (every rank sees it): nothing to aggregate
        int d = write ? 1 : 0;
        boolean again = all.sameAs(lastExtents[d]); // the same on every rank: every rank holds the same extents
        Plan plan = again ? lastPlan[d] : Aggregation.plan(all, aggregators, hints.stripingUnit(), hints.cbBufferSize(), type.size());
        Strategy.Choice choice = again ? lastChoice[d] : choose(all, plan, write);
        remember(d, all, choice, plan);
        chose(write, choice);
        if (!choice.twoPhase()) {
            reserveIfDense(t, all, write);
            return transfer(t, write, all.othersSieve(t.comm().rank()));
        }
        ArrayFile file = file(t);
        // a file the process may only write takes messages: only they tell an aggregator where its window's holes are
        org.jpio.comm.Comm comm = t.comm();
        SharedMemory shared = readable() ? sharedCycleBuffers(comm, t.op()) : null;
        Exchange exchange = shared != null ? new SharedExchange(comm, shared, file, plan, type, hints.cbBufferSize())
                                           : new MessageExchange(comm, file, plan, type, Scratch.forThisThread(), readable());
        exchangeUsed = exchange.name();
        reserveIfDense(t, all, write);
        Throwable failure = write ? exchange.write(t) : exchange.read(t);
        if (failure instanceof IOException io) throw io;
        if (failure instanceof RuntimeException e) throw e;
        if (failure instanceof Error e) throw e;
        if (failure != null) throw new IOException(failure);
        return t.bytes();
    }

    /** Reads alone when these are the last read's extents and it chose independent I/O, or when nobody reads anything. */
    @Override public boolean readsAlone(Extents all) {
        if (all.totalBytes() == 0) return true;
        Strategy.Choice c = lastChoice[0];
        return c != null && !c.twoPhase() && all.sameAs(lastExtents[0]);
    }

    private void remember(int d, Extents all, Strategy.Choice choice, Plan plan) {
        lastExtents[d] = all;
        lastChoice[d] = choice;
        lastPlan[d] = plan;
    }

    /** What was planned depends on the hints and the atomic mode: a change forgets it. */
    private void forget() {
        java.util.Arrays.fill(lastExtents, null);
        java.util.Arrays.fill(lastChoice, null);
        java.util.Arrays.fill(lastPlan, null);
    }

    @Override public void setHints(Hints h) {
        super.setHints(h);
        forget();
    }

    @Override public void setAtomicity(boolean on) {
        super.setAtomicity(on);
        forget();
    }

    private Strategy.Choice choose(Extents all, Plan plan, boolean write) {
        // as ROMIO: in atomic mode each rank's access is one locked independent transfer, never split
        // between aggregators and cycles where another rank could see half of it
        if (atomic) return new Strategy.Choice(false, "atomic mode: independent I/O under byte-range locks");
        boolean aligned = Long.bitCount(all.residues()) <= 1;
        long crossing = hosts > 1 ? HostTraffic.estimate(all, plan, rankHosts) : 0;
        Strategy.Pattern p = new Strategy.Pattern(all.totalBytes(), all.totalRuns(), all.interleaved(), aligned, hosts, hints.stripingUnit(), locks, crossing);
        return Strategy.choose(write ? hints.cbWrite() : hints.cbRead(), p);
    }

    /**
     * The memory for the aggregators' cycle buffers when the ranks share it (hint {@code jpio_cb_shared}),
     * else null: two-phase then exchanges messages. Every rank reaches the same answer (same hints, same
     * hosts), as the collective allocation needs.
     */
    private SharedMemory sharedCycleBuffers(org.jpio.comm.Comm comm, String op) {
        Hints.Mode mode = hints.cbShared();
        if (mode == Hints.Mode.DISABLE) return null;
        SharedMemory s = hosts == 1 ? comm.shared(SharedExchange.parts(comm.size(), aggregators, hints.cbBufferSize())) : null;
        if (s == null && mode == Hints.Mode.ENABLE)
            throw new IllegalStateException("jpio_cb_shared=enable but the ranks cannot share memory: " + op + " path=" + path + " rank=" + comm.rank()
                    + (hosts > 1 ? " hosts=" + hosts : ": " + comm.sharedMemoryUnavailable()));
        return s;
    }

    @Override public Map<String, String> hints() { return withOwn(super.hints(), exchangeUsed, stripeRule); }

    @Override public java.util.function.Supplier<Map<String, String>> hintsLater() {
        java.util.function.Supplier<Map<String, String>> generic = super.hintsLater();
        String x = exchangeUsed, rule = stripeRule;
        return () -> withOwn(generic.get(), x, rule);
    }

    /** The generic driver's map with what aggregation settled: the aggregators, the exchange the last call used, the stripe rule. */
    private Map<String, String> withOwn(Map<String, String> h, String x, String stripeRule) {
        h.put(Hints.CB_NODES, Integer.toString(aggregators.length));
        StringBuilder b = new StringBuilder();
        for (int a : aggregators) b.append(b.length() == 0 ? "" : " ").append(a);
        h.put("romio_aggregator_list", b.toString()); // ROMIO's key: the aggregator ranks in domain order
        if (x != null)
            h.put("jpio_cb_exchange", x.equals(SharedExchange.NAME) || hints.cbShared() == Hints.Mode.DISABLE ? x
                    : x + " (no shared memory: " + (hosts > 1 ? "ranks on " + hosts + " hosts" : comm.sharedMemoryUnavailable()) + ")");
        if (stripeRule != null) h.put("jpio_cb_nodes_rule", stripeRule);
        return h;
    }
}
