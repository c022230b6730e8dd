#!/usr/bin/env bash
# A two-node Qdrant cluster on this machine, for the cluster's live test and
# for trying shards and replicas (docs/scaling.md, "A Qdrant cluster").
#
#   scripts/qdrant-cluster.sh start      start node 1 (--uri) and node 2
#                                        (--bootstrap node 1) from the same
#                                        binary in cluster mode, each on its
#                                        own free loopback ports and fresh
#                                        storage; wait until both answer
#                                        /readyz and node 1 lists 2 peers;
#                                        print QDRANT_CLUSTER_URLS (the gRPC
#                                        endpoints, comma-separated),
#                                        QDRANT_CLUSTER_HTTP (the REST ones)
#                                        and QDRANT_CLUSTER_SCRIPT (this
#                                        script, for tests that kill and
#                                        restart a node)
#   scripts/qdrant-cluster.sh stop       stop both nodes, delete their storage
#   scripts/qdrant-cluster.sh status     print the URLs, exit 0 when both run,
#                                        3 when not
#   scripts/qdrant-cluster.sh kill N     kill node N (1 or 2) with SIGKILL,
#                                        keeping its storage and ports
#   scripts/qdrant-cluster.sh restart N  start node N again on its storage and
#                                        ports and wait for /readyz
#
# The binary is the one scripts/qdrant.sh uses (scripts/qdrant.sh binary).
# Environment: HYBRIDRAG_QDRANT_START_TIMEOUT (seconds, default 60). State,
# storage and logs go under .tools/qdrant-cluster/node1 and node2 beside this
# checkout. Extra QDRANT__* variables in the environment reach both nodes
# (scripts/test.sh turns off HNSW indexing that way).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BASE="$ROOT/.tools/qdrant-cluster"
HOST=127.0.0.1
TIMEOUT="${HYBRIDRAG_QDRANT_START_TIMEOUT:-60}"
NODES=(1 2)

# shellcheck source-path=SCRIPTDIR source=lib/server.sh
. "$ROOT/scripts/lib/server.sh"

# node I points the server helpers at node I's state folder. The folder
# keeps the gRPC port (server_launched), and the HTTP and P2P ports.
node() {
  NODE=$1
  DIR="$BASE/node$NODE"
  STORAGE="$DIR/storage"
  server_init "qdrant-cluster.sh node $NODE" "$DIR" "$DIR/qdrant.pid" "$DIR/qdrant.log" \
    host="$HOST" match="qdrant" grace=10 interval=0.2 scratch="$STORAGE"
}

# port KIND prints the current node's recorded port of KIND (grpc, http, p2p).
port() {
  case "$1" in
    grpc) cat "$DIR/port" ;;
    *) cat "$DIR/${1}_port" ;;
  esac
}

# curl_get PATH prints the current node's REST answer at PATH.
curl_get() { curl -fsS -m 2 "http://$HOST:$(port http)$1"; }

# ready GRPC_PORT succeeds when the current node answers /readyz on HTTP
# and accepts connections on gRPC.
ready() {
  server_port_open "$1" && curl_get /readyz >/dev/null 2>&1
}

# peers prints the number of peers the current node knows.
peers() {
  curl_get /cluster 2>/dev/null | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["result"]["peers"]))' 2>/dev/null || echo 0
}

