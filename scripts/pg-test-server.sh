#!/usr/bin/env bash
# Starts a throwaway PostgreSQL on 127.0.0.1:${PGPORT:-54329} (Debian's packages; installs them when missing)
# and prints its DATABASE_URL. Used by .ci/run; developers can use it too:
#   export TEST_DATABASE_URL=$(bash scripts/pg-test-server.sh)
set -euo pipefail
PGPORT=${PGPORT:-54329}
PGDATA=${PGDATA_DIR:-/tmp/partsfront-pg}
DBNAME=${PF_PG_DB:-partsfront_test}
url="postgres://partsfront:partsfront@127.0.0.1:${PGPORT}/${DBNAME}"
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/postgres" ]; then
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } >&2
  bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if ! as_pg "$bindir/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1; then
  if [ ! -f "$PGDATA/PG_VERSION" ]; then
    mkdir -p "$PGDATA"; [ "$(id -u)" = 0 ] && chown postgres "$PGDATA"
    as_pg "$bindir/initdb" -D "$PGDATA" -U postgres --auth=trust -E UTF8 >/dev/null
  fi
  as_pg "$bindir/pg_ctl" -D "$PGDATA" -o "-p $PGPORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" -l "$PGDATA/server.log" -w start >&2
fi
as_pg "$bindir/psql" -h 127.0.0.1 -p "$PGPORT" -U postgres -tAc "SELECT 1 FROM pg_roles WHERE rolname='partsfront'" | grep -q 1 \
  || as_pg "$bindir/psql" -h 127.0.0.1 -p "$PGPORT" -U postgres -qc "CREATE ROLE partsfront LOGIN PASSWORD 'partsfront'" >&2
as_pg "$bindir/psql" -h 127.0.0.1 -p "$PGPORT" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname='${DBNAME}'" | grep -q 1 \
  || as_pg "$bindir/psql" -h 127.0.0.1 -p "$PGPORT" -U postgres -qc "CREATE DATABASE ${DBNAME} OWNER partsfront" >&2
echo "$url"
