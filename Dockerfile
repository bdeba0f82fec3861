# syntax=docker/dockerfile:1
# TeamUp: the server (Fastify, bundled by esbuild into apps/server/dist, run as `npm run serve`
# does) and the built web app, in one image. Build: `docker build -t teamup .` (see docs/operations.md).
# Node: package.json engines accept ^20.19 || >=22.12; 22 is the LTS line still supported.
ARG NODE_VERSION=22

# ---- build: every dependency, then the web app (vite) into apps/web/dist and the server (esbuild,
# with the migrated embedded-database template) into apps/server/dist: `npm run build` ----
FROM node:${NODE_VERSION}-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY apps/web apps/web
COPY apps/server apps/server
COPY scripts scripts
# The commit the build is made from, for /api/health/ready and /metrics (the context has no .git):
# `docker build --build-arg TEAMUP_COMMIT=$(git rev-parse --short=12 HEAD) -t teamup .`
ARG TEAMUP_COMMIT=unknown
RUN npm run build

# ---- runtime: the server's and contracts' production dependencies only ----
FROM node:${NODE_VERSION}-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8081 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# No scripts: nothing here needs one (sharp and argon2 come as prebuilt optional packages), and a
# root install script must not try to build the web app without its dev dependencies.
RUN npm ci --omit=dev --ignore-scripts \
      --workspace=@teamup/server --workspace=@teamup/contracts \
    && npm cache clean --force
COPY apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The image's files stay root's (read-only to the server); DATA_DIR belongs to the `node` user.
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 8081
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8081) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm run serve` runs, without npm in between (signals reach the server directly).
CMD ["node", "--enable-source-maps", "apps/server/dist/main.mjs"]
