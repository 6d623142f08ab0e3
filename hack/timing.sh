#!/usr/bin/env bash
# Times what issue 26 sets targets for, each beside its anchor in the same run (machines are noisy:
# compare the ratios, not the seconds):
#
#   small      one small API package with all outputs, beside controller-gen (sigs.k8s.io/controller-tools,
#              CONTROLLER_GEN_VERSION) writing its CRDs: testdata/tags/plural/v1, and docs/getting-started/own-module.md's shop
#              package ("Use it in your own module") in a module of its own;
#   many       go generate ./... over the API packages of real modules (the examples, copied into a module
#              of their own, gateway-api's apis/ and apisx/ and Cluster API's api module, through the
#              module proxy, as test/corpus fetches them), once with one
#              validation-gen directive per package and once with one directive for all (the anchor):
#              without the result cache (one load per directive), with it cold (one joint load), and a
#              no-op re-run with it warm; plus go generate's own part of a no-op (listing the packages
#              with no directive run) and the go command's own start-up of `go tool validation-gen`;
#   validators generated validators against the API server's validation of the same object from the
#              CRD (BenchmarkKinds in examples/api/workloads: a valid create of each kind; WorkerPool
#              has CEL rules, formats and list maps; VALIDATORS_BENCH and VALIDATORS_PKG choose
#              another benchmark);
#   example    the README's example command (--verify), against its target of 3 s;
#   k8sapi     all of k8s.io/api and meta/v1, OpenAPI only, beside kube-openapi's openapi-gen (the version
#              in go.mod) over the same packages.
#
# ROWS selects rows (default: all, in that order). Each command runs once to warm the caches, then
# ROUNDS times (default 5), alternating with its anchor; the median wall time with the spread
# (min-max), the median CPU time (user + sys, its children included: the go command that go/packages
# runs) and the peak RSS are printed, with the ratios. On a machine shared with other work the CPU
# ratio is the steadier one: run it under `flock /work/heavy.lock` where others run heavy jobs. Nothing
# in the repository is written (--verify, or outputs in a temporary directory). Needs the Go module
# proxy the first time (controller-gen, gateway-api).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
rounds=${ROUNDS:-5}
rows=${ROWS:-small many validators example k8sapi}
cgver=${CONTROLLER_GEN_VERSION:-v0.23.0}
gwver=${GATEWAY_API_VERSION:-v1.6.3}
capiver=${CLUSTER_API_VERSION:-v1.14.2}
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
export VALIDATION_GEN_CACHE=off # cold runs unless a row says otherwise: every round after the first would hit
export tmp repo
want() { [[ " $rows " == *" $1 "* ]]; }

mkdir -p "$tmp/bin"
go build -o "$tmp/bin/validation-gen" ./cmd/validation-gen
printf '' >"$tmp/empty.txt"

# quiet CMD...: runs CMD, showing its output only when it fails (set -e then stops the script).
quiet() {
  local out
  out=$("$@" 2>&1) || { echo "timing.sh: $*:" >&2; echo "$out" >&2; return 1; }
}
export -f quiet

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

# rounds F...: warms each function once, then runs them all ROUNDS times, alternating.
run_rounds() {
  for f in "$@"; do measure "$f"; done
  for f in "$@"; do : >"$tmp/$f"; done
  for _ in $(seq "$rounds"); do
    for f in "$@"; do measure "$f"; done
  done
}

# stats NAME: the median wall time, its min and max, the largest peak RSS (MB) and the median CPU time.
stats() {
  local cpu
  cpu=$(awk '{ print $3 + $4 }' "$tmp/$1" | sort -n | awk '{ c[NR] = $1 } END { print c[int((NR + 1) / 2)] }')
  sort -n "$tmp/$1" | awk -v cpu="$cpu" '{ t[NR] = $1; if ($2 > m) m = $2 } END { printf "%.2f %.2f %.2f %d %.2f", t[int((NR + 1) / 2)], t[1], t[NR], m / 1024, cpu }'
}

