#!/bin/sh
# compose's one-shot setup job (docs/product/deployment.md#compose): migrate, optionally seed the demo catalogue,
# build into /app/data/builds (recorded in the database: running nodes switch to it), lay out the static export and
# render the nginx config beside it. Any failure stops the job, and compose then starts no node.
set -eu
# PARTSFRONT_DATA_DIR: the shared volume (compose mounts it at /app/data); another path to try this outside Docker —
# inside the checkout, as builds must be: their server chunks resolve packages from node_modules up their path.
DATA="${PARTSFRONT_DATA_DIR:-/data}"
node scripts/db.mjs migrate
if [ "${PARTSFRONT_SEED_DEMO:-0}" = 1 ]; then node scripts/db.mjs seed --if-empty; fi
# A pid in server.pid is another container's: never signal it. The nodes follow the recorded build
# (docs/adr/0010-several-nodes-on-one-postgresql.md#rebuilds-reach-every-node).
rm -f "$PARTSFRONT_BUILDS_DIR/server.pid"
node scripts/rebuild.mjs
# Links through builds/current, so they follow the next switch; new pages need the next export.
node scripts/export-static.mjs --build "$PARTSFRONT_BUILDS_DIR/current" --out "$DATA/static-export"
node deploy/nginx/render.mjs --out "$DATA/nginx/partsfront.conf" --export "$DATA/static-export"
