#!/usr/bin/env bash
# Line coverage per file from `llvm-cov report -show-functions`, also counted
# without the functions UNREACHABLE lists (first word of each line, * as a
# wildcard; # comments) and, given REGIONS (what coverage_regions.py
# writes: file, lines, lines hit), without those region lines too. A listed
# function that the corpus did reach is named on stderr: the list is wrong
# there.
#   coverage-reachable.sh FUNCTIONS_TXT UNREACHABLE_TXT [REGIONS]
set -euo pipefail
[ $# -eq 2 ] || [ $# -eq 3 ] ||
	{ echo "usage: coverage-reachable.sh FUNCTIONS_TXT UNREACHABLE_TXT [REGIONS]" >&2; exit 2; }
for f in "$@"; do
	[ -f "$f" ] || { echo "coverage-reachable: $f: no such file" >&2; exit 1; }
done
awk '
function pct(c, t) { return t ? sprintf("%6.2f%%", 100 * c / t) : "     -" }
function flush() {
	if (file == "") return
	rlines -= rgn_lines[file]; rcov -= rgn_hit[file]
	printf "%-34s %6d %6d %s %6d %6d %s\n", file, lines, cov, pct(cov, lines), \
		rlines, rcov, pct(rcov, rlines)
	tl += lines; tc += cov; trl += rlines; trc += rcov
}
function unreachable(name,    p) {
	if (name in skip) return 1
	for (p in globs) if (name ~ globs[p]) return 1
	return 0
}
FILENAME == regions { rgn_lines[$1] = $2; rgn_hit[$1] = $3; next }
FILENAME == unreach {
	sub(/#.*/, "")
	if (!NF) next
	if ($1 ~ /\*/) { g = $1; gsub(/\*/, ".*", g); globs[$1] = "^" g "$" } else skip[$1] = 1
	next
}
FILENAME != unreach && FILENAME != regions && FNR == 1 {
	printf "%-34s %6s %6s %7s %6s %6s %7s\n", "file", "lines", "hit", "cover", \
		"reach", "hit", "cover"
}
/^File / {
	flush()
	file = $2; gsub(/[\x27:]/, "", file); sub(/.*\/lib\/zstd\//, "", file)
	lines = cov = rlines = rcov = 0
	next
}
# Function rows: name, regions, miss, cover, lines, miss, cover, ...
file != "" && $2 ~ /^[0-9]+$/ && $1 != "TOTAL" && $1 != "Name" {
	name = $1; sub(/^.*:/, "", name)
	lines += $5; cov += $5 - $6
	if (!unreachable(name)) { rlines += $5; rcov += $5 - $6 }
	else if ($6 < $5) printf "coverage-reachable: %s is listed unreachable, yet the corpus hit %d of its lines\n", $1, $5 - $6 > "/dev/stderr"
}
END {
	flush()
	printf "%-34s %6d %6d %s %6d %6d %s\n", "TOTAL", tl, tc, pct(tc, tl), trl, trc, pct(trc, trl)
}' regions="${3:-}" unreach="$2" ${3:+"$3"} "$2" "$1"