# report LABEL OURS ANCHOR TARGET [ANCHOR-NAME]: one row, ours beside the anchor, with the ratios.
report() {
  local label=$1 ours=$2 anchor=$3 target=$4 aname=${5:-anchor}
  read -r ot omin omax om oc <<<"$(stats "$ours")"
  if [[ -n $anchor ]]; then
    read -r at amin amax am ac <<<"$(stats "$anchor")"
    awk -v l="$label" -v ot="$ot" -v omin="$omin" -v omax="$omax" -v om="$om" -v oc="$oc" \
      -v at="$at" -v amin="$amin" -v amax="$amax" -v am="$am" -v ac="$ac" -v tg="$target" -v an="$aname" 'BEGIN {
      printf "%s\n  ours   %.2f s (%.2f-%.2f), CPU %.2f s, %d MB\n  %-6s %.2f s (%.2f-%.2f), CPU %.2f s, %d MB\n  ratio  %.2fx time, %.2fx CPU time, %.2fx memory (target %s)\n",
        l, ot, omin, omax, oc, om, an, at, amin, amax, ac, am, ot / at, oc / ac, om / am, tg }'
  else
    printf '%s\n  ours   %s s (%s-%s), CPU %s s, %s MB (target %s)\n' "$label" "$ot" "$omin" "$omax" "$oc" "$om" "$target"
  fi
}

# ---- small: one package, beside controller-gen ------------------------------------------------------

