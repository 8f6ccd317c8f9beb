#!/usr/bin/env bash
# Build (once) the kube-apiserver, kube-scheduler, kubectl and etcd binaries used
# by the e2e test cluster, into a cache directory OUTSIDE the repository:
#
#   ${VMI_RENDER_CACHE:-$HOME/.cache/vmi-render}/e2e-bin/k8s-<ver>_etcd-<ver>/{kube-apiserver,kube-scheduler,kubectl,etcd}
#
# The first run compiles them from the Go module proxy (k8s.io/kubernetes and
# go.etcd.io/etcd/server/v3); later runs find the binaries and return at once.
# A cache directory from before a binary was added gets only the missing one.
# Progress goes to stderr; the last line on stdout is the binary directory, so
#   BIN_DIR="$(scripts/e2e/build-cluster.sh)"
# works.
#
# Environment:
#   VMI_RENDER_CACHE        cache root (default $HOME/.cache/vmi-render)
#   E2E_K8S_VERSION         k8s.io/kubernetes version (default v1.31.14)
#   E2E_ETCD_VERSION        go.etcd.io/etcd/server/v3 version (default v3.5.35)
#   E2E_FORCE_REBUILD=1     rebuild even if the binaries exist
#
# Why not the obvious commands:
#   * k8s.io/kubernetes' go.mod replaces every k8s.io/<staging> module with
#     ./staging/src/k8s.io/<name>, but the module zip served by the proxy has no
#     staging/ tree (nested modules are cut out of module zips) and its vendor/
#     only holds modules.txt. So we copy the module to a writable build dir,
#     drop go.work and vendor/, re-point each staging replace at the published
#     k8s.io/<name>@v0.<minor>.<patch> module and build with -mod=mod.
#   * `go install go.etcd.io/etcd/server/v3@v3.5.x` is refused because that
#     go.mod has replace directives (../api, ../pkg, ...). We build it from a
#     throw-away wrapper module that requires it; replaces of a dependency are
#     ignored there and the published sibling modules are used instead.
set -euo pipefail

K8S_VERSION="${E2E_K8S_VERSION:-v1.31.14}"
ETCD_VERSION="${E2E_ETCD_VERSION:-v3.5.35}"
CACHE_ROOT="${VMI_RENDER_CACHE:-${HOME:-/tmp}/.cache/vmi-render}"
BIN_DIR="${CACHE_ROOT}/e2e-bin/k8s-${K8S_VERSION}_etcd-${ETCD_VERSION}"
BUILD_ROOT="${CACHE_ROOT}/e2e-build"

