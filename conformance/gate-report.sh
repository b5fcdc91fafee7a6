#!/usr/bin/env bash
# The gate's reports, from one run's check folders:
#
#   gate-report.sh RUN_DIR
#
# Prints the summary table (check, result, figure, time), every failure
# with the command that reproduces it and, when there was a baseline, its
# side-by-side tables; writes RUN_DIR/report.tap and RUN_DIR/report.junit.xml
# (write-then-rename). Exit 0 when every check passed or was skipped, 1
# otherwise, 2 on bad input.
set -euo pipefail

run=${1:?usage: gate-report.sh RUN_DIR}
[ -d "$run" ] || { echo "gate-report: $run: no such run folder" >&2; exit 2; }

xml() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/"/\&quot;/g' -e "s/'/\&apos;/g" <<<"$1"; }
field() { [ -s "$1" ] && head -n1 "$1" || echo "${2:-}"; }

checks=()
for d in "$run"/[0-9][0-9]-*/; do
	[ -d "$d" ] && checks+=("$(basename "$d")")
done
[ ${#checks[@]} -gt 0 ] || { echo "gate-report: $run: no check results" >&2; exit 2; }

tap=$run/report.tap junit=$run/report.junit.xml
n=0 nfail=0 nerr=0 nskip=0 total=0
tap_body= cases=
printf '\n%-4s %-16s %-6s %8s  %s\n' "#" "check" "result" "time" "figure"
printf '%s\n' "----------------------------------------------------------------------------------------------"
for c in "${checks[@]}"; do
	d=$run/$c
	n=$((n + 1))
	name=${c#[0-9][0-9]-}
	result=$(field "$d/result" error)
	figure=$(field "$d/figure" "no result written")
	time=$(field "$d/time" 0)
	total=$(awk -v a="$total" -v b="$time" 'BEGIN { print a + b }')
	printf '%-4s %-16s %-6s %7ss  %s\n' "$n" "$name" "$result" "$time" "$figure"
	fails=
	[ ! -s "$d/failures" ] || fails=$(cat "$d/failures")
	case $result in
	pass) tap_body+="ok $n - $name: $figure"$'\n' ;;
	skip) nskip=$((nskip + 1)); tap_body+="ok $n - $name # SKIP $figure"$'\n' ;;
	*)
		[ "$result" = fail ] && nfail=$((nfail + 1)) || nerr=$((nerr + 1))
		tap_body+="not ok $n - $name: $(tr a-z A-Z <<<"$result"): $figure"$'\n'
		tap_body+="  ---"$'\n'"  failures:"$'\n'
		while IFS=$'\t' read -r msg cmd; do
			[ -n "$msg" ] || continue
			tap_body+="    - message: \"${msg//\"/\'}\""$'\n'"      reproduce: \"${cmd//\"/\'}\""$'\n'
		done <<<"$fails"
		tap_body+="  ..."$'\n' ;;
	esac
	cases+="  <testcase classname=\"kzfuzz.gate\" name=\"$(xml "$c")\" time=\"$time\">"$'\n'
	case $result in
	pass) ;;
	skip) cases+="    <skipped message=\"$(xml "$figure")\"/>"$'\n' ;;
	*)
		el=failure; [ "$result" = fail ] || el=error
		body=$(while IFS=$'\t' read -r msg cmd; do [ -z "$msg" ] || printf '%s\n  reproduce: %s\n' "$msg" "$cmd"; done <<<"$fails")
		cases+="    <$el message=\"$(xml "$figure")\" type=\"$result\">$(xml "$body")</$el>"$'\n' ;;
	esac
	cases+="    <system-out>$(xml "$figure")</system-out>"$'\n'"  </testcase>"$'\n'
done
printf '%s\n' "----------------------------------------------------------------------------------------------"

{
	echo "TAP version 13"
	echo "1..$n"
	printf '%s' "$tap_body"
} >"$tap.tmp" && mv "$tap.tmp" "$tap"
{
	echo '<?xml version="1.0" encoding="UTF-8"?>'
	echo "<testsuites name=\"kzfuzz gate\" tests=\"$n\" failures=\"$nfail\" errors=\"$nerr\" skipped=\"$nskip\" time=\"$total\">"
	echo "<testsuite name=\"$(xml "$(basename "$run")")\" tests=\"$n\" failures=\"$nfail\" errors=\"$nerr\" skipped=\"$nskip\" time=\"$total\">"
	printf '%s' "$cases"
	echo "</testsuite>"
	echo "</testsuites>"
} >"$junit.tmp" && mv "$junit.tmp" "$junit"

# Every failure, with the command that reproduces it.
for c in "${checks[@]}"; do
	[ -s "$run/$c/failures" ] || continue
	echo "${c#[0-9][0-9]-}:"
	while IFS=$'\t' read -r msg cmd; do
		[ -n "$msg" ] || continue
		echo "  - $msg"
		echo "    reproduce: $cmd"
	done <"$run/$c/failures"
done
for t in speed stack; do
	f=$run/08-baseline/$t.txt
	[ -s "$f" ] || continue
	echo "baseline comparison, $t (b: baseline, c: candidate):"
	grep -v -E '^(mean|worst|level|grows|missing)	' "$f" | sed 's/^/  /'
done

verdict="PASS: nothing new found"
[ $((nfail + nerr)) -eq 0 ] || verdict="FAIL: $nfail checks failed, $nerr errors"
echo "gate: $verdict (${total}s of checks; reports: $tap $junit)"
[ $((nfail + nerr)) -eq 0 ]
