#!/usr/bin/env bash
# Fails if the repository tracks a binary file, or a file larger than 1 MB, outside testdata/
# directories. Binaries (build outputs, archives) do not belong in source control: they bloat every
# clone forever and cannot be reviewed. "Binary" is git's own judgement (a NUL byte near the start,
# or a "binary" / "-diff" attribute), as `git diff --numstat` reports it.
#
# Usage: hack/check-files.sh [DIR]   (default: the repository this script is in)
# It checks the index, so a file is caught once it is staged, before it is committed.
set -euo pipefail
dir=${1:-"$(dirname "$0")/.."}
cd "$dir"
limit=$((1024 * 1024))

# Paths under any testdata/ directory may hold binary fixtures and large golden files.
outside_testdata() { grep -Ev '(^|/)testdata/' || true; }

empty_tree=$(git hash-object -t tree /dev/null)
# numstat prints "-<TAB>-<TAB>path" for binary files; -z keeps unusual paths intact.
binaries=$(git diff --cached --numstat -z --no-renames "$empty_tree" |
  tr '\0' '\n' | awk -F'\t' '$1 == "-" && $2 == "-" { print $3 }' | outside_testdata)

# Sizes of the staged blobs: "<mode> <object> <stage><TAB><path>" -> "<object> <path>".
large=$(git ls-files -s -z | tr '\0' '\n' |
  awk '{ split($0, a, "\t"); split(a[1], m, " "); print m[2] " " a[2] }' |
  git cat-file --batch-check='%(objectsize) %(rest)' |
  awk -v limit="$limit" '$1 > limit { sub(/^[0-9]+ /, ""); print }' | outside_testdata)

status=0
if [ -n "$binaries" ]; then
  echo "tracked binary files outside testdata/ (remove them, e.g. git rm --cached FILE, and build them instead):"
  echo "$binaries" | sed 's/^/  /'
  status=1
fi
if [ -n "$large" ]; then
  echo "tracked files over 1 MB outside testdata/:"
  echo "$large" | sed 's/^/  /'
  status=1
fi
exit $status