log() { printf '[build-cluster %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

# The binaries built from k8s.io/kubernetes (./cmd/<name>).
K8S_BINS=(kube-apiserver kube-scheduler kubectl)

# missing_k8s_bins: print the K8S_BINS not yet built (all of them with E2E_FORCE_REBUILD=1).
missing_k8s_bins() {
  local b
  for b in "${K8S_BINS[@]}"; do
    if [[ "${E2E_FORCE_REBUILD:-0}" == "1" || ! -x "${BIN_DIR}/${b}" ]]; then echo "${b}"; fi
  done
}

have_bins() {
  [[ -x "${BIN_DIR}/etcd" && -f "${BIN_DIR}/.complete" && -z "$(missing_k8s_bins)" ]]
}

if [[ "${E2E_FORCE_REBUILD:-0}" != "1" ]] && have_bins; then
  log "cached: ${BIN_DIR}"
  echo "${BIN_DIR}"
  exit 0
fi

command -v go >/dev/null 2>&1 || {
  if [[ -x /usr/local/go/bin/go ]]; then export PATH="/usr/local/go/bin:${PATH}"; else
    log "ERROR: go not found (need Go >= 1.22 on PATH or at /usr/local/go)"; exit 1; fi
}

mkdir -p "${BIN_DIR}" "${BUILD_ROOT}"

# Serialize concurrent builds (two test runs starting at once).
exec 9>"${CACHE_ROOT}/e2e-bin/.build.lock"
if command -v flock >/dev/null 2>&1; then
  log "waiting for build lock ${CACHE_ROOT}/e2e-bin/.build.lock"
  flock 9
  if [[ "${E2E_FORCE_REBUILD:-0}" != "1" ]] && have_bins; then
    log "cached (built by a concurrent run): ${BIN_DIR}"
    echo "${BIN_DIR}"
    exit 0
  fi
fi

# Keep the user's GOCACHE / GOMODCACHE / GOFLAGS so the build cache is reused
# between runs; only make sure no workspace file interferes and cgo is off
# (static binaries, no C toolchain needed; matches upstream release builds).
export GOWORK=off
export CGO_ENABLED=0
export GOTOOLCHAIN="${GOTOOLCHAIN:-local}"
GO_BUILD_FLAGS=(-trimpath)

log "go: $(go version) GOCACHE=$(go env GOCACHE) GOMODCACHE=$(go env GOMODCACHE) GOFLAGS='$(go env GOFLAGS)'"
log "target: ${BIN_DIR}"
T_ALL=$SECONDS

# ---------------------------------------------------------------- etcd
build_etcd() {
  local t0=$SECONDS
  local wdir="${BUILD_ROOT}/etcd-${ETCD_VERSION}"
  log "etcd ${ETCD_VERSION}: preparing wrapper module in ${wdir}"
  rm -rf "${wdir}"
  mkdir -p "${wdir}"
  (
    cd "${wdir}"
    cat > go.mod <<EOF
module vmirender.local/e2e-etcd-build

go 1.22
EOF
    cat > tools.go <<'EOF'
//go:build tools

package tools

import _ "go.etcd.io/etcd/server/v3"
EOF
    log "etcd: resolving go.etcd.io/etcd/server/v3@${ETCD_VERSION}"
    go get "go.etcd.io/etcd/server/v3@${ETCD_VERSION}" >&2
    log "etcd: compiling"
    go build "${GO_BUILD_FLAGS[@]}" "-ldflags=-s -w" -o "${BIN_DIR}/etcd.tmp" go.etcd.io/etcd/server/v3 >&2
  )
  mv -f "${BIN_DIR}/etcd.tmp" "${BIN_DIR}/etcd"
  log "etcd: done in $((SECONDS - t0))s ($("${BIN_DIR}/etcd" --version 2>/dev/null | head -1))"
}

# ------------------------------------------------------- kube-apiserver
# pick_staging_version MODULE WANTED: print WANTED if the module proxy lists it,
# else the highest listed version of the same minor (v0.31.*), else the highest
# listed v0.* at or below that minor, else nothing. (Some proxies/mirrors do not
# serve every patch release of every staging module; unneeded ones such as
# k8s.io/metrics only have to provide a go.mod for module-graph resolution.)
pick_staging_version() {
  local mod="$1" want="$2" minor versions v
  minor="$(echo "${want}" | cut -d. -f1-2)" # v0.31
  versions="$(go list -m -versions "${mod}" 2>/dev/null | tr ' ' '\n' | grep -E '^v0\.[0-9]+\.[0-9]+$' | sort -V || true)"
  if grep -qxF "${want}" <<<"${versions}"; then echo "${want}"; return; fi
  v="$(grep -E "^${minor//./\\.}\\." <<<"${versions}" | tail -1 || true)"
  if [[ -n "${v}" ]]; then echo "${v}"; return; fi
  v="$( (echo "${versions}"; echo "${want}") | grep -v '^$' | sort -V | sed -n "/^${want//./\\.}\$/q;p" | tail -1 || true)"
  echo "${v}"
}

# build_kubernetes BIN...: compile ./cmd/<BIN> of k8s.io/kubernetes@K8S_VERSION for each BIN.
build_kubernetes() {
  local t0=$SECONDS bins=("$@")
  local staging_ver="v0.${K8S_VERSION#v1.}"
  log "${bins[*]} ${K8S_VERSION}: downloading module k8s.io/kubernetes@${K8S_VERSION}"
  local src
  src="$(cd "${BUILD_ROOT}" && go mod download -json "k8s.io/kubernetes@${K8S_VERSION}" \
    | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [[ -n "${src}" && -d "${src}" ]] || { log "ERROR: could not download k8s.io/kubernetes@${K8S_VERSION}"; exit 1; }

  local wdir="${BUILD_ROOT}/kubernetes-${K8S_VERSION}"
  log "k8s.io/kubernetes: copying ${src} -> ${wdir}"
  rm -rf "${wdir}"
  mkdir -p "${wdir}"
  cp -r "${src}/." "${wdir}/"
  chmod -R u+w "${wdir}"
  rm -rf "${wdir}/vendor" "${wdir}/go.work" "${wdir}/go.work.sum"
  (
    cd "${wdir}"
    log "k8s.io/kubernetes: re-pointing ./staging replaces at published k8s.io/* modules (wanted ${staging_ver})"
    local edits=() mod picked
    while read -r mod; do
      picked="$(pick_staging_version "${mod}" "${staging_ver}")"
      if [[ -z "${picked}" ]]; then
        log "  ${mod}: no published version found, dropping replace"
        edits+=("-dropreplace=${mod}")
      else
        [[ "${picked}" == "${staging_ver}" ]] || log "  ${mod}: ${staging_ver} not served by the module proxy, using ${picked}"
        edits+=("-replace=${mod}=${mod}@${picked}")
      fi
    done < <(sed -n 's#^[[:space:]]*\(k8s\.io/[a-z0-9-]*\) => \./staging/.*#\1#p' go.mod)
    go mod edit "${edits[@]}"
    local bin ldflags="-s -w -X k8s.io/component-base/version.gitVersion=${K8S_VERSION} -X k8s.io/component-base/version.gitMajor=1 -X k8s.io/component-base/version.gitMinor=$(echo "${K8S_VERSION}" | cut -d. -f2) -X k8s.io/client-go/pkg/version.gitVersion=${K8S_VERSION}"
    for bin in "${bins[@]}"; do
      # the first is the slow part: about 4-6 min on 2 cores with an empty Go build cache; the others share
      # most of the build cache with it (seconds to a minute or two)
      log "${bin}: compiling ./cmd/${bin}"
      go build -mod=mod "${GO_BUILD_FLAGS[@]}" -ldflags="${ldflags}" -o "${BIN_DIR}/${bin}.tmp" "./cmd/${bin}" >&2
    done
  )
  for bin in "${bins[@]}"; do mv -f "${BIN_DIR}/${bin}.tmp" "${BIN_DIR}/${bin}"; done
  log "${bins[*]}: done in $((SECONDS - t0))s ($("${BIN_DIR}/${bins[0]}" --version 2>/dev/null | head -1))"
  # The copied source tree is ~100 MB and only needed for this build.
  rm -rf "${wdir}"
}

rm -f "${BIN_DIR}/.complete"
if [[ ! -x "${BIN_DIR}/etcd" || "${E2E_FORCE_REBUILD:-0}" == "1" ]]; then build_etcd; else log "etcd: present"; fi
mapfile -t MISSING < <(missing_k8s_bins)
if (( ${#MISSING[@]} )); then build_kubernetes "${MISSING[@]}"; else log "${K8S_BINS[*]}: present"; fi
date -u +%FT%TZ > "${BIN_DIR}/.complete"
log "all binaries ready in $((SECONDS - T_ALL))s: ${BIN_DIR}"
echo "${BIN_DIR}"
