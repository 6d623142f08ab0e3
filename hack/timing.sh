#!/usr/bin/env bash
# Times the three runs issue 11 sets targets for, with warm caches, each beside its anchor in the same
# run (machines are noisy: compare the ratios, not the seconds):
#
#   1. one small API package (testdata/tags/plural/v1: 3 kinds) with all outputs, beside
#      controller-gen (sigs.k8s.io/controller-tools, CONTROLLER_GEN_VERSION) writing its CRDs;
#   2. the README's example command (--verify), against its target of 3 s;
#   3. all of k8s.io/api and meta/v1, OpenAPI only, beside kube-openapi's openapi-gen (the version in
#      go.mod) over the same packages.
#
# Each command runs once to warm the caches, then ROUNDS times (default 3), alternating with its
# anchor; the median wall time, the median CPU time (user + sys, its children included: the go
# command that go/packages runs) and the peak RSS are printed, with the ratios. On a machine shared
# with other work the CPU ratio is the steadier one. Nothing in the
# repository is written (--verify, or outputs in a temporary directory). Needs the Go module proxy
# the first time (to build controller-gen).
set -euo pipefail
cd "$(dirname "$0")/.."
export VALIDATION_GEN_CACHE=off # cold runs: the result cache would make every round after the first a hit
rounds=${ROUNDS:-3}
cgver=${CONTROLLER_GEN_VERSION:-v0.23.0}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/validation-gen" ./cmd/validation-gen
go build -o "$tmp/openapi-gen" k8s.io/kube-openapi/cmd/openapi-gen
GOBIN=$tmp GOFLAGS= go install "sigs.k8s.io/controller-tools/cmd/controller-gen@$cgver"
printf '' >"$tmp/empty.txt"

# measure NAME: runs the function NAME (output discarded) and appends "wall KB user sys" to $tmp/NAME.
# A run that fails is not a measurement: the script stops with its output (a failing anchor once
# gave times for an openapi-gen that stopped before generating anything).
measure() {
  if ! /usr/bin/time -q -f "%e %M %U %S" -o "$tmp/t" bash -c "$1" >"$tmp/out" 2>&1; then
    echo "timing.sh: $1 failed:" >&2
    cat "$tmp/out" >&2
    exit 1
  fi
  cat "$tmp/t" >>"$tmp/$1"
}

# median NAME: the median wall time, the largest peak RSS (MB) and the median CPU time of NAME's rounds.
median() {
  local cpu
  cpu=$(awk '{ print $3 + $4 }' "$tmp/$1" | sort -n | awk '{ c[NR] = $1 } END { print c[int((NR + 1) / 2)] }')
  sort -n "$tmp/$1" | awk -v cpu="$cpu" '{ t[NR] = $1; if ($2 > m) m = $2 } END { printf "%.2f %d %.2f", t[int((NR + 1) / 2)], m / 1024, cpu }'
}

report() {
  local label=$1 ours=$2 anchor=$3 target=$4
  read -r ot om oc <<<"$(median "$ours")"
  if [[ -n $anchor ]]; then
    read -r at am ac <<<"$(median "$anchor")"
    awk -v l="$label" -v ot="$ot" -v om="$om" -v oc="$oc" -v at="$at" -v am="$am" -v ac="$ac" -v tg="$target" 'BEGIN {
      printf "%s\n  validation-gen %.2f s (CPU %.2f s), %d MB; anchor %.2f s (CPU %.2f s), %d MB\n  ratio %.2fx time, %.2fx CPU time, %.2fx memory (target %s)\n",
        l, ot, oc, om, at, ac, am, ot / at, oc / ac, om / am, tg }'
  else
    printf '%s\n  validation-gen %s s (CPU %s s), %s MB (target %s)\n' "$label" "$ot" "$oc" "$om" "$target"
  fi
}

# The small package has no committed Go outputs, so --verify reports them stale after generating
# all: that, and only that, is its expected exit status 1.
small() {
  local rc=0
  (cd testdata/tags/plural && "$tmp/validation-gen" --openapi-json openapi.json --crd-dir "$tmp/small-crds" --verify ./v1) 2>"$tmp/small.err" || rc=$?
  [[ $rc == 1 && $(tail -n1 "$tmp/small.err") == *"generated files are stale"* ]] || { cat "$tmp/small.err" >&2; return 1; }
}
small_anchor() { (cd testdata/tags/plural && "$tmp/controller-gen" crd paths=./v1 output:crd:dir="$tmp/cg-crds"); }
example() { "$tmp/validation-gen" --verify --go-header-file hack/boilerplate.go.txt --openapi-json examples/api/openapi.json \
  --crd-dir examples/api/crds ./examples/api/...; }
k8sapi() { "$tmp/validation-gen" --openapi-output-file "" --output-file "" --openapi-json "$tmp/k8s.json" \
  k8s.io/api/... k8s.io/apimachinery/pkg/apis/meta/v1; }
k8sapi_anchor() { "$tmp/openapi-gen" --output-dir "$tmp/openapi-gen-out" --output-pkg example.com/generated \
  --output-file zz_generated.openapi.go --go-header-file "$tmp/empty.txt" --report-filename "$tmp/violations.report" \
  k8s.io/api/... k8s.io/apimachinery/pkg/apis/meta/v1; }

export tmp
export -f small small_anchor example k8sapi k8sapi_anchor
for f in small small_anchor example k8sapi k8sapi_anchor; do measure "$f"; done # warm
for out in "$tmp/k8s.json" "$tmp/openapi-gen-out/zz_generated.openapi.go" "$tmp/cg-crds"; do
  [[ ( -f $out && -s $out ) || ( -d $out && -n $(ls -A "$out") ) ]] || { echo "timing.sh: $out was not written: the run it times did not do the whole job" >&2; exit 1; }
done
for f in small small_anchor example k8sapi k8sapi_anchor; do : >"$tmp/$f"; done
for _ in $(seq "$rounds"); do
  for f in small small_anchor example k8sapi k8sapi_anchor; do measure "$f"; done
done

report "small package (testdata/tags/plural/v1, all outputs) vs controller-gen $cgver crd" small small_anchor "time <= 1.0x (stretch 0.5x), <= 150 MB"
report "README example (./examples/api/...)" example "" "<= 3 s"
report "k8s.io/api/... and meta/v1, OpenAPI only, vs openapi-gen" k8sapi k8sapi_anchor "time <= 0.3x, memory <= 0.75x"
