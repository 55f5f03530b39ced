# syntax=docker/dockerfile:1
# Lepinguturg, production profile: `docker compose up -d --build` (see docker-compose.yml).
# Runs on Node 24, the current LTS (Node 20 reached its end of life in April 2026); `npm start` and
# `npm test` still work on Node 20.19+, and CI runs the server and API suites on both. The image runs the
# production profile, which never opens SQLite (better-sqlite3 12 on Node >= 24.19 needs the build that
# .ci/node24-suites.sh makes; see docs/decisions/node-24.md).

# --- build: client (vite -> client/dist) and server (tsc -> server/dist) ---------------------------
FROM node:24.11.1-bookworm-slim AS build
# better-sqlite3 (embedded profile) compiles from source when no prebuilt binary fits.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- prod-deps: the server's runtime dependencies only ----------------------------------------------
FROM node:24.11.1-bookworm-slim AS prod-deps
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY client/package.json client/
# The lock file names both workspaces, so both package.json files are needed; only the server's
# dependencies are installed. server/node_modules holds versions npm could not hoist; it may not
# exist, so it is created for the COPY below.
RUN npm ci --omit=dev --workspace server --include-workspace-root=false --no-audit --no-fund \
  && mkdir -p server/node_modules \
  && npm cache clean --force

# --- runtime ----------------------------------------------------------------------------------------
FROM node:24.11.1-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PROFILE=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY client/package.json client/
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/server/node_modules ./server/node_modules
COPY --from=build /app/server/dist ./server/dist
# The XML schemas payout files are checked against before the bank gets them (infrastructure/xml).
COPY --from=build /app/server/schemas ./server/schemas
COPY --from=build /app/client/dist ./client/dist
COPY --from=build /app/client/dist-ssr ./client/dist-ssr
# The only place the app may write (the embedded profile's data; unused in production).
# Owner only: the embedded profile keeps signing keys, password hashes and mail there (0600 files).
RUN mkdir -p /app/data && chown node:node /app/data && chmod 700 /app/data
USER node
EXPOSE 3000
# Node flags as in scripts/lib/node-flags.mjs (SERVER_NODE_FLAGS).
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=50", "server/dist/main.js"]
