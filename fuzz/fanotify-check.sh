#!/usr/bin/env bash
# The fanotify part of make check, on the ASan+UBSan builds:
#   fanotify-check.sh BIN_DIR FUZZ_DIR
# - the regression corpora replay cleanly through the three targets;
# - every reproducer under corpus/crashers/fanotify_sample/<class>/ still
#   fails with its class, and conformance/known-findings.txt names it;
# - fanotify-seeds writes the seeds committed in the corpus, byte for byte;
# - fanotify-decode exits 0, 1, 2 on a well-formed, a malformed and a
#   missing file.
set -uo pipefail
die() { echo "fanotify-check: $*" >&2; exit 1; }
[ $# -eq 2 ] || die "usage: fanotify-check.sh BIN_DIR FUZZ_DIR"
bin=$1 fuzz=$2
for f in "$bin/fanotify-decode" "$bin/fanotify-seeds" "$fuzz/fanotify_sample" \
	"$fuzz/fanotify_reference" "$fuzz/fanotify_structured"; do
	[ -x "$f" ] || die "$f: not built"
done
tmp=$(mktemp -d) || die "cannot make a temporary directory"
trap 'rm -rf "$tmp"' EXIT
fail=0

for t in fanotify_sample fanotify_reference fanotify_structured; do
	if ! "$fuzz/$t" "corpus/regression/$t" >"$tmp/$t.log" 2>&1; then
		echo "fanotify-check: $t: regression corpus fails: $(grep -m1 -E '==KZFUZZ==|SUMMARY|runtime error' "$tmp/$t.log")"
		fail=1
	fi
done

# What each class directory's reproducers must print.
pattern() {
	case $1 in
	timeout) echo '==KZFUZZ== timeout fanotify_sample' ;;
	asan-heap-buffer-overflow) echo 'ERROR: AddressSanitizer: heap-buffer-overflow' ;;
	ubsan-alignment) echo 'runtime error: .*misaligned address' ;;
	*) return 1 ;;
	esac
}
for f in corpus/crashers/fanotify_sample/*/*; do
	class=$(basename "$(dirname "$f")")
	want=$(pattern "$class") || { echo "fanotify-check: $f: no expectation for class $class"; fail=1; continue; }
	# In a child shell, so that its report of the abort goes to the log.
	if bash -c '"$0" "$1"; exit $?' "$fuzz/fanotify_sample" "$f" >"$tmp/crash.log" 2>&1; then
		echo "fanotify-check: $f: no longer fails"
		fail=1
	elif ! grep -qE "$want" "$tmp/crash.log"; then
		echo "fanotify-check: $f: fails, but not as $class: $(grep -m1 -E '==KZFUZZ==|SUMMARY' "$tmp/crash.log")"
		fail=1
	fi
	grep -q "Reproducer: $f\$" conformance/known-findings.txt ||
		{ echo "fanotify-check: $f: not in conformance/known-findings.txt"; fail=1; }
done

mkdir -p "$tmp/seeds"
if "$bin/fanotify-seeds" "$tmp/seeds"; then
	for s in "$tmp"/seeds/*; do
		cmp -s "$s" "corpus/regression/fanotify_reference/$(basename "$s")" ||
			{ echo "fanotify-check: seed $(basename "$s") differs from the committed one"; fail=1; }
	done
else
	fail=1
fi

expect_exit() {
	local want=$1 rc
	shift
	"$@" >/dev/null 2>&1
	rc=$?
	[ "$rc" -eq "$want" ] || { echo "fanotify-check: $*: exit $rc, expected $want"; fail=1; }
}
expect_exit 0 "$bin/fanotify-decode" "$tmp/seeds/fs-error-ext4"
expect_exit 1 "$bin/fanotify-decode" "$tmp/seeds/bad-record-len-zero"
expect_exit 2 "$bin/fanotify-decode" "$tmp/seeds/no-such-file"

[ $fail -eq 0 ] || exit 1
echo "fanotify-check: corpora replay, $(ls corpus/crashers/fanotify_sample/*/* | wc -l) sample findings reproduce, seeds and decoder as expected"
