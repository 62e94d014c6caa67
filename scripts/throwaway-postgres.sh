#!/usr/bin/env bash
# Starts a disposable PostgreSQL 15 cluster on a free loopback port and exports TEST_DATABASE_URL.
# Source this file, then call start_throwaway_postgres / stop_throwaway_postgres.

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"

start_throwaway_postgres() {
  if [ ! -x "$PG_BIN/initdb" ]; then
    echo "PostgreSQL 15 was not found in $PG_BIN; the PostgreSQL variant of the database tests will be skipped." >&2
    return 0
  fi
  PG_DIR="$(mktemp -d)"
  PG_PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
  local run_as=()
  if [ "$(id -u)" = "0" ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown postgres "$PG_DIR"
    run_as=(runuser -u postgres --)
  fi
  "${run_as[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  "${run_as[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w \
    -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  export PG_THROWAWAY_DIR="$PG_DIR" PG_THROWAWAY_RUN_AS="${run_as[*]}"
  echo "Throw-away PostgreSQL 15 listening on 127.0.0.1:$PG_PORT"
}

stop_throwaway_postgres() {
  [ -n "${PG_THROWAWAY_DIR:-}" ] || return 0
  $PG_THROWAWAY_RUN_AS "$PG_BIN/pg_ctl" -D "$PG_THROWAWAY_DIR/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$PG_THROWAWAY_DIR"
}
