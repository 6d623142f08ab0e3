#!/usr/bin/env bash
# Coverage ratchet: measures how much of each handwritten validation package the equivalence
# tests cover, and fails when it is below the figure in hack/equivalence-coverage.txt.
set -euo pipefail
cd "$(dirname "$0")/.."

file=hack/equivalence-coverage.txt
status=0
while read -r pkg tests run min; do
  [[ -z "$pkg" || "$pkg" == \#* ]] && continue
  prof=$(mktemp)
  if ! go test -count=1 -run "^${run}\$" -coverpkg="$pkg" -coverprofile="$prof" "$tests" >/dev/null; then
    echo "FAIL $pkg: go test -run $run $tests failed"; rm -f "$prof"; status=1; continue
  fi
  got=$(go tool cover -func="$prof" | awk '$1 == "total:" { sub("%", "", $3); print $3 }')
  rm -f "$prof"
  if awk -v g="$got" -v m="$min" 'BEGIN { exit !(g + 0 < m + 0) }'; then
    echo "FAIL $pkg: $run covers $got% of the handwritten validation, below the $min% in $file"
    echo "     add equivalence cases for the uncovered code (go test -run '^$run\$' -coverpkg=$pkg -coverprofile=c.out $tests; go tool cover -html=c.out)"
    status=1
  elif awk -v g="$got" -v m="$min" 'BEGIN { exit !(g + 0 > m + 0) }'; then
    echo "ok   $pkg: $got% (above the $min% in $file: raise it to lock the gain in)"
  else
    echo "ok   $pkg: $got%"
  fi
done < "$file"
exit $status
