#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for proving the Slurm recipes of
# Docs/sweep.md on a real scheduler (Scripts/slurm_sweep_check.sh, `make test-slurm`).
#
#   Scripts/slurm-local.sh start STATE_DIR    install if missing, configure, start, wait for idle
#   Scripts/slurm-local.sh stop STATE_DIR     cancel its jobs, stop exactly the daemons it started
#   Scripts/slurm-local.sh env STATE_DIR      print `export SLURM_CONF=…` for the client commands
#
# Installs Debian's slurm-wlm and munge with apt-get when slurmctld, slurmd, sbatch or
# munged is missing (a package's postinst that starts a system daemon is undone: that
# daemon is stopped again by its own pid file). Everything else lives under STATE_DIR:
# the munge key, socket, seed, pid and log; slurm.conf; slurmctld's state and slurmd's
# spool; their pid and log files. No file under /etc is written or read by the daemons
# it starts (slurm.conf names its own empty plugstack.conf).
#
# The cluster: one node named after `hostname -s` at 127.0.0.1 with CPUs from nproc and
# RealMemory from /proc/meminfo, in one partition `local`; no cgroups
# (proctrack/linuxproc, task/none), no accounting, select/cons_tres with CR_CPU, daemons
# as root (SlurmUser=root). Ports 6817/6818, or the next free pair (SLURM_LOCAL_PORT
# sets the first). Finished jobs stay visible to `squeue -t all` for an hour
# (MinJobAge=3600), since there is no accounting database to ask afterwards; a job whose
# dependency can no longer be met is cancelled rather than left pending for ever
# (kill_invalid_depend).
set -euo pipefail

die() { echo "slurm-local: $*" >&2; exit 1; }

usage() { die "usage: $0 start|stop|env STATE_DIR"; }
[ $# -eq 2 ] || usage
mode=$1
mkdir -p "$2" || die "cannot create the state directory $2"
state=$(cd "$2" && pwd -P)
conf=$state/etc/slurm.conf
run=$state/run
log=$state/log
export SLURM_CONF=$conf
START_TIMEOUT=${SLURM_LOCAL_TIMEOUT:-60}

# Debian's default pid files of the system daemons, checked around apt-get install.
SYSTEM_PIDFILES=(/run/munge/munged.pid /run/slurmctld.pid /run/slurmd.pid /run/slurm/slurmctld.pid /run/slurm/slurmd.pid)

alive() { # pidfile expected-comm: the live pid it names, if its command is the expected one
    local pid
    [ -s "$1" ] || return 1
    pid=$(tr -dc '0-9' <"$1")
    [ -n "$pid" ] && [ -r "/proc/$pid/comm" ] && [ "$(cat "/proc/$pid/comm")" = "$2" ] && echo "$pid"
}

stop_pid() { # pid name: TERM, then KILL after 15 s
    local pid=$1 name=$2 i
    kill -TERM "$pid" 2>/dev/null || return 0
    for ((i = 0; i < 150; i++)); do
        kill -0 "$pid" 2>/dev/null || { echo "slurm-local: stopped $name (pid $pid)"; return 0; }
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
    echo "slurm-local: killed $name (pid $pid), it ignored SIGTERM for 15 s" >&2
}

install_if_missing() {
    local missing=() tool before=() after f
    for tool in slurmctld slurmd sbatch squeue sinfo munged; do
        command -v "$tool" >/dev/null || missing+=("$tool")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    [ "$(id -u)" = 0 ] || die "${missing[*]} missing; run as root to install slurm-wlm and munge"
    command -v apt-get >/dev/null || die "${missing[*]} missing and there is no apt-get to install slurm-wlm and munge"
    for f in "${SYSTEM_PIDFILES[@]}"; do [ -e "$f" ] && before+=("$f"); done
    echo "slurm-local: installing slurm-wlm and munge with apt-get (missing: ${missing[*]})"
    apt-get update -qq || die "apt-get update failed"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null \
        || die "apt-get install slurm-wlm munge failed (is Debian's main repository configured?)"
    for tool in slurmctld slurmd sbatch squeue sinfo munged; do
        command -v "$tool" >/dev/null || die "$tool still missing after installing slurm-wlm and munge"
    done
    # Undo a postinst that started a system daemon (Debian's policy-rc.d usually prevents it).
    for f in "${SYSTEM_PIDFILES[@]}"; do
        [[ " ${before[*]-} " == *" $f "* ]] && continue
        for name in munged slurmctld slurmd; do
            if after=$(alive "$f" "$name"); then
                echo "slurm-local: the package started the system $name; stopping it"
                stop_pid "$after" "system $name"
            fi
        done
    done
}

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

write_config() {
    local node cpus mem_kb port
    node=$(hostname -s)
    cpus=$(nproc)
    mem_kb=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)
    [ -n "$mem_kb" ] || die "no MemTotal in /proc/meminfo"
    port=${SLURM_LOCAL_PORT:-6817}
    while ! port_free "$port" || ! port_free $((port + 1)); do
        port=$((port + 2))
        [ "$port" -lt 7817 ] || die "no free pair of TCP ports from ${SLURM_LOCAL_PORT:-6817} to 7817"
    done
    mkdir -p "$state/etc"
    : >"$state/etc/plugstack.conf"
    cat >"$conf" <<EOF
# Written by Scripts/slurm-local.sh: a one-node cluster on $node, state under $state.
ClusterName=hookelocal
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$state/munge/munge.socket.2
StateSaveLocation=$state/slurmctld
SlurmdSpoolDir=$state/slurmd
SlurmctldPidFile=$run/slurmctld.pid
SlurmdPidFile=$run/slurmd.pid
SlurmctldLogFile=$log/slurmctld.log
SlurmdLogFile=$log/slurmd.log
PlugStackConfig=$state/etc/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
MinJobAge=3600
DependencyParameters=kill_invalid_depend
MailProg=/bin/true
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$((mem_kb / 1024)) State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
}

