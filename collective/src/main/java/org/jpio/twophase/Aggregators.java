package org.jpio.twophase;

import java.util.Arrays;

/**
 * Which ranks aggregate (ROMIO's cb_nodes and cb_config_list), by ROMIO's rules (adio/common/
 * cb_config_list.c), so that jpio and ROMIO choose the same ranks for the same hints: a comma-separated
 * list of entries {@code host[:N]} and {@code *[:N]}, N a count or {@code *} (as many as cb_nodes), 1 when
 * left out. Entries are taken in order while fewer than cb_nodes aggregators are chosen (cb_nodes defaults
 * to the number of ranks and is capped by it):
 * <ul>
 * <li>{@code host:N} chooses the first N ranks (lowest first) on that host not chosen yet, and then takes
 *     the host out of the list: a later entry naming it, or a wildcard, chooses no more of its ranks.</li>
 * <li>{@code *:N} walks the ranks in order; each rank on a host still in the list is chosen with up to N-1
 *     more of its host's, and the host is taken out. {@code *:0} takes every host out.</li>
 * <li>{@code *:*} alone is the ranks 0 .. cb_nodes-1.</li>
 * </ul>
 * So {@code h,h,h,h} and {@code h} choose one rank of h, {@code h:2,h:2} two, and cb_nodes alone never
 * adds aggregators beyond what the list allows (the default {@code *:1}: one per host). A host the job
 * does not run on matches nothing, as in ROMIO; a list that chooses nothing, or a count that is not a
 * number (ROMIO quietly reads it as 1), is refused with the entry named. Domain i belongs to the i-th
 * aggregator returned.
 */
public final class Aggregators {
    private Aggregators() { }

    public static final String DEFAULT_CONFIG_LIST = "*:1";

    /**
     * The aggregator ranks in domain order.
     *
     * @param hosts host name of each rank (Comm.hostName, allgathered)
     * @param cbNodes how many aggregators at most; 0 or less: as many as there are ranks
     * @param cbConfigList the cb_config_list hint, or null for {@value #DEFAULT_CONFIG_LIST}
     */
    public static int[] choose(String[] hosts, int cbNodes, String cbConfigList) {
        if (hosts == null || hosts.length == 0) throw new IllegalArgumentException("aggregators: no ranks");
        for (int r = 0; r < hosts.length; r++)
            if (hosts[r] == null) throw new IllegalArgumentException("aggregators: host of rank=" + r + " is null");
        String list = cbConfigList == null || cbConfigList.isBlank() ? DEFAULT_CONFIG_LIST : cbConfigList.strip();
        int cap = cbNodes > 0 ? Math.min(cbNodes, hosts.length) : hosts.length;
        if (list.equals("*:*")) {
            int[] all = new int[cap];
            Arrays.setAll(all, r -> r);
            return all;
        }
        boolean[] used = new boolean[hosts.length]; // ROMIO's used_procnames: chosen, or its host taken out
        int[] out = new int[cap];
        int n = 0;
        for (String raw : list.split(",", -1)) {
            if (n >= cap) break;
            String entry = raw.strip();
            int colon = entry.indexOf(':');
            String host = (colon < 0 ? entry : entry.substring(0, colon)).strip();
            if (host.isEmpty()) throw new IllegalArgumentException("cb_config_list: empty host name in entry=\"" + entry + "\" list=\"" + list + "\"");
            int max = colon < 0 ? 1 : count(entry.substring(colon + 1).strip(), entry, cap);
            if (!host.equals("*")) {
                n = take(hosts, host, 0, max, used, out, n);
            } else if (max == 0) {
                Arrays.fill(used, true);
            } else {
                for (int r = 0; r < hosts.length && n < cap; r++) {
                    if (used[r]) continue;
                    out[n++] = r;
                    used[r] = true;
                    n = take(hosts, hosts[r], r + 1, max - 1, used, out, n);
                }
            }
        }
        if (n == 0) throw new IllegalArgumentException("cb_config_list=\"" + list + "\" chooses no aggregator among the hosts "
                + String.join(",", new java.util.LinkedHashSet<>(Arrays.asList(hosts))));
        return Arrays.copyOf(out, n);
    }

    /**
     * ROMIO's match_this_proc: chooses up to {@code max} unused ranks on {@code host} from rank {@code from}
     * on (while fewer than {@code out.length} are chosen), then takes the host's other ranks out.
     */
    private static int take(String[] hosts, String host, int from, int max, boolean[] used, int[] out, int n) {
        int wanted = Math.min(max, out.length - n);
        for (int r = from; r < hosts.length; r++) {
            if (used[r] || !hosts[r].equals(host)) continue;
            if (wanted > 0) {
                out[n++] = r;
                wanted--;
            }
            used[r] = true;
        }
        return n;
    }

    private static int count(String s, String entry, int cap) {
        if (s.equals("*")) return cap;
        try {
            int n = Integer.parseInt(s);
            if (n >= 0) return n;
        } catch (NumberFormatException e) {
            // reported below with the entry
        }
        throw new IllegalArgumentException("cb_config_list: bad count in entry=\"" + entry + "\" (a number >= 0 or *)");
    }
}
