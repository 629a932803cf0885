#!/usr/bin/env bash
# A simulated cluster for jpio's tests: 2-4 "hosts" h1..hN on one machine, each a process holding its own
# network, UTS (host name) and mount namespaces, joined by a bridge that lives in a namespace of its own
# ("sw", which also holds the storage address .254), on a private subnet; the machine's own network is
# untouched (every interface is made inside the namespaces). Each host's link is rate-limited both ways
# with tc tbf (no delay: this kernel has no netem). mpirun runs inside h1 and starts ranks on the others
# through DIR/rsh, an rsh agent that enters their namespaces. Root required.
#   cluster.sh up DIR N [RATE]    N hosts (2-4), links of RATE (tc syntax, default 1gbit); prints DIR
#   cluster.sh exec DIR HOST CMD  runs CMD inside HOST's namespaces (sw: the bridge's network namespace)
#   cluster.sh mpirun DIR ARGS    mpirun inside h1 with the cluster's options (rsh agent, TCP on the
#                                 subnet, --bind-to none) followed by ARGS, e.g. -np 4 --host h1:2,h2:2 prog
#   cluster.sh down DIR           ends every namespace (their interfaces go with them) and removes DIR;
#                                 also after a failed up
set -euo pipefail
usage="usage: cluster.sh up DIR N [RATE] | exec DIR HOST CMD... | mpirun DIR ARGS... | down DIR"
cmd=${1:?$usage}
dir=${2:?$usage}
SUBNET=10.213.77

pid_of() { awk -v h="$1" '$1 == h { print $2 }' "$dir/hosts"; }

down() {
    if [ -f "$dir/hosts" ]; then
        # every process inside a host (a rank or daemon left behind included), so its namespaces end too
        while read -r _ pid _; do
            local ns
            ns=$(readlink "/proc/$pid/ns/net" 2>/dev/null) || continue
            for p in /proc/[0-9]*; do
                [ "$(readlink "$p/ns/net" 2>/dev/null)" = "$ns" ] && kill -9 "${p#/proc/}" 2>/dev/null
            done
        done < "$dir/hosts"
    fi
    rm -rf "$dir"
}

# A process in new namespaces (network, and for a host also UTS and mount) that lives until killed.
holder() {
    local name=$1 kind=$2 pid
    if [ "$kind" = host ]; then
        unshare --net --uts --mount --propagation private sh -c "hostname $name && exec sleep infinity" </dev/null >/dev/null 2>&1 &
    else
        unshare --net sh -c "exec sleep infinity" </dev/null >/dev/null 2>&1 &
    fi
    pid=$!
    echo "$name $pid $( [ "$kind" = host ] && echo "$SUBNET.${name#h}" || echo "$SUBNET.254")" >> "$dir/hosts"
    for _ in $(seq 1 50); do
        [ "$(readlink /proc/$pid/ns/net)" != "$(readlink /proc/self/ns/net)" ] && \
            { [ "$kind" != host ] || [ "$(nsenter -t "$pid" -u hostname)" = "$name" ]; } && return 0
        sleep 0.1
    done
    echo "cluster.sh: namespace holder for $name did not come up" >&2
    return 1
}

up() {
    local n=${1:?$usage} rate=${2:-1gbit}
    [ "$(id -u)" = 0 ] || { echo "cluster.sh: needs root (namespaces, interfaces, tc)" >&2; exit 77; }
    for t in unshare nsenter ip tc mpirun; do command -v "$t" >/dev/null || { echo "cluster.sh: $t is missing" >&2; exit 77; }; done
    [ "$n" -ge 2 ] && [ "$n" -le 4 ] || { echo "cluster.sh: N=$n must be 2, 3 or 4" >&2; exit 2; }
    mkdir -p "$dir"
    : > "$dir/hosts"
    trap 'echo "cluster.sh: up failed, tearing down $dir" >&2; down' ERR
    holder sw switch
    local sw
    sw=$(pid_of sw)
    nsenter -t "$sw" -n sh -c "ip link set lo up && ip link add br0 type bridge && ip addr add $SUBNET.254/24 dev br0 && ip link set br0 up"
    {
        echo "127.0.0.1 localhost"
        for k in $(seq 1 "$n"); do echo "$SUBNET.$k h$k"; done
        echo "$SUBNET.254 storage"
    } > "$dir/etc-hosts"
    # burst: a few milliseconds at the rate, never below 64 KiB
    local burst=262144
    for k in $(seq 1 "$n"); do
        holder "h$k" host
        local h
        h=$(pid_of "h$k")
        # the pair is made inside the bridge's namespace and one end moved to the host: the machine never sees it
        nsenter -t "$sw" -n sh -c "ip link add p$k type veth peer name eth0 && ip link set eth0 netns $h && ip link set p$k master br0 && ip link set p$k up \
            && tc qdisc add dev p$k root tbf rate $rate burst $burst latency 20ms"
        nsenter -t "$h" -n sh -c "ip link set lo up && ip addr add $SUBNET.$k/24 dev eth0 && ip link set eth0 up \
            && tc qdisc add dev eth0 root tbf rate $rate burst $burst latency 20ms"
        nsenter -t "$h" -m mount --bind "$dir/etc-hosts" /etc/hosts
    done
    cat > "$dir/rsh" <<AGENT
#!/usr/bin/env bash
# rsh agent for mpirun: runs the command inside the namespaces of the named host of $dir/hosts
while [ "\${1:-}" != "\${1#-}" ]; do shift; done
host=\$1; shift
pid=\$(awk -v h="\$host" '\$1 == h { print \$2 }' "$dir/hosts")
[ -n "\$pid" ] || { echo "rsh: no host \$host in $dir/hosts" >&2; exit 1; }
exec nsenter -t "\$pid" -n -u -m -- sh -c "\$*"
AGENT
    chmod +x "$dir/rsh"
    trap - ERR
    echo "$dir"
}

case "$cmd" in
    up) shift 2; up "$@" ;;
    exec)
        host=${3:?$usage}; shift 3
        pid=$(pid_of "$host")
        [ -n "$pid" ] || { echo "cluster.sh: no host $host" >&2; exit 2; }
        if [ "$host" = sw ]; then exec nsenter -t "$pid" -n -- "$@"; else exec nsenter -t "$pid" -n -u -m --wd="$PWD" -- "$@"; fi ;;
    mpirun)
        shift 2
        exec nsenter -t "$(pid_of h1)" -n -u -m --wd="$PWD" -- mpirun --allow-run-as-root --oversubscribe --bind-to none \
            --mca plm_rsh_agent "$dir/rsh" --mca btl self,vader,tcp --mca btl_tcp_if_include "$SUBNET.0/24" \
            --mca oob_tcp_if_include "$SUBNET.0/24" "$@" ;;
    down) down ;;
    *) echo "$usage" >&2; exit 2 ;;
esac
