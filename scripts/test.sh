#!/usr/bin/env bash
# The whole test suite: formatting, vet, and every package's tests.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/goenv.sh
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
  echo "gofmt needed:"; echo "$unformatted"; exit 1
fi
go vet ./...
go test -count=1 -timeout 80m ./...
# The BenchExec tool-info module, on circ's recorded outputs.
python3 -m unittest discover -s contrib/benchexec
