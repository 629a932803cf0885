#!/usr/bin/env bash
# Makes apt able to fetch source packages (apt-get source) from the machine's own Debian mirror: for every
# deb entry of the apt sources (one-line .list files and deb822 .sources files), a deb-src entry with the
# same URIs, suites, components and signing key. Nothing is added when apt already knows source indexes.
# A site with its own mirror (an HPC centre, an air-gapped cluster) gets its own mirror's sources; no host
# is named here. Needs root, or password-less sudo, to write /etc/apt/sources.list.d/jpio-src.sources.
set -euo pipefail

if apt-get indextargets --format '$(CREATED_BY)' 2>/dev/null | grep -qx Sources; then
  exit 0
fi

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo "$@"
  else echo "deb-src: needs root to run: $*" >&2; exit 1
  fi
}

out=/etc/apt/sources.list.d/jpio-src.sources
entries=$(python3 - /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources <<'PY'
import re, sys
def one_line(path):
    for line in open(path, errors="replace"):
        line = line.split("#", 1)[0].strip()
        if not line.startswith("deb "):
            continue
        opts = {}
        m = re.match(r"deb\s+\[([^\]]*)\]\s+(.*)", line)
        rest = line[4:].strip()
        if m:
            for kv in m.group(1).split():
                k, _, v = kv.partition("=")
                opts[k] = v
            rest = m.group(2)
        f = rest.split()
        if len(f) >= 3:
            yield {"URIs": f[0], "Suites": f[1], "Components": " ".join(f[2:]), "Signed-By": opts.get("signed-by", "")}
def deb822(path):
    stanza = {}
    for line in list(open(path, errors="replace")) + [""]:
        s = line.rstrip("\n")
        if s.strip() == "":
            if stanza.get("Types") and "deb" in stanza["Types"].split() and stanza.get("Enabled", "yes") != "no":
                yield {k: stanza.get(k, "") for k in ("URIs", "Suites", "Components", "Signed-By")}
            stanza = {}
            continue
        if s.startswith("#") or s.startswith(" ") or ":" not in s:
            continue
        k, _, v = s.partition(":")
        stanza[k.strip()] = v.strip()
codename = ""
try:
    for line in open("/etc/os-release"):
        if line.startswith("VERSION_CODENAME="):
            codename = line.strip().split("=", 1)[1].strip('"')
except OSError:
    pass
def debian_suite(e):  # the release's own suites (bookworm, bookworm-updates, bookworm-security), not other vendors'
    return not codename or any(s == codename or s.startswith(codename + "-") for s in e["Suites"].split())
seen = []
for path in sys.argv[1:]:
    try:
        src = deb822(path) if path.endswith(".sources") else one_line(path)
        for e in src:
            if e["URIs"] and e["Suites"] and debian_suite(e) and e not in seen:
                seen.append(e)
    except OSError:
        pass
for e in seen:
    print("Types: deb-src")
    for k in ("URIs", "Suites", "Components", "Signed-By"):
        if e[k]:
            print(k + ": " + e[k])
    print()
PY
)
if [ -z "$entries" ]; then
  echo "deb-src: the apt sources have no deb entry to derive a deb-src entry from" >&2
  exit 1
fi
echo "deb-src: adding $out (deb-src entries for the machine's own deb entries)"
printf '%s\n' "$entries" | as_root tee "$out" >/dev/null
as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
