#!/usr/bin/python3
"""Draws the figure of a jpio benchmark from the JSON rows its --json prints (one object per line).

    plot.py ROWS.jsonl FIGURE.png     the figure of the benchmark named by the rows' "bench" field
    plot.py --check                   prints "matplotlib VERSION" when plotting works here

bin/jpio bench ... --plot FIGURE.png calls this with the rows it printed (or would print) for --json;
scripts/figures.sh regenerates every figure of docs/BENCHMARKS.md. Uses Debian's python3-matplotlib.
Every figure labels its axes with units and marks the C peer (hatched bars, dashed lines).
"""
import json
import math
import sys

C_HATCH = "//"
C_STYLE = dict(linestyle="--", marker="s")
JAVA_STYLE = dict(linestyle="-", marker="o")


def is_c(name):
    """A C peer or limit row: bulk's c rows, coll's C MPI-IO / ROMIO coll_perf / mpi_pieces rows, the C rows of seq/tuning/jvm-io/calls/floor."""
    n = str(name)
    return n == "c" or n.startswith("c-") or n.startswith("C ") or n.startswith("c ")


def size(b):
    """Bytes as people read them: 400 MiB, 2 GiB, 96 KiB."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if b >= 1 << shift:
            v = b / (1 << shift)
            return ("%d %s" if v == int(v) else "%.1f %s") % (v, unit)
    return "%d B" % b


def num(row, key):
    v = row.get(key)
    return float(v) if isinstance(v, (int, float)) else math.nan


def bars(ax, categories, series, ylabel, log=False, c_of=None):
    """Grouped bars: categories on x, one bar per series (name -> {category: value}); C categories hatched."""
    import numpy as np
    from matplotlib.patches import Patch
    names = list(series)
    handles = []
    lowest = math.inf
    width = 0.8 / max(1, len(names))
    x = np.arange(len(categories))
    for i, s in enumerate(names):
        vals = [series[s].get(c, math.nan) for c in categories]
        hatches = [C_HATCH if (c_of or is_c)(c) else "" for c in categories]
        lowest = min([lowest] + [v for v in vals if v > 0])
        bs = ax.bar(x + (i - (len(names) - 1) / 2) * width, vals, width)
        handles.append(Patch(facecolor=bs.patches[0].get_facecolor(), label=s))
        for b, v in zip(bs, vals):
            if not v > 0:  # nothing to draw on a log axis, or not measured: say so where the bar would be
                ax.annotate("0" if v == 0 else "n/a", (b.get_x() + b.get_width() / 2, 0), xycoords=("data", "axes fraction"),
                            ha="center", va="bottom", fontsize=7)
        for b, h in zip(bs, hatches):
            if h:
                b.set_hatch(h)
                b.set_edgecolor("black")
    ax.set_xticks(x)
    ax.set_xticklabels(categories, rotation=30, ha="right", fontsize=8)
    ax.set_ylabel(ylabel)
    if log:
        ax.set_yscale("log")
        if lowest < math.inf:
            ax.set_ylim(bottom=lowest / 3)
    ax.grid(axis="y", alpha=0.3)
    if any((c_of or is_c)(c) for c in categories):
        handles.append(Patch(facecolor="white", edgecolor="black", hatch=C_HATCH, label="C peer / limit (hatched)"))
    ax.legend(handles=handles, fontsize=7, loc="best")


def lines(ax, series, xlabel, ylabel, logx=True, logy=True):
    """series: name -> list of (x, y); names that are C peers are dashed with square markers."""
    for name, pts in series.items():
        pts = sorted(p for p in pts if not math.isnan(p[1]) and (p[1] > 0 or not logy))
        if not pts:
            continue
        style = C_STYLE if is_c(name) else JAVA_STYLE
        ax.plot([p[0] for p in pts], [p[1] for p in pts], label=name + (" (C peer)" if is_c(name) else ""), **style)
    if logx:
        ax.set_xscale("log", base=2)
    if logy:
        ax.set_yscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)


# ---- one function per benchmark ------------------------------------------------------------------------

def plot_bulk(rows, plt):
    rows = [r for r in rows if "write_mibs" in r]
    big = max(r["bytes"] for r in rows)
    for r in rows:  # the per-element row and its C round run on the smaller --slow-size: say so
        if r["bytes"] != big:
            r["row"] = "%s (%s)" % (r["row"], size(r["bytes"]))
    cats = list(dict.fromkeys(r["row"] for r in rows))
    fig, axes = plt.subplots(1, 2, figsize=(13, 5))
    for ax, key, what in ((axes[0], "write_mibs", "write"), (axes[1], "read_mibs", "read")):
        series = {}
        for r in rows:
            series.setdefault("%s P=%d" % (r["mode"], r["p"]), {})[r["row"]] = num(r, key)
        bars(ax, cats, series, what + " MiB/s (log)", log=True)
        ax.set_title("bench bulk: %s of a block-distributed int[] of %s (reads %s, writes %s)"
                     % (what, size(big), rows[0].get("cache", ""), rows[0].get("writes", "cached")), fontsize=9)
    return fig


def coll_name(r):
    """A bench coll row's name, jpio's in-JVM rows told from its MPI-process rows."""
    return r["row"] + (" (in-JVM ranks)" if r["row"].startswith("jpio") and not r.get("mpi") else "")


def plot_coll(rows, plt):
    rows = [r for r in rows if "write_mibs" in r]
    groups = list(dict.fromkeys((r.get("pattern", "block"), r.get("block", 0), r["ranks"]) for r in rows))
    if any(g[0] == "interleaved" for g in groups):
        return plot_coll_interleaved(rows, plt)
    r0 = rows[0]
    if len(groups) > 1:  # darray patterns side by side: one bar per pattern and N for every row
        cats = list(dict.fromkeys(coll_name(r) for r in rows))
        fig, axes = plt.subplots(1, 2, figsize=(14, 5))
        for ax, key, what in ((axes[0], "write_mibs", "write"), (axes[1], "read_mibs", "read")):
            series = {}
            for r in rows:
                label = "%s%s, N=%d" % (r.get("pattern", "block"), "(%d)" % r["block"] if r.get("pattern") == "block-cyclic" else "", r["ranks"])
                series.setdefault(label, {})[coll_name(r)] = num(r, key)
            bars(ax, cats, series, what + " MiB/s (log)", log=True)
            ax.set_title("bench coll: %s of the %s %s darray, by pattern and N, mode %s" % (what, r0.get("dims"), r0.get("type"), r0.get("mode", "new")), fontsize=9)
        return fig
    cats = list(dict.fromkeys(r["row"] for r in rows))
    fig, ax = plt.subplots(figsize=(10, 5))
    series = {"write": {r["row"]: num(r, "write_mibs") for r in rows},
              "read": {r["row"]: num(r, "read_mibs") for r in rows if r.get("read_mibs") is not None}}
    bars(ax, cats, series, "MiB/s")
    ax.set_title("bench coll: %s %s, %d %s, mode %s%s" % (r0.get("dims"), r0.get("type"), r0.get("ranks"),
                 "MPI processes" if r0.get("mpi") else "ranks", r0.get("mode", "new"), ", durable (sync)" if r0.get("sync") else ""), fontsize=9)
    return fig


def plot_coll_interleaved(rows, plt):
    """Interleaved blocks: MiB/s against the block size B, one line per row and N; C peers dashed."""
    rows = [r for r in rows if r.get("pattern") == "interleaved"]
    fig, axes = plt.subplots(1, 2, figsize=(14, 5))
    for ax, key, what in ((axes[0], "write_mibs", "write"), (axes[1], "read_mibs", "read")):
        series = {}
        for r in rows:
            series.setdefault("%s, N=%d" % (coll_name(r), r["ranks"]), []).append((r["block"], num(r, key)))
        lines(ax, series, "block B, elements (log2)", what + " MiB/s (log)")
        ax.set_title("bench coll --pattern interleaved: %s of %s in all (%s), mode %s" % (what, size(rows[0]["bytes"]), rows[0].get("type"),
                     rows[0].get("mode", "new")), fontsize=9)
    return fig


def plot_calls(rows, plt):
    """Microseconds per call against bytes per rank, one panel per op, warm above and cold below; ROMIO in C dashed."""
    ops = list(dict.fromkeys(r["op"] for r in rows))
    fig, axes = plt.subplots(2, len(ops), figsize=(4.2 * len(ops), 8), squeeze=False)
    for row, (key, what) in enumerate((("warm_us", "warm"), ("cold_us", "cold (first call after open)"))):
        for ax, op in zip(axes[row], ops):
            series = {}
            for r in rows:
                if r["op"] != op:
                    continue
                name = ("C ROMIO" if r["launch"] == "c" else r["row"]) + ", N=%d" % r["np"]
                series.setdefault(name, []).append((r["bytes"], num(r, key)))
            lines(ax, series, "bytes per rank (log2)", "us per call (log)")
            ax.set_title("bench calls: %s, %s" % (op, what), fontsize=9)
    return fig


def plot_floor(rows, plt):
    fig, ax = plt.subplots(figsize=(11, 5))
    cats = ["%s, N=%d" % (r["row"], r["np"]) for r in rows]
    bars(ax, cats, {"nanoseconds per call": {c: num(r, "ns") for c, r in zip(cats, rows)}}, "ns per call (log)", log=True)
    ax.set_title("bench floor: what one JNI call, one allreduce of an int and one 1 KiB pwrite cost here", fontsize=9)
    return fig


def plot_comm(rows, plt):
    fig, ax = plt.subplots(figsize=(11, 5))
    cats = ["%s, N=%d" % (r["op"], r["np"]) for r in rows]
    bars(ax, cats, {"C MPI": {c: num(r, "c_us") for c, r in zip(cats, rows)},
                    "jpio MpiComm": {c: num(r, "jpio_us") for c, r in zip(cats, rows)}},
         "microseconds per call (log)", log=True)
    ax.set_title("bench comm: one small collective through jpio's MpiComm and in C, every rank arriving at once", fontsize=9)
    return fig


def plot_array(rows, plt):
    rows = [r for r in rows if "row" in r]
    fig, ax = plt.subplots(figsize=(11, 5))
    cats = [r["row"] for r in rows]
    bars(ax, cats, {"GB/s": {r["row"]: num(r, "gbs") for r in rows}}, "GB/s (log)", log=True, c_of=lambda c: c.startswith("one process"))
    ax.set_title("bench array: DistributedArray.write of %s of doubles to a new file (synced, renamed) vs one process writing the same bytes"
                 % size(rows[0]["bytes"]), fontsize=9)
    return fig


def plot_coll_overlap(rows, plt):
    """bench coll --nonblocking: the wait after computing as a share of the blocking write, and the times."""
    rows = [r for r in rows if "wait_fraction" in r or "status" in r]
    cats = list(dict.fromkeys(r["row"] for r in rows))
    fig, axes = plt.subplots(1, 2, figsize=(13, 5))
    frac = {r["row"]: 100 * num(r, "wait_fraction") for r in rows}
    bars(axes[0], cats, {"wait / blocking write": frac}, "% of the blocking write's time (lower: more overlap)")
    axes[0].axhline(10, color="gray", linestyle=":", linewidth=1)
    for i, r in enumerate(rows):  # a peer that crashed has no bar: say what happened where it would be
        if "wait_fraction" not in r:
            what = str(r.get("status", "")).split(" in ")[0].replace(" (exited on ", "\n(").replace(" (Segmentation fault)", "")
            axes[0].annotate("failed:\n" + what, (i, 0.5), xycoords=("data", "axes fraction"), ha="center", va="center", fontsize=7)
    times = {}
    for key, what in (("blocking_ms", "blocking write B"), ("start_ms", "start call"), ("compute_ms", "compute"), ("wait_ms", "wait")):
        times[what] = {r["row"]: num(r, key) for r in rows}
    bars(axes[1], cats, times, "ms (slowest rank)")
    r0 = rows[0]
    fig.suptitle("bench coll --nonblocking: %s %s (%s), %d %s: iwriteAll, compute for B, wait"
                 % (r0.get("dims"), r0.get("type"), size(r0.get("bytes", 0)), r0.get("ranks"), "MPI processes" if r0.get("mpi") else "ranks"), fontsize=9)
    return fig


def plot_coll_scale(rows, plt):
    fig, axes = plt.subplots(1, 3, figsize=(18, 5))
    t, m, msg = {}, {}, {}
    for r in rows:
        name = r["launch"]
        t.setdefault(name + " write", []).append((r["ranks"], num(r, "write_ms")))
        t.setdefault(name + " read", []).append((r["ranks"], num(r, "read_ms")))
        m.setdefault(name + ": allocated per rank per write+read", []).append((r["ranks"], num(r, "alloc_per_rank_bytes") / 1024))
        m.setdefault(name + ": the rank's own data", []).append((r["ranks"], num(r, "own_bytes_per_rank") / 1024))
        per = [int(x) for x in str(r.get("messages_by_exchange_all_ranks", "")).split(",") if x]
        for k, v in enumerate(per):
            msg.setdefault("%s: exchange %d of a write" % (name, k + 1), []).append((r["ranks"], v if v > 0 else math.nan))
        msg.setdefault(name + ": elements gathered per rank", []).append((r["ranks"], num(r, "gathered_elements_per_rank_per_write")))
    r0 = rows[0]
    lines(axes[0], t, "ranks (log2)", "ms per collective call (log)")
    axes[0].set_title("bench coll-scale: time per call, %s %s, %s" % (r0.get("dims"), r0.get("type"), r0.get("row")), fontsize=9)
    lines(axes[1], m, "ranks (log2)", "KiB per rank (log)")
    axes[1].set_title("bytes a rank's thread allocates per call pair, against its own data", fontsize=9)
    lines(axes[2], msg, "ranks (log2)", "messages, all ranks / elements per rank (log)")
    axes[2].set_title("one write over a counting communicator (message exchange)", fontsize=9)
    return fig


def plot_coll_memory(rows, plt):
    fig, ax = plt.subplots(figsize=(9, 5))
    cats = [r["row"] for r in rows]
    series = {"resident growth per rank (max over ranks)": {r["row"]: num(r, "rss_growth_per_rank_bytes") / 2**20 for r in rows},
              "bound from the hints": {r["row"]: num(r, "hint_bound_bytes") / 2**20 for r in rows}}
    bars(ax, cats, series, "MiB per rank")
    r0 = rows[0]
    ax.set_title("bench coll-memory: one collective write of %s int (%.1f GiB), %d ranks; the rank's own array excluded" %
                 (r0.get("dims"), num(r0, "bytes") / 2**30, r0.get("ranks")), fontsize=9)
    return fig


def plot_sort(rows, plt):
    obj = rows[0]
    res = obj["results"]
    fig, ax = plt.subplots(figsize=(9, 5))
    cats = [r["variant"] for r in res]
    total = {r["variant"]: r["ns_per_byte"] for r in res}
    io = {r["variant"]: r["io_s"] * 1e9 / max(1, r["bytes"]) for r in res}
    bars(ax, cats, {"total ns/byte": total, "of which blocked in I/O": io}, "ns per byte (log)", log=True)
    bound = obj.get("bound_ns_per_byte")
    if bound:
        ax.axhline(bound, color="black", linestyle=":")
        ax.text(0.01, bound, " max(computation alone, I/O alone): the most overlap can reach", va="bottom", fontsize=7,
                transform=ax.get_yaxis_transform())
    ax.set_title("bench sort: external merge sort of longs (%s)" % ", ".join(sorted({size(r["bytes"]) for r in res})), fontsize=9)
    return fig


def plot_seq(rows, plt):
    rows = [r for r in rows if "write_mibs" in r]
    label = lambda r: "%s, %s" % (r["case"], size(r["bytes"]))
    cases = list(dict.fromkeys(label(r) for r in rows))
    cats = list(dict.fromkeys(r["row"] for r in rows))
    fig, axes = plt.subplots(1, 2, figsize=(13, 5))
    for ax, key, what in ((axes[0], "write_mibs", "write"), (axes[1], "read_mibs", "read")):
        series = {}
        for r in rows:
            series.setdefault(label(r), {})[r["row"]] = num(r, key)
        bars(ax, cats, {c: series[c] for c in cases}, what + " MiB/s (log)", log=True)
        ax.set_title("bench seq: sequential %s, byte by byte as the DZone article" % what, fontsize=9)
    return fig


def sweep_axes(plt, studies):
    n = len(studies)
    cols = 2 if n > 1 else 1
    fig, axes = plt.subplots((n + cols - 1) // cols, cols, figsize=(7 * cols, 4.5 * ((n + cols - 1) // cols)), squeeze=False)
    flat = [a for row in axes for a in row]
    for a in flat[n:]:
        a.set_visible(False)
    return fig, flat


def plot_probe(rows, plt, title):
    """tuning and jvm-io: rows of (study, impl, op, param) with the study's metric (ns per byte or call, wall or user CPU)."""
    rows = [r for r in rows if "metric" in r]
    studies = list(dict.fromkeys(r["study"] for r in rows))
    fig, axes = sweep_axes(plt, studies)
    for ax, study in zip(axes, studies):
        rs = [r for r in rows if r["study"] == study]
        metric = rs[0]["metric"]
        label = {"ns_per_byte": "ns per byte (wall clock, log)", "user_ns_per_byte": "user CPU ns per byte (log)",
                 "ns_per_call": "ns per call (wall clock, log)", "user_ns_per_call": "user CPU ns per call (log)"}[metric]
        ops = {r["op"] for r in rs}
        name = (lambda r: "%s %s" % (r["impl"], r["op"])) if len(ops) > 1 else (lambda r: r["impl"])
        if len({r["param"] for r in rs}) > 2:
            series = {}
            for r in rs:
                series.setdefault(name(r), []).append((r["param"], num(r, metric)))
            lines(ax, series, rs[0]["param_name"] + " size (bytes, log2)", label)
        else:
            cats = list(dict.fromkeys(name(r) for r in rs))
            bars(ax, cats, {metric.replace("_", " "): {name(r): num(r, metric) for r in rs}}, label, log=True)
        ax.set_title("%s: %s" % (title, study), fontsize=9)
    return fig


