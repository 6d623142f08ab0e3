#!/usr/bin/env bash
# Times the three runs issue 11 sets targets for, with warm caches: one small API package with all
# outputs, the README's example command, and all of k8s.io/api (OpenAPI only). Prints wall time,
# CPU time and peak memory (RSS) of each; nothing is written (--verify, or outputs in a temp dir).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/validation-gen" ./cmd/validation-gen
bin=$tmp/validation-gen

run() {
  local name=$1; shift
  "$bin" "$@" >/dev/null 2>&1 || true # warm the build cache
  /usr/bin/time -f "$name: %e s wall, %U s user, %S s sys, %M KB peak RSS" "$@" >/dev/null 2>"$tmp/err" || true
  tail -1 "$tmp/err"
}

run "small package (testdata/tags/plural/v1, all outputs)" \
  sh -c "cd testdata/tags/plural && '$bin' --verify --openapi-json openapi.json --crd-dir '$tmp/crds' ./v1"
run "README example (./examples/api/...)" \
  "$bin" --verify --go-header-file hack/boilerplate.go.txt --openapi-json examples/api/openapi.json --crd-dir examples/api/crds ./examples/api/...
run "k8s.io/api/... and meta/v1, OpenAPI only" \
  "$bin" --openapi-output-file "" --output-file "" --openapi-json "$tmp/k8s.json" k8s.io/api/... k8s.io/apimachinery/pkg/apis/meta/v1
