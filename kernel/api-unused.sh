#!/usr/bin/env bash
# The zstd_* functions a tree's zstd.h declares (TREE_DIR/api.txt, from
# kernel/zstd-api.sh) that no harness object calls: what no target or
# check exercises. One name a line.
#   api-unused.sh TREE_DIR OBJDIR
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: api-unused.sh TREE_DIR OBJDIR" >&2; exit 2; }
[ -f "$1/api.txt" ] || { echo "api-unused: $1/api.txt: missing (stage the tree first)" >&2; exit 2; }
[ -d "$2" ] || { echo "api-unused: $2: no objects" >&2; exit 2; }
find "$2" -name '*.o' -exec nm -u {} + 2>/dev/null | awk '$2 ~ /^zstd_/ { print $2 }' |
	LC_ALL=C sort -u >"$2/.api-used"
LC_ALL=C sort "$1/api.txt" | LC_ALL=C comm -23 - "$2/.api-used"
rm -f "$2/.api-used"