if want small; then
  GOBIN=$tmp/bin GOFLAGS= go install "sigs.k8s.io/controller-tools/cmd/controller-gen@$cgver"
  # The shop package of docs/getting-started/own-module.md, in a module of its own, with its deepcopy
  # functions (as that page has deepcopy-gen write them) so that it compiles for controller-gen.
  shop=$tmp/shop-module
  mkdir -p "$shop"
  awk -v dir="$shop" '/^<!-- usermodule: file api\/v1\/(doc|types|register)\.go -->$/ { out = dir "/" $4; getline; inblock = 1; next }
    inblock && /^```$/ { inblock = 0; close(out); next }
    inblock { print > out }' <(mkdir -p "$shop/api/v1"; cat docs/getting-started/own-module.md)
  go build -o "$tmp/bin/deepcopy-gen" k8s.io/code-generator/cmd/deepcopy-gen
  apimachinery=$(go list -m -f '{{.Version}}' k8s.io/apimachinery)
  (cd "$shop" && quiet go mod init example.com/myapi &&
    GOFLAGS=-mod=mod quiet go get "k8s.io/apimachinery@$apimachinery" && GOFLAGS=-mod=mod quiet go mod tidy &&
    (cd api/v1 && "$tmp/bin/deepcopy-gen" --output-file zz_generated.deepcopy.go .) && go build ./...)

  # The small packages have no committed Go outputs, so --verify reports them stale after generating
  # all: that, and only that, is their expected exit status 1.
  verify_stale() {
    local rc=0
    (cd "$1" && "$tmp/bin/validation-gen" --openapi-json openapi.json --crd-dir "$tmp/small-crds" --verify "$2") 2>"$tmp/small.err" || rc=$?
    [[ $rc == 1 && $(tail -n1 "$tmp/small.err") == *"generated files are stale"* ]] || { cat "$tmp/small.err" >&2; return 1; }
  }
  plural() { verify_stale testdata/tags/plural ./v1; }
  plural_anchor() { (cd testdata/tags/plural && "$tmp/bin/controller-gen" crd paths=./v1 output:crd:dir="$tmp/cg-crds"); }
  shop() { verify_stale "$tmp/shop-module" ./api/v1; }
  shop_anchor() { (cd "$tmp/shop-module" && "$tmp/bin/controller-gen" crd paths=./api/v1 output:crd:dir="$tmp/cg-shop-crds"); }
  # The same run again with nothing changed: a hit in the result cache (warmed by the first round).
  shop_again() { VALIDATION_GEN_CACHE=$tmp/small-cache verify_stale "$tmp/shop-module" ./api/v1; }
  export -f verify_stale plural plural_anchor shop shop_anchor shop_again
  run_rounds plural plural_anchor shop shop_anchor shop_again
  for out in "$tmp/cg-crds" "$tmp/cg-shop-crds"; do
    [[ -n $(ls -A "$out") ]] || { echo "timing.sh: controller-gen wrote nothing into $out" >&2; exit 1; }
  done
  report "small package testdata/tags/plural/v1 (3 kinds, all outputs) vs controller-gen $cgver crd" plural plural_anchor \
    "<= 1.0x time and memory, stretch 0.5x" controller-gen
  report "small package: the own-module page's shop example (2 kinds, CEL rules, all outputs) vs controller-gen $cgver crd" shop shop_anchor \
    "<= 1.0x time and memory, stretch 0.5x" controller-gen
  report "small package: the shop example again, nothing changed (result cache) vs controller-gen $cgver crd" shop_again shop_anchor \
    "stretch 0.5x" controller-gen
fi

# ---- many: go generate over many packages -----------------------------------------------------------

# corpus NAME: turns $tmp/NAME (a module holding API packages) into two modules, NAME-pkg with one
# validation-gen directive in every package and NAME-joint with one directive for all of them
# (gen/gen.go), requiring this repository for the generated code, and generates both once. The
# directives write the Go outputs, which are per package by nature (CRDs of several versions need
# one run over all of them: docs/guides/go-generate.md's one directive per module).
corpus() {
  local name=$1 src=$tmp/$1 patterns=() dirs=() d pkg f
  # Only validation-gen's directives run: the modules' own (deepcopy-gen, ...) are not timed.
  find "$src" -name '*.go' -exec sed -i '/^\/\/go:generate /d' {} +
  (cd "$src" && go mod edit -require github.com/validation-gen/validation-gen@v0.0.0 -replace github.com/validation-gen/validation-gen="$repo" &&
    GOFLAGS=-mod=mod quiet go mod tidy)
  mapfile -t dirs < <(cd "$src" && go list -f '{{.Dir}}' ./... | sed "s|^$src||; s|^/||; s|^$|.|")
  for v in pkg joint; do cp -r "$src" "$tmp/$name-$v"; done
  for d in "${dirs[@]}"; do
    pkg=$(sed -n 's/^package \([A-Za-z0-9_]*\).*/\1/p' "$(ls "$tmp/$name-pkg/$d"/*.go | head -n1)" | head -n1)
    printf 'package %s\n\n//go:generate validation-gen .\n' "$pkg" >"$tmp/$name-pkg/$d/zz_generate.go"
    patterns+=("../$d")
  done
  mkdir -p "$tmp/$name-joint/gen"
  printf 'package gen\n\n//go:generate validation-gen %s\n' "${patterns[*]}" >"$tmp/$name-joint/gen/gen.go"
  for v in pkg joint; do
    (cd "$tmp/$name-$v" && PATH=$tmp/bin:$PATH go generate ./... && GOFLAGS=-mod=mod quiet go mod tidy &&
      PATH=$tmp/bin:$PATH go generate ./... && go build ./...)
  done
  # Per-package outputs should be the joint run's, byte for byte: say which are not.
  local differ=()
  for d in "${dirs[@]}"; do
    for f in zz_generated.openapi.go zz_generated.validations.go; do
      if [[ -e $tmp/$name-pkg/$d/$f || -e $tmp/$name-joint/$d/$f ]] && ! cmp -s "$tmp/$name-pkg/$d/$f" "$tmp/$name-joint/$d/$f"; then
        differ+=("$d/$f")
      fi
    done
  done
  echo "$name ${#dirs[@]} ${differ[*]}" >>"$tmp/corpora"
}

if want many; then
  # The examples, in a module of their own (their import paths rewritten), without their tests.
  mkdir -p "$tmp/examples"
  tar -C examples/api --exclude='*_test.go' --exclude=generate.go --exclude=testdata -cf - . | tar -C "$tmp/examples" -xf -
  find "$tmp/examples" -name '*.go' -exec sed -i 's|github.com/validation-gen/validation-gen/examples/api|example.com/examples|g' {} +
  (cd "$tmp/examples" && quiet go mod init example.com/examples)
  corpus examples
  # Real projects' API packages, as published (test/corpus has them all; these generate without
  # patches), with test/corpus's directories: gateway-api's apis/ and apisx/, Cluster API's addons/,
  # core/, ipam/ and runtime/ (and deprecated/, which core imports).
  fetch() { # fetch NAME MODULE@VERSION DIR...: the module's go.mod, go.sum and DIRs (all: .) into $tmp/NAME
    local name=$1 mod=$2 dir
    shift 2
    dir=$(cd "$tmp" && GOFLAGS= go mod download -json "$mod" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
    mkdir -p "$tmp/$name"
    for d in go.mod go.sum "$@"; do cp -r "$dir/$d" "$tmp/$name/"; done
    chmod -R u+w "$tmp/$name"
    find "$tmp/$name" -name '*_test.go' -delete
    (cd "$tmp/$name" && GOFLAGS=-mod=mod quiet go mod tidy)
  }
  fetch gateway-api "sigs.k8s.io/gateway-api@$gwver" apis apisx
  corpus gateway-api
  fetch cluster-api "sigs.k8s.io/cluster-api/api@$capiver" addons core ipam runtime deprecated
  corpus cluster-api
  awk '{ printf "%s: %d packages, ", $1, $2; if (NF == 2) print "per-package outputs identical to the joint run'"'"'s"
    else { printf "per-package outputs that differ from the joint run'"'"'s:"; for (i = 3; i <= NF; i++) printf " %s", $i; print "" } }' "$tmp/corpora"

  gen() { (cd "$1" && PATH=$tmp/bin:$PATH go generate ./...); }
  corpora=$(awk '{ printf "%s ", $1 }' "$tmp/corpora")
  export corpora
  many_joint() { for c in $corpora; do VALIDATION_GEN_CACHE=off gen "$tmp/$c-joint"; done; }
  many_nocache() { for c in $corpora; do VALIDATION_GEN_CACHE=off gen "$tmp/$c-pkg"; done; }
  many_cold() { rm -rf "$tmp/cold"; for c in $corpora; do VALIDATION_GEN_CACHE=$tmp/cold gen "$tmp/$c-pkg"; done; }
  many_noop() { for c in $corpora; do VALIDATION_GEN_CACHE=$tmp/warm gen "$tmp/$c-pkg"; done; }
  joint_noop() { for c in $corpora; do VALIDATION_GEN_CACHE=$tmp/warm gen "$tmp/$c-joint"; done; }
  # go generate's own part of a no-op: listing the packages and reading their files for
  # directives, with a -run that selects none (paid whatever the directives cost).
  listing() { for c in $corpora; do (cd "$tmp/$c-pkg" && go generate -run '^NO DIRECTIVE$' ./...); done; }
  # The go command's own start-up of a tool, which every `go tool validation-gen` directive pays.
  gotool() { (cd "$repo/examples/api" && go tool validation-gen --help >/dev/null); }
  export -f gen many_joint many_nocache many_cold many_noop joint_noop listing gotool
  run_rounds many_joint many_nocache many_cold many_noop joint_noop listing gotool
  label="go generate ./... over $(awk '{ n += $2 } END { print n }' "$tmp/corpora") packages ($(awk '{ printf "%s%s", s, $1; s = ", " }' "$tmp/corpora"))"
  report "$label: a directive per package, result cache cold (one joint load) vs one directive for all" many_cold many_joint \
    "<= 1.5x" joint
  report "$label: a directive per package without the result cache (one load each) vs one directive for all" many_nocache many_joint \
    "(before the cache)" joint
  report "$label: a directive per package, no-op re-run (cache warm) vs cold" many_noop many_cold "<= 0.1x" cold
  report "$label: one directive for all, no-op re-run (cache warm) vs cold" joint_noop many_joint "<= 0.1x" cold
  report "$label: go generate's own listing, no directive run, vs a directive per package cold" listing many_cold "(not ours)" cold
  report "go tool validation-gen --help: the go command's start-up of a tool, paid by every go tool directive" gotool "" "(not ours)"
fi

# ---- validators: generated vs the API server ------------------------------------------------------

if want validators; then
  # BenchmarkKinds/<kind>/create-valid/{generated,server}: every example kind, valid, on create.
  bench=${VALIDATORS_BENCH:-'BenchmarkKinds/.*/create-valid/(generated|server)$'}
  pkg=${VALIDATORS_PKG:-./examples/api/workloads/}
  go test -run '^$' -bench "$bench" -benchmem -count "$rounds" "$pkg" >"$tmp/bench.txt"
  awk '/^Benchmark/ { n = split($1, p, "/"); b = p[n]; sub(/-[0-9]+$/, "", b); k = (n >= 4) ? p[2] : p[1]
      if (b == "schema") b = "server"
      if (!(k in seen)) { seen[k] = 1; kinds[++nk] = k }
      ns[k, b] = ns[k, b] " " $3; al[k, b] = al[k, b] " " $7 }
    function med(s,   a, n, i, j, t) { n = split(s, a, " "); for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }; return a[int((n + 1) / 2)] }
    function lo(s,   a, n, i, m) { n = split(s, a, " "); m = a[1]; for (i = 2; i <= n; i++) if (a[i] + 0 < m + 0) m = a[i]; return m }
    function hi(s,   a, n, i, m) { n = split(s, a, " "); m = a[1]; for (i = 2; i <= n; i++) if (a[i] + 0 > m + 0) m = a[i]; return m }
    END {
      if (nk == 0) { print "timing.sh: the benchmark reported nothing" > "/dev/stderr"; exit 1 }
      printf "generated validators vs the API server'"'"'s validation of the same object from the CRD (%s, valid create)\n", bench
      for (i = 1; i <= nk; i++) {
        k = kinds[i]; g = ns[k, "generated"]; s = ns[k, "server"]
        if (g == "" || s == "") { print "timing.sh: " k ": no generated and server pair" > "/dev/stderr"; exit 1 }
        printf "  %-14s ours %.2f us/op (%.2f-%.2f), %d allocs/op; server %.2f us/op (%.2f-%.2f), %d allocs/op; %.0fx faster\n", k,
          med(g) / 1000, lo(g) / 1000, hi(g) / 1000, med(al[k, "generated"]), med(s) / 1000, lo(s) / 1000, hi(s) / 1000, med(al[k, "server"]), med(s) / med(g)
      }
      print "  (target >= 300x, 0 allocs)"
    }' bench="$bench" "$tmp/bench.txt"
fi

# ---- example and k8sapi ---------------------------------------------------------------------------

if want example; then
  example() { "$tmp/bin/validation-gen" --verify --strict --go-header-file hack/boilerplate.go.txt --openapi-json examples/api/openapi.json \
    --crd-dir examples/api/crds ./examples/api/...; }
  export -f example
  run_rounds example
  report "README example (./examples/api/...)" example "" "<= 3 s"
fi

if want k8sapi; then
  go build -o "$tmp/bin/openapi-gen" k8s.io/kube-openapi/cmd/openapi-gen
  k8sapi() { "$tmp/bin/validation-gen" --openapi-output-file "" --output-file "" --openapi-json "$tmp/k8s.json" \
    k8s.io/api/... k8s.io/apimachinery/pkg/apis/meta/v1; }
  k8sapi_anchor() { "$tmp/bin/openapi-gen" --output-dir "$tmp/openapi-gen-out" --output-pkg example.com/generated \
    --output-file zz_generated.openapi.go --go-header-file "$tmp/empty.txt" --report-filename "$tmp/violations.report" \
    k8s.io/api/... k8s.io/apimachinery/pkg/apis/meta/v1; }
  export -f k8sapi k8sapi_anchor
  run_rounds k8sapi k8sapi_anchor
  for out in "$tmp/k8s.json" "$tmp/openapi-gen-out/zz_generated.openapi.go"; do
    [[ -s $out ]] || { echo "timing.sh: $out was not written: the run it times did not do the whole job" >&2; exit 1; }
  done
  report "k8s.io/api/... and meta/v1, OpenAPI only, vs openapi-gen" k8sapi k8sapi_anchor "time <= 0.3x, memory <= 0.75x" openapi-gen
fi
