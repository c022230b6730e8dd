# shellcheck shell=bash
# Shared helpers of the test-server scripts (neo4j.sh, sparql.sh, openrefine.sh,
# qdrant.sh).
# Sourced, not run. A script calls server_init first, then builds its own
# start/stop/status commands from these helpers. Progress and errors go to
# stderr; only the NAME=value line of a script's address function goes to stdout.
#
# Settings (server_init sets them; scripts only read them through these helpers):
#   SERVER_NAME      prefix of the messages, e.g. neo4j.sh
#   SERVER_DIR       state folder; SERVER_DIR/port holds the running server's port
#   SERVER_PIDFILE   pid file of the running server
#   SERVER_LOG       the server's output
#   SERVER_HOST      address the server binds               host=     (127.0.0.1)
#   SERVER_MATCH     text the pid's command line must
#                    contain ('' = any live pid)            match=    ('')
#   SERVER_GROUP     1: the pid leads a process group,
#                    and stop signals the whole group       group=    (0)
#   SERVER_GRACE     seconds stop waits after SIGTERM
#                    before it sends SIGKILL                grace=    (30)
#   SERVER_INTERVAL  seconds between stop's checks          interval= (0.5)
#   SERVER_SCRATCH   folder stop deletes ('' = none)        scratch=  ('')
#   SERVER_LOGS      function that prints the log tail
#                    to stderr                              logs=     (server_log_tail)
#   SERVER_NOTE      what the last readiness probe saw (server_note), for the
#                    not-ready message

# server_init NAME DIR PIDFILE LOG [KEY=VALUE ...] sets the settings; the keys
# are listed above.
server_init() {
  SERVER_NAME=$1
  SERVER_DIR=$2
  SERVER_PIDFILE=$3
  SERVER_LOG=$4
  shift 4
  SERVER_HOST=127.0.0.1
  SERVER_MATCH=
  SERVER_GROUP=0
  SERVER_GRACE=30
  SERVER_INTERVAL=0.5
  SERVER_SCRATCH=
  SERVER_LOGS=server_log_tail
  SERVER_NOTE=
  local opt
  for opt in "$@"; do
    case "$opt" in
      host=*) SERVER_HOST=${opt#*=} ;;
      match=*) SERVER_MATCH=${opt#*=} ;;
      group=*) SERVER_GROUP=${opt#*=} ;;
      grace=*) SERVER_GRACE=${opt#*=} ;;
      interval=*) SERVER_INTERVAL=${opt#*=} ;;
      scratch=*) SERVER_SCRATCH=${opt#*=} ;;
      logs=*) SERVER_LOGS=${opt#*=} ;;
      *)
        echo "$SERVER_NAME: server_init: unknown setting $opt" >&2
        exit 1
        ;;
    esac
  done
}

# server_note TEXT records what a readiness probe saw; server_wait adds it to
# its not-ready message.
server_note() { SERVER_NOTE=$1; }

say() { echo "$SERVER_NAME: $*" >&2; }
die() {
  say "$*"
  exit 1
}

# server_need CMD [HINT] dies unless CMD is on PATH.
server_need() {
  command -v "$1" >/dev/null 2>&1 || die "$1 not found on PATH${2:+ ($2)}"
}

# server_log_tail prints the last 40 lines of the server's output to stderr.
server_log_tail() {
  tail -n 40 "$SERVER_LOG" >&2 || true
}

# server_port_open PORT succeeds when something accepts connections on SERVER_HOST:PORT.
server_port_open() {
  (exec 3<>"/dev/tcp/$SERVER_HOST/$1") 2>/dev/null
}

# server_port_free PORT ENVVAR dies when PORT is taken, naming the variable that moves it.
server_port_free() {
  if server_port_open "$1"; then
    die "port $1 on $SERVER_HOST is already in use by another process; set $2"
  fi
}

# server_free_port [EXCEPT ...] prints a port in 20000-59999 on which nothing
# on SERVER_HOST accepts connections and that is none of EXCEPT. Another
# process may still take it before the server binds it; the server then
# fails to start and says why.
server_free_port() {
  local port try
  for ((try = 0; try < 100; try++)); do
    port=$((20000 + RANDOM % 40000))
    [[ " $* " == *" $port "* ]] && continue
    server_port_open "$port" && continue
    echo "$port"
    return 0
  done
  die "no free port found on $SERVER_HOST"
}

