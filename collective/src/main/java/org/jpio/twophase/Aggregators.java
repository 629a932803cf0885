package org.jpio.twophase;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Choice of the aggregators (ROMIO's cb_nodes and cb_config_list). The list is comma-separated entries
 * {@code host:N}, {@code host:*}, {@code *:N}, {@code *:*} (a bare name means {@code :1}); each entry lets
 * every matching host hold up to N aggregators, adding its not yet chosen ranks, lowest first; {@code *}
 * walks the hosts in order of their lowest rank, round-robin, so that cutting the list to cb_nodes keeps
 * aggregators spread over hosts. The default list is {@code *:1}: one aggregator per host. Domain i belongs to the i-th
 * aggregator returned.
 */
public final class Aggregators {
    private Aggregators() { }

    public static final String DEFAULT_CONFIG_LIST = "*:1";

    /**
     * The aggregator ranks in domain order.
     *
     * @param hosts host name of each rank (Comm.hostName, allgathered)
     * @param cbNodes how many aggregators at most; 0 or less means as many as the list yields
     * @param cbConfigList the cb_config_list hint, or null for {@value #DEFAULT_CONFIG_LIST}
     */
    public static int[] choose(String[] hosts, int cbNodes, String cbConfigList) {
        if (hosts == null || hosts.length == 0) throw new IllegalArgumentException("aggregators: no ranks");
        Map<String, List<Integer>> byHost = new LinkedHashMap<>();
        for (int r = 0; r < hosts.length; r++) {
            if (hosts[r] == null) throw new IllegalArgumentException("aggregators: host of rank=" + r + " is null");
            byHost.computeIfAbsent(hosts[r], h -> new ArrayList<>()).add(r);
        }
        String list = cbConfigList == null || cbConfigList.isBlank() ? DEFAULT_CONFIG_LIST : cbConfigList;
        boolean[] chosen = new boolean[hosts.length];
        List<Integer> out = new ArrayList<>();
        for (String raw : list.split(",")) {
            String entry = raw.trim();
            int colon = entry.lastIndexOf(':');
            String host = colon < 0 ? entry : entry.substring(0, colon).trim();
            int max = colon < 0 ? 1 : parseCount(entry.substring(colon + 1).trim(), entry);
            if (host.isEmpty()) throw new IllegalArgumentException("cb_config_list: empty host name in entry=\"" + entry + "\" list=\"" + list + "\"");
            if (host.equals("*")) {
                for (int round = 0; round < max; round++) {
                    boolean any = false;
                    for (List<Integer> ranks : byHost.values()) any |= takeOne(ranks, max, chosen, out);
                    if (!any) break;
                }
            } else {
                List<Integer> ranks = byHost.get(host);
                if (ranks == null) throw new IllegalArgumentException("cb_config_list: no rank runs on host=" + host + " (hosts: " + byHost.keySet() + ")");
                while (takeOne(ranks, max, chosen, out)) { }
            }
        }
        int n = cbNodes > 0 ? Math.min(cbNodes, out.size()) : out.size();
        if (n == 0) throw new IllegalArgumentException("cb_config_list=\"" + list + "\" selects no aggregator");
        return out.subList(0, n).stream().mapToInt(Integer::intValue).toArray();
    }

    /** Chooses the host's lowest unchosen rank unless it already holds {@code max} aggregators. */
    private static boolean takeOne(List<Integer> ranks, int max, boolean[] chosen, List<Integer> out) {
        int held = 0;
        for (int r : ranks) if (chosen[r]) held++;
        if (held >= max) return false;
        for (int r : ranks) {
            if (!chosen[r]) { chosen[r] = true; out.add(r); return true; }
        }
        return false;
    }

    private static int parseCount(String s, String entry) {
        if (s.equals("*")) return Integer.MAX_VALUE;
        try {
            int n = Integer.parseInt(s);
            if (n >= 0) return n;
        } catch (NumberFormatException e) {
            // reported below with the entry
        }
        throw new IllegalArgumentException("cb_config_list: bad count in entry=\"" + entry + "\" (a number >= 0 or *)");
    }
}
