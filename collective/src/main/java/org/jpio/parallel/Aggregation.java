package org.jpio.parallel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Two-phase arithmetic as pure functions, in the manner of ROMIO's ad_aggregate.c: which ranks
 * aggregate ({@code cb_nodes}, {@code cb_config_list}), how the aggregate extent is split into file
 * domains (evenly, aligned to {@code striping_unit} and to the element grid), and how many cycles of at
 * most {@code cb_buffer_size} bytes each domain needs. Tested by table and by property.
 */
final class Aggregation {
    private Aggregation() { }

    /**
     * The aggregator ranks, in rank order of selection. {@code cbConfigList} is ROMIO's syntax:
     * comma-separated {@code host:N} entries, {@code *} standing for every host not named, N a count or
     * {@code *} (every rank of the host). Hosts are taken in order of their lowest rank and, on a host, ranks
     * in increasing order. {@code cbNodes} (0: not given) caps the total; when it is given and
     * {@code cb_config_list} was not, hosts may give several aggregators each (round-robin over hosts), so
     * {@code cb_nodes=4} on one host means four aggregators, as users expect.
     */
    static int[] aggregators(String[] hostOfRank, int cbNodes, String cbConfigList, boolean configGiven) {
        Map<String, List<Integer>> byHost = new LinkedHashMap<>();
        for (int r = 0; r < hostOfRank.length; r++) byHost.computeIfAbsent(hostOfRank[r], h -> new ArrayList<>()).add(r);
        Map<String, Integer> perHost = configGiven || cbNodes == 0 ? parseConfig(cbConfigList, byHost) : allRanks(byHost);
        List<Integer> picked = new ArrayList<>();
        // round-robin over hosts so that a cap keeps the aggregators spread over the machines
        for (int round = 0; ; round++) {
            boolean any = false;
            for (Map.Entry<String, List<Integer>> e : byHost.entrySet()) {
                int want = Math.min(perHost.getOrDefault(e.getKey(), 0), e.getValue().size());
                if (round < want) { picked.add(e.getValue().get(round)); any = true; }
            }
            if (!any) break;
        }
        if (picked.isEmpty())
            throw new IllegalArgumentException("cb_config_list=" + cbConfigList + " selects no aggregator among hosts " + byHost.keySet());
        int n = cbNodes > 0 ? Math.min(cbNodes, picked.size()) : picked.size();
        int[] out = new int[n];
        for (int i = 0; i < n; i++) out[i] = picked.get(i);
        Arrays.sort(out);
        return out;
    }

    private static Map<String, Integer> allRanks(Map<String, List<Integer>> byHost) {
        Map<String, Integer> m = new LinkedHashMap<>();
        byHost.forEach((h, ranks) -> m.put(h, ranks.size()));
        return m;
    }

    /** Aggregators per host from a cb_config_list; IllegalArgumentException naming a bad entry. */
    static Map<String, Integer> parseConfig(String list, Map<String, List<Integer>> byHost) {
        Map<String, Integer> m = new LinkedHashMap<>();
        Integer star = null;
        for (String raw : list.split(",")) {
            String entry = raw.trim();
            if (entry.isEmpty()) throw new IllegalArgumentException("cb_config_list=" + list + ": empty entry");
            int colon = entry.lastIndexOf(':');
            String host = colon < 0 ? entry : entry.substring(0, colon);
            String count = colon < 0 ? "1" : entry.substring(colon + 1);
            int n;
            if (count.equals("*")) n = Integer.MAX_VALUE;
            else {
                try {
                    n = Integer.parseInt(count);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("cb_config_list=" + list + ": entry '" + entry + "' needs host:N with N a number or *");
                }
                if (n < 0) throw new IllegalArgumentException("cb_config_list=" + list + ": entry '" + entry + "' has a negative count");
            }
            if (host.equals("*")) star = n;
            else m.merge(host, n, Integer::sum);
        }
        if (star != null) for (String h : byHost.keySet()) m.putIfAbsent(h, star);
        return m;
    }

    /**
     * Splits {@code [start, end)} into {@code n} file domains: bounds[i] to bounds[i+1] for aggregator i.
     * Boundaries are evenly spaced, then moved down to a multiple of {@code stripingUnit} (when positive) so
     * that no two aggregators write one stripe, then down to the element grid (offsets congruent to
     * {@code residue} modulo {@code elementSize}) so that no element is split between two aggregators.
     * Domains may be empty; they never overlap and together cover the extent exactly.
     */
    static long[] fileDomains(long start, long end, int n, long stripingUnit, int elementSize, long residue) {
        if (n <= 0) throw new IllegalArgumentException("aggregators=" + n + " must be positive");
        long[] b = new long[n + 1];
        b[0] = start;
        b[n] = end;
        long span = end - start;
        long each = span / n + (span % n == 0 ? 0 : 1);
        for (int i = 1; i < n; i++) {
            long x = start + Math.min(span, each * i);
            if (stripingUnit > 0 && x < end) x = Math.max(start, x / stripingUnit * stripingUnit);
            x = x - Math.floorMod(x - residue, elementSize);
            b[i] = Math.min(end, Math.max(b[i - 1], x));
        }
        return b;
    }

    /** The bytes of one cycle: cb_buffer_size rounded down to whole elements (at least one element). */
    static int cycleBytes(int cbBufferSize, int elementSize) {
        return Math.max(elementSize, cbBufferSize - cbBufferSize % elementSize);
    }

    /** Cycles needed by the largest domain; every rank runs this many so the exchanges pair up. */
    static int cycles(long[] bounds, int cycleBytes) {
        long most = 0;
        for (int i = 0; i + 1 < bounds.length; i++) most = Math.max(most, bounds[i + 1] - bounds[i]);
        long c = most / cycleBytes + (most % cycleBytes == 0 ? 0 : 1);
        if (c > Integer.MAX_VALUE) throw new IllegalArgumentException("file domain of " + most + " bytes needs too many cycles of " + cycleBytes);
        return (int) c;
    }
}
