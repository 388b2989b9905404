#!/usr/bin/env bash
# A private, throwaway PostgreSQL 15 server on loopback, for CI and benchmarks. It never
# touches the system's own cluster: the data folder, the socket and the log live in one
# temporary folder that `stop` removes.
#
#   scripts/start-postgres.sh install        installs Debian's postgresql if PostgreSQL 15 is missing (root)
#   eval "$(scripts/start-postgres.sh start)" starts a server; prints `export DATABASE_URL=...` and
#                                            `export CANOPY_PG_DIR=...` for the shell to evaluate
#   scripts/start-postgres.sh stop DIR       stops the server in DIR and removes DIR
#
# Environment: PG_PORT (default: the first free port from 54329), PG_BIN (default
# /usr/lib/postgresql/15/bin), PG_OPTS (extra server options, e.g. "-c shared_buffers=512MB").
# Durability is off (fsync, synchronous_commit, full_page_writes): the data is thrown away,
# and creating a database per test file is several times faster without it.
# As root, the server runs as the `postgres` user, since PostgreSQL refuses to run as root.
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"

log() { echo "start-postgres: $*" >&2; }

as_server_user() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

install_postgres() {
  if [ -x "$PG_BIN/initdb" ] && [ -x "$PG_BIN/pg_ctl" ]; then
    log "PostgreSQL found: $("$PG_BIN/postgres" --version)"
    return
  fi
  if [ "$(id -u)" != 0 ]; then
    log "PostgreSQL 15 is not installed in $PG_BIN; run as root: apt-get install -y postgresql"
    exit 1
  fi
  log "installing Debian's postgresql package"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
  log "installed: $("$PG_BIN/postgres" --version)"
}

start_server() {
  [ -x "$PG_BIN/initdb" ] || { log "no initdb in $PG_BIN; run '$0 install' first"; exit 1; }
  local port="${PG_PORT:-}"
  if [ -z "$port" ]; then
    port=54329
    while port_in_use "$port"; do port=$((port + 1)); done
  elif port_in_use "$port"; then
    log "port $port is already in use"
    exit 1
  fi

  local dir
  dir="$(mktemp -d "${TMPDIR:-/tmp}/canopy-pg.XXXXXX")"
  chmod 755 "$dir"
  mkdir -p "$dir/data"
  if [ "$(id -u)" = 0 ]; then chown -R postgres:postgres "$dir"; fi

  as_server_user "$PG_BIN/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  # shellcheck disable=SC2086 # PG_OPTS is a list of server options
  as_server_user "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${PG_OPTS:-}" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }

  log "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') listening on 127.0.0.1:$port (folder $dir)"
  echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
  echo "export CANOPY_PG_DIR=$dir"
}

stop_server() {
  local dir="${1:-}"
  [ -n "$dir" ] && [ -d "$dir/data" ] || { log "usage: $0 stop DIR (the CANOPY_PG_DIR that start printed)"; exit 1; }
  as_server_user "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || log "server in $dir was not running"
  rm -rf "$dir"
  log "stopped and removed $dir"
}

case "${1:-}" in
  install) install_postgres ;;
  start) start_server ;;
  stop) stop_server "${2:-}" ;;
  *) echo "usage: $0 install | start | stop DIR" >&2; exit 2 ;;
esac