def plot_h5(rows, plt):
    rows = [r for r in rows if "write_mibs" in r]
    cats = list(dict.fromkeys(r["row"] for r in rows))
    fig, axes = plt.subplots(1, 2, figsize=(13, 5))
    for ax, key, what in ((axes[0], "write_mibs", "write (synced)"), (axes[1], "read_mibs", "read")):
        series = {}
        for r in rows:
            series.setdefault("%s N=%d" % (size(r["bytes"]), r["np"]), {})[r["row"]] = num(r, key)
        bars(ax, cats, series, what + " MiB/s (log)", log=True)
        ax.set_title("bench h5: %s of the coll_perf int array as an HDF5 dataset, N MPI processes" % what, fontsize=9)
    return fig


def plot_ckpt(rows, plt):
    """Left: one durable checkpoint, C's plain write (hatched) and jpio's commit. Right: the stencil loop's
    variants, with the time each was blocked by checkpoint calls, and the bound max(compute alone, I/O alone)."""
    by = {r["row"]: r for r in rows}
    fig, axes = plt.subplots(1, 2, figsize=(13, 5))
    sync = [r for r in rows if r["row"] in ("c", "jpio-sync")]
    bars(axes[0], [r["row"] for r in sync], {"seconds": {r["row"]: num(r, "seconds") for r in sync}}, "seconds (durable)")
    r0 = sync[0]
    axes[0].set_title("bench ckpt: one durable %s checkpoint of %s, %d %s" % (r0.get("format", "npy"), size(r0["bytes"]), r0["ranks"],
                      "MPI processes" if r0.get("mode") == "mpi" else "ranks as threads"), fontsize=9)
    loops = [r for r in rows if r["row"].startswith("loop-")]
    if loops:
        cats = [r["row"][5:] for r in loops]
        bars(axes[1], cats, {"loop seconds": {r["row"][5:]: num(r, "seconds") for r in loops},
                             "blocked by checkpoint calls": {r["row"][5:]: num(r, "blocked_seconds") for r in loops}},
             "seconds", c_of=lambda c: False)
        bound = max(num(by["loop-compute_only"], "seconds"), num(by["loop-io_only"], "seconds"))
        axes[1].axhline(bound, color="black", linestyle=":")
        axes[1].text(0.01, bound, " max(compute alone, checkpoints alone)", va="bottom", fontsize=7, transform=axes[1].get_yaxis_transform())
        l0 = loops[0]
        axes[1].set_title("the stencil loop: %d steps, a checkpoint every %d" % (l0["steps"], l0["every"]), fontsize=9)
    else:
        axes[1].set_axis_off()
    return fig


