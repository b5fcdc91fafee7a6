#!/usr/bin/env bash
# Adds to a committed corpus the working-corpus inputs that give it new
# coverage, on request only (make corpus-update).
#   corpus-update.sh BDIR WORK COMMITTED_ROOT [MAX_LEN] TARGET...
# For each TARGET: a copy of COMMITTED_ROOT/TARGET is merged with
# WORK/TARGET/corpus by the libFuzzer build (-merge=1 keeps every file of
# the copy and adds only inputs with new features, sha1-named), inputs
# that crash or hang the merge stay out, then the copy replaces the
# committed folder by renames. Inputs over MAX_LEN bytes (default 65536)
# are left out: make check replays every committed file. It holds WORK's
# lock, so it never reads a corpus a campaign is rewriting.
set -euo pipefail
die() { echo "corpus-update: $*" >&2; exit 1; }
. "$(dirname "$0")/work-lock.sh"
[ $# -ge 4 ] || die "usage: corpus-update.sh BDIR WORK COMMITTED_ROOT [MAX_LEN] TARGET..."
bdir=$1 work=$2 root=$3
shift 3
max_len=65536
if [[ $1 =~ ^[0-9]+$ ]]; then max_len=$1; shift; fi
[ $# -gt 0 ] || die "no target given"
[ -d "$root" ] || die "$root: no such corpus folder"
[ ! -d "$work" ] || work_lock "$work" corpus-update
total=0

update_one() {
	local t=$1 fz=$bdir/fuzz/fuzz/$1 src=$work/$1/corpus dst=$root/$1
	local tmp=$root/.$1.update before added bytes f size
	[ -x "$fz" ] || die "$t: no libFuzzer build at $fz"
	if [ ! -d "$src" ] || [ -z "$(ls -A "$src")" ]; then
		echo "corpus-update: $t: no working corpus at $src (run make fuzz first); skipped"
		return
	fi
	rm -rf "$tmp" "$tmp.old" && mkdir -p "$tmp"
	[ -d "$dst" ] && cp -a "$dst/." "$tmp/"
	ls "$tmp" >"$tmp.had"
	before=$(wc -l <"$tmp.had")
	if ! "$fz" -merge=1 -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" \
		-merge_control_file="$tmp.ctl" "$tmp" "$src" >"$tmp.log" 2>&1 ||
		! grep -q 'MERGE-OUTER: successful' "$tmp.log"; then
		rm -rf "$tmp" "$tmp.ctl" "$tmp.had"
		die "$t: the merge failed (log: $tmp.log)"
	fi
	# The added files; -max_len bounds what runs, not what is copied.
	added=0 bytes=0
	while IFS= read -r f; do
		size=$(stat -c %s "$tmp/$f")
		if [ "$size" -gt "$max_len" ]; then rm -f "$tmp/$f"; continue; fi
		added=$((added + 1)) bytes=$((bytes + size))
	done < <(ls "$tmp" | LC_ALL=C sort | LC_ALL=C comm -13 <(LC_ALL=C sort "$tmp.had") -)
	[ -d "$dst" ] && mv "$dst" "$tmp.old"
	mv "$tmp" "$dst"
	rm -rf "$tmp.old" "$tmp.ctl" "$tmp.log" "$tmp.had"
	echo "corpus-update: $t: $before committed inputs, $added added ($bytes bytes)"
	total=$((total + added))
}

for t in "$@"; do update_one "$t"; done
echo "corpus-update: $total inputs added under $root; review with git status and commit them"
