#!/usr/bin/env bash
# oracles/known-divergences.txt -> C table (struct zo_known_data) on stdout.
# One entry a line: id | class | targets | acts on | citation | justification;
# '#' comments. acts on: frame-header, block-header, block, literals, sequences.
#   known-divergences.sh FILE
set -euo pipefail
file=${1:?usage: known-divergences.sh FILE}
[ -r "$file" ] || { echo "known-divergences: $file: cannot read" >&2; exit 1; }
echo '/* Generated from '"$file"' by oracles/known-divergences.sh. */'
echo '#include "zstd_divergences.h"'
echo 'const struct zo_known_data zo_known_data[] = {'
awk -F' *[|] *' '
	function c(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
	/^[[:space:]]*(#|$)/ { next }
	NF != 6 || $1 == "" || $2 !~ /^oracle:/ || $3 !~ /^[a-z_,*]+$/ ||
	$4 !~ /^(frame-header|block-header|block|literals|sequences)$/ {
		printf "known-divergences: line %d: want id | class | targets | acts on | citation | justification\n", NR > "/dev/stderr"
		bad = 1; exit 1
	}
	{ printf "\t{ %s, %s, %s, %s, %s },\n", c($1), c($2), c($3), c($4), c($5); n++ }
	END { if (bad) exit 1; if (!n) print "\t{ NULL, NULL, NULL, NULL, NULL },"; print "};"
	      printf "const size_t zo_known_data_count = %d;\n", n }
' "$file"