PLOTS = {
    "array": plot_array,
    "bulk": plot_bulk,
    "calls": plot_calls,
    "coll": plot_coll,
    "coll-scale": plot_coll_scale,
    "coll-overlap": plot_coll_overlap,
    "coll-memory": plot_coll_memory,
    "floor": plot_floor,
    "h5": plot_h5,
    "sort": plot_sort,
    "seq": plot_seq,
    "tuning": lambda rows, plt: plot_probe(rows, plt, "bench tuning (Xu and Guo's strategies)"),
    "jvm-io": lambda rows, plt: plot_probe(rows, plt, "bench jvm-io (Burnett and Jindal)"),
    "ckpt": plot_ckpt,
    "comm": plot_comm,
}


def main(argv):
    import matplotlib
    matplotlib.use("Agg")
    if argv[1:] == ["--check"]:
        print("matplotlib " + matplotlib.__version__)
        return 0
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    import matplotlib.pyplot as plt
    with open(argv[1], encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    if not rows:
        print("plot.py: no rows in " + argv[1], file=sys.stderr)
        return 1
    kind = rows[0].get("bench", rows[0].get("benchmark"))
    if kind not in PLOTS:
        print("plot.py: no figure for bench=%r (known: %s)" % (kind, ", ".join(sorted(PLOTS))), file=sys.stderr)
        return 1
    fig = PLOTS[kind]([r for r in rows if r.get("bench", r.get("benchmark")) == kind], plt)
    fig.tight_layout()
    fig.savefig(argv[2], dpi=110)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
