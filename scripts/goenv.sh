# Sourced by the other scripts: the Go that builds circ first on PATH.
# setup.sh installs one at /usr/local/go when the machine has none that
# can build circ; a Go of 1.21 or later fetches the toolchain go.mod names
# through the module proxy by itself (GOTOOLCHAIN=auto).
export PATH="/usr/local/go/bin:$PATH"
export GOTOOLCHAIN=auto