wait_for() { # seconds description command…: poll every 0.5 s
    local seconds=$1 what=$2 i
    shift 2
    for ((i = 0; i < seconds * 2; i++)); do
        "$@" >/dev/null 2>&1 && return 0
        sleep 0.5
    done
    return 1
}

node_idle() { [ "$(sinfo -h -n "$(hostname -s)" -o %T 2>/dev/null)" = idle ]; }

start() {
    install_if_missing
    for name in munged slurmctld slurmd; do
        if alive "$run/$name.pid" "$name" >/dev/null; then
            die "$name of $state is already running; run '$0 stop $state' first"
        fi
    done
    # A directory of its own: `stop` and the check clear parts of it.
    if [ -n "$(ls -A "$state")" ] && [ ! -e "$state/.slurm-local" ]; then
        die "$state is not empty and was not made by slurm-local.sh; give a new directory"
    fi
    : >"$state/.slurm-local"
    local socket=$state/munge/munge.socket.2
    [ ${#socket} -lt 100 ] || die "the state directory's path is too long for a Unix socket: $socket"
    mkdir -p "$run" "$log" "$state/munge" "$state/slurmctld" "$state/slurmd"
    chmod 0755 "$state/munge"   # munged: the socket's directory must be searchable by all
    if [ ! -s "$state/munge/munge.key" ]; then
        (umask 077 && head -c 1024 /dev/urandom >"$state/munge/munge.key")
    fi
    chmod 0400 "$state/munge/munge.key"
    write_config

    munged --key-file="$state/munge/munge.key" --socket="$socket" --pid-file="$run/munged.pid" \
        --log-file="$log/munged.log" --seed-file="$state/munge/munged.seed" \
        || die "munged did not start (see $log/munged.log)"
    wait_for 10 munged alive "$run/munged.pid" munged || die "munged wrote no pid file (see $log/munged.log)"
    echo "slurm-local: munged $(cat "$run/munged.pid") on $socket"

    slurmctld -c -f "$conf" || die "slurmctld did not start (see $log/slurmctld.log)"
    wait_for 20 slurmctld alive "$run/slurmctld.pid" slurmctld || die "slurmctld wrote no pid file (see $log/slurmctld.log)"
    echo "slurm-local: slurmctld $(cat "$run/slurmctld.pid")"

    slurmd -f "$conf" || die "slurmd did not start (see $log/slurmd.log)"
    wait_for 20 slurmd alive "$run/slurmd.pid" slurmd || die "slurmd wrote no pid file (see $log/slurmd.log)"
    echo "slurm-local: slurmd $(cat "$run/slurmd.pid")"

    if ! wait_for "$START_TIMEOUT" idle node_idle; then
        sinfo -N -l >&2 || true
        die "node $(hostname -s) not idle after $START_TIMEOUT s (see $log/slurmctld.log and $log/slurmd.log)"
    fi
    echo "slurm-local: $(sinfo --version) up: node $(hostname -s) idle; export SLURM_CONF=$conf"
}

stop() {
    local pid name jobs i
    # Cancel what is still queued or running, so no slurmstepd outlives its slurmd.
    if alive "$run/slurmctld.pid" slurmctld >/dev/null && [ -f "$conf" ]; then
        jobs=$(timeout 10 squeue -h -o %A 2>/dev/null | sort -u | paste -sd' ' || true)
        if [ -n "$jobs" ]; then
            echo "slurm-local: cancelling jobs $jobs"
            # shellcheck disable=SC2086
            timeout 10 scancel $jobs || true
            for ((i = 0; i < 40; i++)); do
                [ -z "$(timeout 10 squeue -h -o %A 2>/dev/null || true)" ] && break
                sleep 0.5
            done
        fi
    fi
    for name in slurmd slurmctld munged; do
        if pid=$(alive "$run/$name.pid" "$name"); then
            stop_pid "$pid" "$name"
        fi
        rm -f "$run/$name.pid"
    done
}

case $mode in
start) start ;;
stop) stop ;;
env) echo "export SLURM_CONF=$conf" ;;
*) usage ;;
esac
