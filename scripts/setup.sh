#!/usr/bin/env bash
# Installs what circ needs on a Debian machine, then builds ./circ:
#   - Go, when the machine has none that can build circ: Debian's
#     golang-go bootstraps, and the go command fetches the toolchain that
#     go.mod names through the Go module proxy (checked against the
#     checksum database) into /usr/local/go;
#   - Debian's libz3-dev (Z3, through cgo) and gcc (predefined macros for
#     the C front end; with libtsan2, -fsanitize=thread for circ replay);
#   - the test suite's tools: python3 (the BenchExec module's test),
#     libxml2-utils (GraphML schema check), chromium (the HTML report's
#     browser test) and graphviz (ACFA pictures);
#   - the Go modules.
# Set CIRC_SETUP_MINIMAL=1 to install only what the checker needs.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/goenv.sh

SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
apt_install() {
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} = 0 ] && return
  echo "installing ${missing[*]} (Debian packages)"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

apt_install libz3-dev gcc libc6-dev libtsan2 ca-certificates git
if [ "${CIRC_SETUP_MINIMAL:-}" != 1 ]; then
  apt_install python3 libxml2-utils chromium graphviz fonts-dejavu-core
fi

want=$(sed -n 's/^go \([0-9.]*\)$/\1/p' go.mod)
# go_ok: is there a go on PATH that can build a module of go $want (any
# Go from 1.21 on switches to the toolchain go.mod names by itself)?
go_ok() {
  command -v go >/dev/null 2>&1 || return 1
  local v; v=$(go env GOVERSION 2>/dev/null | sed 's/^go//')
  [ -n "$v" ] && [ "$(printf '%s\n%s\n' 1.21 "$v" | sort -V | head -1)" = 1.21 ]
}
if ! go_ok; then
  echo "no Go >= 1.21 found: bootstrapping go$want with Debian's golang-go"
  apt_install golang-go
  arch=$(dpkg --print-architecture)
  tmp=$(mktemp -d)
  # The toolchain is a module on the proxy (as GOTOOLCHAIN=auto fetches
  # it); the old go command downloads and verifies it, outside any module.
  dir=$(cd "$tmp" && GOPATH="$tmp/gopath" GOFLAGS=-modcacherw GO111MODULE=on /usr/bin/go mod download -json \
    "golang.org/toolchain@v0.0.1-go$want.linux-$arch" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [ -d "$dir/bin" ] || { echo "setup: could not fetch the Go toolchain go$want" >&2; exit 1; }
  chmod -R +x "$dir/bin" "$dir/pkg/tool"
  $SUDO rm -rf /usr/local/go
  $SUDO cp -a "$dir" /usr/local/go
  rm -rf "$tmp"
fi
go version
go mod download
go build -o circ ./cmd/circ
echo "built ./circ"
