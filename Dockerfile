# syntax=docker/dockerfile:1
# Partsfront node image (docs/product/deployment.md#the-image): the server, the CLI scripts and the production
# dependencies. No site build inside: a build reads the catalogue from the database, so compose's setup job
# (deploy/setup.sh) builds into the shared /app/data volume at deploy time, and every node serves /app/data/builds/current.

# Production dependencies only (astro and its integrations are dependencies: `npm run rebuild` needs them at run time).
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/check-node.mjs scripts/check-node.mjs
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    ASTRO_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=4321 \
    PARTSFRONT_BUILDS_DIR=/app/data/builds
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node . .
# The shared volume sits inside /app: a build's server chunks import packages by name, which Node resolves from
# the nearest node_modules up their path (a build under /data would find none). The unprivileged user of the
# official image owns it (a new named volume takes this ownership) and Astro's caches under /app.
RUN mkdir -p /app/data/builds && chown node:node /app/data /app/data/builds /app
USER node
VOLUME ["/app/data"]
EXPOSE 4321
# /healthz answers before any Host check (src/host/storefront-server.ts); no curl in the slim image.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4321)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# `npm run serve` without npm in between: SIGTERM reaches the server itself.
CMD ["node", "--max-semi-space-size=16", "src/host/index.ts"]