# launch runs the current node on its recorded ports and storage in the
# background and waits for /readyz. Node 1 founds the cluster; node 2 joins
# it through node 1's P2P port (a node that was a member already finds the
# cluster in its storage).
launch() {
  local bin args t0=$SECONDS
  bin=$(bash "$ROOT/scripts/qdrant.sh" binary) || exit 1
  args=(--disable-telemetry --uri "http://$HOST:$(port p2p)")
  if [[ "$NODE" != 1 ]]; then
    args+=(--bootstrap "http://$HOST:$(cat "$BASE/node1/p2p_port")")
  fi
  mkdir -p "$STORAGE"
  (
    cd "$DIR"
    export QDRANT__CLUSTER__ENABLED=true QDRANT__CLUSTER__P2P__PORT="$(port p2p)"
    export QDRANT__STORAGE__STORAGE_PATH="$STORAGE" QDRANT__STORAGE__SNAPSHOTS_PATH="$STORAGE/snapshots"
    export QDRANT__SERVICE__HOST="$HOST" QDRANT__SERVICE__GRPC_PORT="$(port grpc)" QDRANT__SERVICE__HTTP_PORT="$(port http)"
    export QDRANT__TELEMETRY_DISABLED=true QDRANT__LOG_LEVEL=WARN
    exec nohup "$bin" "${args[@]}" >>"$SERVER_LOG" 2>&1 </dev/null
  ) &
  local pid=$!
  echo "$pid" >"$SERVER_PIDFILE"
  server_wait "$pid" "$(port grpc)" "$TIMEOUT" ready 0.2 "$t0" /readyz
  say "ready in $((SECONDS - t0)) s (pid $pid, gRPC $(port grpc), HTTP $(port http), P2P $(port p2p))"
}

# urls prints the cluster's gRPC and REST endpoints.
urls() {
  local grpc=() http=() i
  for i in "${NODES[@]}"; do
    node "$i"
    grpc+=("http://$HOST:$(port grpc)")
    http+=("http://$HOST:$(port http)")
  done
  (
    IFS=,
    echo "QDRANT_CLUSTER_URLS=${grpc[*]}"
    echo "QDRANT_CLUSTER_HTTP=${http[*]}"
  )
  echo "QDRANT_CLUSTER_SCRIPT=$ROOT/scripts/qdrant-cluster.sh"
}

running() {
  local i
  for i in "${NODES[@]}"; do
    node "$i"
    server_running >/dev/null || return 1
  done
}

start() {
  server_need curl
  server_need python3
  if running; then
    urls
    return 0
  fi
  stop 2>/dev/null
  local t0=$SECONDS taken=() i p kind
  for i in "${NODES[@]}"; do
    node "$i"
    mkdir -p "$DIR"
    rm -rf "$STORAGE"
    : >"$SERVER_LOG"
    for kind in grpc http p2p; do
      p=$(server_free_port "${taken[@]}")
      taken+=("$p")
      case "$kind" in
        grpc) echo "$p" >"$DIR/port" ;;
        *) echo "$p" >"$DIR/${kind}_port" ;;
      esac
    done
  done
  for i in "${NODES[@]}"; do
    node "$i"
    launch
  done
  node 1
  until [[ "$(peers)" == "${#NODES[@]}" ]]; do
    ((SECONDS - t0 < TIMEOUT)) || { stop; die "the cluster did not reach ${#NODES[@]} peers in $TIMEOUT s"; }
    sleep 0.2
  done
  say "cluster of ${#NODES[@]} peers ready in $((SECONDS - t0)) s"
  urls
}

stop() {
  local i
  for i in "${NODES[@]}"; do
    node "$i"
    server_stop
    rm -f "$DIR/http_port" "$DIR/p2p_port"
  done
}

status() {
  if running; then
    urls
    return 0
  fi
  say "not running"
  return 3
}

# pick checks the node number given after kill or restart.
pick() {
  [[ "${1:-}" =~ ^[12]$ ]] || die "usage: $0 kill|restart 1|2"
  node "$1"
  [[ -f "$DIR/port" ]] || die "not started (run start first)"
}

kill_node() {
  pick "$@"
  local pid
  if pid=$(server_running); then
    kill -KILL "$pid"
    while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
    say "killed (pid $pid)"
  fi
  rm -f "$SERVER_PIDFILE"
}

restart() {
  pick "$@"
  server_running >/dev/null && die "running already"
  launch
}

case "${1:-}" in
  kill) kill_node "${2:-}" ;;
  restart) restart "${2:-}" ;;
  *) server_dispatch "start|stop|status" "${1:-}" ;;
esac
