# Sourced by build-mpi-jar.sh and build-coll-perf.sh: the source package of exactly the installed Open MPI.
#   openmpi_version      sets pkg, src_version (e.g. 4.1.4-3) and version (upstream, e.g. 4.1.4); fails if Open MPI is not installed
#   openmpi_source       also sets cache (JPIO_CACHE/openmpi-<src_version>, default ~/.cache/jpio) and orig, the upstream
#                        tarball there, downloading the source package with apt-get source when it is not there yet
#                        (scripts/deb-src.sh first gives apt source indexes from the machine's own mirror; needs root
#                        or password-less sudo)

openmpi_version() {
  pkg=libopenmpi-dev
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    echo "$(basename "$0"): $pkg is not installed (run scripts/bootstrap.sh)" >&2
    exit 1
  fi
  src_version=$(dpkg-query -W -f='${source:Version}' "$pkg")    # e.g. 4.1.4-3 (binary may be 4.1.4-3+b1)
  version=${src_version#*:}
  version=${version%%-*}                                          # upstream version, e.g. 4.1.4
}

openmpi_source() {
  openmpi_version
  cache=${JPIO_CACHE:-$HOME/.cache/jpio}/openmpi-$src_version
  mkdir -p "$cache"
  orig=$(cd "$cache" && ls openmpi_"$version".orig.tar.* 2>/dev/null | head -1 || true)
  if [ -z "$orig" ]; then
    "$(dirname "${BASH_SOURCE[0]}")/deb-src.sh"     # source indexes from the machine's own mirror
    echo "$(basename "$0"): downloading the openmpi=$src_version source package into $cache"
    (cd "$cache" && apt-get source --download-only -qq "openmpi=$src_version" >/dev/null)
    orig=$(cd "$cache" && ls openmpi_"$version".orig.tar.*)
  fi
}
