#!/usr/bin/env bash
# The findings table: one line per finding directory.
#   findings.sh FINDINGS_DIR KNOWN_FINDINGS
# Columns: target, class, crash state, hits (inputs that gave it), known
# (checked against the baseline now, from the kept report), the size of the
# input and of the minimized input, and the directory.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 2 ] || { echo "usage: findings.sh FINDINGS_DIR KNOWN_FINDINGS" >&2; exit 2; }
dir=$1 known=$2
if ! compgen -G "$dir/*/*/finding.txt" >/dev/null; then
	echo "findings: none in $dir"
	exit 0
fi
{
	printf 'target\tclass\tcrash state\thits\tknown\tinput\tminimized\tdirectory\n'
	for rec in "$dir"/*/*/finding.txt; do
		d=${rec%/finding.txt}
		t=$(sed -n 's/^target: //p' "$rec")
		v=$(python3 "$here/crashlog.py" state -k "$known" "$t" "$d/report.txt" 2>/dev/null | sed -n 3p) || true
		min=-
		[ -f "$d/input.min" ] && min=$(stat -c %s "$d/input.min")
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$(sed -n 's/^class: //p' "$rec")" \
			"$(sed -n 's/^state: //p' "$rec")" "$(wc -l <"$d/hits")" "${v:-?}" \
			"$(stat -c %s "$d/input")" "$min" "$d"
	done | sort
} | column -t -s $'\t'
total=$(compgen -G "$dir/*/*/finding.txt" | wc -l)
echo "findings: $total in $dir"
