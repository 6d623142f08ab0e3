#!/usr/bin/env bash
# Presubmit: no tracked binaries or large files; every committed output is regenerated (twice, to
# prove determinism) and must match; then vet and the tests, the coverage ratchet of the
# handwritten validation by the equivalence tests, the comparisons with openapi-gen (k8s.io/api, and
# modules that commit its output), a
# run over real API modules as published, and the ratchet of upstream validation-gen's test suite
# run against this generator.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== gofmt"
bad=$(gofmt -l $(git ls-files '*.go') 2>&1 || true)
if [ -n "$bad" ]; then echo "not gofmt-clean:"; echo "$bad"; exit 1; fi

echo "== no tracked binaries or files over 1 MB outside testdata/"
hack/check-files.sh

echo "== go vet"
go vet ./...

bin=$(mktemp -d)/validation-gen
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/validation-gen

echo "== go generate ./examples/... (deepcopy-gen, conversion-gen and validation-gen)"
(cd examples/api && go generate ./...)
if ! git diff --exit-code -- examples/; then
  echo "examples/ outputs are stale: commit the regenerated files"; exit 1
fi
if [ -n "$(git status --porcelain -- examples/)" ]; then
  git status --porcelain -- examples/; echo "go generate produced uncommitted files"; exit 1
fi

for round in 1 2; do
  echo "== examples/api, round $round (validation-gen --verify)"
  # Same flags as the go:generate directive in examples/api/generate.go.
  # Fresh runs (no result cache): two of them prove the output deterministic.
  (cd examples/api && VALIDATION_GEN_CACHE=off "$bin" --verify --strict --lint --go-header-file ../../hack/boilerplate.go.txt \
      --openapi-json openapi.json --crd-dir crds --docs-api docs ./...)
  echo "== golden files and the generated reference pages (docs/reference), round $round"
  go test -count=1 -run 'TestGolden|TestReference|TestErrorsReference|TestCommandLineReference' ./generators/ ./tags/ ./cmd/validation-gen/
done

echo "== version-drift lint over examples/api (exceptions: examples/api/workloads/validation-exceptions.yaml)"
(cd examples/api && "$bin" lint ./...)

echo "== tests"
go test -count=1 ./...

echo "== one joint load serves every golden case as its own run would (the result cache's go generate batches)"
VALIDATION_GEN_JOINT=1 go test -count=1 -run TestJointEqualsStandalone ./generators/

echo "== coverage of the handwritten validation by the equivalence tests (ratchet)"
hack/equivalence-coverage.sh

echo "== k8s.io/api comparison with openapi-gen"
VALIDATION_GEN_K8SAPI=1 go test -count=1 -timeout 20m ./test/k8sapi/
echo "== modules that commit openapi-gen's output: reproduced by openapi-gen as each runs it, then compared (test/openapigen)"
VALIDATION_GEN_OPENAPIGEN=1 go test -count=1 -timeout 60m -v ./test/openapigen/
echo "== validators for the k8s.io/api group versions Kubernetes generates for, in output packages (+k8s:validation-gen-input)"
VALIDATION_GEN_K8SAPI_VALIDATORS=1 go test -count=1 -timeout 30m -run TestK8sAPIValidators ./test/k8sapi/
echo "== upstream's generated validators of k8s.io/api and this generator's on random objects of every kind, create and update: the same errors"
VALIDATION_GEN_K8SAPI_DIFF=1 go test -count=1 -timeout 40m -run TestK8sAPIDifferential ./test/k8sapi/
echo "== the same errors as upstream's generated validators on a ResourceClaim, and a quick benchmark against them"
VALIDATION_GEN_K8SAPI_BENCH=1 VALIDATION_GEN_K8SAPI_BENCHTIME=2000x go test -count=1 -timeout 10m -v -run TestK8sAPIBench ./test/k8sapi/

echo "== the generated validators and their runtime build at validators.MinAPIMachinery and not at the minor before (test/runtimemin)"
VALIDATION_GEN_RUNTIME_MIN=1 go test -count=1 -timeout 40m ./test/runtimemin/

echo "== real API modules, as published (fetched through the Go module proxy)"
VALIDATION_GEN_REALAPI=1 go test -count=1 -timeout 20m -v ./test/realapi/
echo "== the corpus projects' published CEL rules compiled to Go, against cel-go and the API server (test/celcorpus)"
VALIDATION_GEN_REALAPI=1 go test -count=1 -timeout 40m ./test/celcorpus/
echo "== The CEL conformance suite as rules over data: compiled to Go, in cel-go and in the API server's CRD validation"
VALIDATION_GEN_CELSPEC=1 go test -count=1 -timeout 90m -v ./test/celspec/

echo "== real controller-gen projects (gateway-api and eight more): CRDs compared with controller-gen's, validators compiled, per-package = joint, two-way harness (gaps: test/corpus/projects_test.go)"
VALIDATION_GEN_CORPUS=1 go test -count=1 -timeout 4h -v ./test/corpus/
echo "== the share of each corpus project's CEL rules that compile to Go (--cel-report over its Go types; 95% or more)"
VALIDATION_GEN_CORPUS_CEL=1 go test -count=1 -timeout 1h -v -run TestCELShare ./test/corpus/

echo "== validation-gen validate against a real apiextensions-apiserver (embedded etcd): the same verdicts and errors on the corpus"
VALIDATION_GEN_APISERVER=1 go test -count=1 -timeout 20m -v -run TestServerAgreement ./test/apiserver/

echo "== validation-gen diff over Gateway API's release history and k8s.io/api 1.36 -> 1.37 (goldens: test/history/testdata)"
VALIDATION_GEN_HISTORY=1 go test -count=1 -timeout 40m -v ./test/history/

echo "== upstream validation-gen's test suite with this generator (ratchet: test/upstream/expected.yaml)"
VALIDATION_GEN_UPSTREAM=1 go test -count=1 -timeout 60m ./test/upstream/

echo "verify: OK"
