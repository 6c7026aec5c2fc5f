#!/usr/bin/env bash
# Installs what circ needs (Debian's libz3-dev and gcc, Go modules) and
# builds ./circ.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! dpkg -s libz3-dev >/dev/null 2>&1 || ! command -v gcc >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libz3-dev gcc >/dev/null
fi
export PATH="$PATH:/usr/local/go/bin"
go mod download
go build -o circ ./cmd/circ
echo "built ./circ"
