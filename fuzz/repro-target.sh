#!/usr/bin/env bash
# The target an input belongs to, for make repro.
#   repro-target.sh INPUT TARGET KNOWN_TARGET...
# TARGET when given; else the finding record beside INPUT (finding.txt);
# else the registry's entries that name INPUT as a reproducer
# (corpus/open-findings/<id>/...: lib/findings.py target);
# else the path: findings/.../<target>/<finding>/,
# work/<tree>/<target>/ or any folder named after a target. Prints the
# target; a one-line error and exit 2 when the target is unknown or
# unclear. (INPUT and TARGET= were checked first: tools/make_args.py.)
set -euo pipefail
die() { echo "repro: $*" >&2; exit 2; }
[ $# -ge 2 ] || die "usage: repro-target.sh INPUT TARGET KNOWN_TARGET..."
input=$1 target=$2
shift 2
is_target() { local t; for t in "${known[@]}"; do [ "$t" = "$1" ] && return 0; done; return 1; }
known=("$@")
if [ -z "$target" ]; then
	rec=$(dirname "$input")/finding.txt
	[ -f "$rec" ] && target=$(sed -n 's/^target: //p' "$rec")
fi
if [ -z "$target" ]; then
	here=$(cd "$(dirname "$0")/.." && pwd)
	target=$(python3 "$here/lib/findings.py" target "$input" 2>/dev/null) || target=
fi
if [ -z "$target" ]; then
	# The innermost folder of the path named after a target.
	path=$(cd "$(dirname "$input")" && pwd)
	while [ "$path" != / ] && [ -z "$target" ]; do
		is_target "$(basename "$path")" && target=$(basename "$path")
		path=$(dirname "$path")
	done
fi
[ -n "$target" ] || die "cannot tell the target of $input: give TARGET=name (one of: ${known[*]})"
is_target "$target" || die "TARGET=$target: unknown target (one of: ${known[*]})"
echo "$target"