# server_running prints the pid of our server when the pid file names a live one.
server_running() {
  [[ -f "$SERVER_PIDFILE" ]] || return 1
  local pid
  pid=$(cat "$SERVER_PIDFILE")
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || return 1
  if [[ -n "$SERVER_MATCH" ]]; then
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$SERVER_MATCH" || return 1
  fi
  echo "$pid"
}

# server_port prints the port the running server was started on.
server_port() { cat "$SERVER_DIR/port"; }

# server_started ADDRESS succeeds, after calling the function ADDRESS with the
# running server's port, when our server runs already; otherwise it drops a
# stale pid file and fails, so that start goes on.
server_started() {
  mkdir -p "$SERVER_DIR"
  if server_running >/dev/null; then
    "$1" "$(server_port)"
    return 0
  fi
  rm -f "$SERVER_PIDFILE"
  return 1
}

# server_launched PID PORT records a server just started in the background.
server_launched() {
  echo "$1" >"$SERVER_PIDFILE"
  echo "$2" >"$SERVER_DIR/port"
}

# server_wait PID PORT TIMEOUT PROBE INTERVAL T0 WHAT polls the function
# PROBE PORT every INTERVAL seconds until it succeeds. It dies with the log
# tail when the process PID exits first, or, after stopping the server, when
# TIMEOUT seconds have passed since T0 (a value of SECONDS); WHAT names what is
# not ready in that message.
server_wait() {
  local pid=$1 port=$2 timeout=$3 probe=$4 interval=$5 t0=$6 what=$7
  while ! "$probe" "$port"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      rm -f "$SERVER_PIDFILE"
      "$SERVER_LOGS"
      die "server exited during start-up; log: $SERVER_LOG"
    fi
    if ((SECONDS - t0 >= timeout)); then
      "$SERVER_LOGS"
      server_stop >/dev/null 2>&1 || true
      die "$what not ready on $SERVER_HOST:$port after ${timeout} s${SERVER_NOTE:+ ($SERVER_NOTE)}; log: $SERVER_LOG"
    fi
    sleep "$interval"
  done
}

# server_signal SIG PID sends SIG to the server (to its process group when SERVER_GROUP=1).
server_signal() {
  if [[ "$SERVER_GROUP" == 1 ]]; then
    kill "-$1" -- "-$2" 2>/dev/null
  else
    kill "-$1" "$2" 2>/dev/null
  fi
}

# server_stop stops our server (SIGTERM, then SIGKILL after SERVER_GRACE
# seconds) and removes the pid file, the port file and SERVER_SCRATCH.
server_stop() {
  local pid what=pid
  [[ "$SERVER_GROUP" == 1 ]] && what="process group"
  if pid=$(server_running); then
    server_signal TERM "$pid" || kill -TERM "$pid" 2>/dev/null || true
    local t0=$SECONDS
    while server_signal 0 "$pid"; do
      ((SECONDS - t0 >= SERVER_GRACE)) && break
      sleep "$SERVER_INTERVAL"
    done
    if server_signal 0 "$pid"; then
      say "$what $pid ignored SIGTERM for $SERVER_GRACE s; killing"
      server_signal KILL "$pid" || true
    fi
    say "stopped (pid $pid)"
  fi
  rm -f "$SERVER_PIDFILE" "$SERVER_DIR/port"
  if [[ -n "$SERVER_SCRATCH" ]]; then
    rm -rf "$SERVER_SCRATCH"
  fi
}

# server_status ADDRESS [PROBE] calls the function ADDRESS with the port and
# returns 0 when our server runs (and PROBE PORT succeeds, when given);
# otherwise it says so and returns 3.
server_status() {
  if server_running >/dev/null && { [[ -z "${2:-}" ]] || "$2" "$(server_port)"; }; then
    "$1" "$(server_port)"
    return 0
  fi
  say "not running"
  return 3
}

# server_dispatch COMMANDS ARG runs the function named ARG when it is one of
# the |-separated COMMANDS, and dies with the usage otherwise.
server_dispatch() {
  local commands=$1 cmd=${2:-}
  if [[ "$cmd" =~ ^[a-z]+$ && "|$commands|" == *"|$cmd|"* ]]; then
    "$cmd"
    return
  fi
  die "usage: $0 $commands"
}
