#!/usr/bin/env bash
# Gate check 09-kunit: make kunit on the tree (conformance/kunit_run.py),
# its summary line as the check's result and figure.
#   gate_kunit.sh DIR BUILD KERNEL_SRC REPRO_ENV
# Writes DIR/result (pass, fail or skip), DIR/figure and DIR/failures.
set -uo pipefail
d=${1:?usage: gate_kunit.sh DIR BUILD KERNEL_SRC REPRO_ENV}
build=$2 ksrc=$3 repro=$4
${MAKE:-make} --no-print-directory BUILD="$build" KERNEL_SRC="$ksrc" kunit >"$d/kunit.log" 2>&1
line=$(grep '^kunit: ' "$d/kunit.log" | tail -n1)
case $line in
'kunit: passed '*) result=pass ;;
'kunit: skipped '*) result=skip ;;
'') result=fail line="kunit: no summary line ($(tail -n1 "$d/kunit.log"))" ;;
*) result=fail ;;
esac
printf '%s\n' "${line#kunit: }" >"$d/figure"
: >"$d/failures"
[ "$result" = fail ] && printf '%s\t%s\n' "${line#kunit: }" "${MAKE:-make} $repro kunit" >"$d/failures"
echo "$result" >"$d/result"
exit 0
