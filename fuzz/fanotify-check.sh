#!/usr/bin/env bash
# The fanotify part of make check, on the ASan+UBSan builds:
#   fanotify-check.sh BIN_DIR FUZZ_DIR
# - every crasher of fanotify_sample (lib/findings.py crashers: a finding's
#   reproducer in its folder corpus/open-findings/<id>/) still fails with
#   its entry's class, and the findings registry names and knows it
#   (the regression corpora are check-regression's);
# - fanotify-seeds writes the seeds committed in the corpus, byte for byte;
# - fanotify-decode exits 0, 1, 2 on a well-formed, a malformed and a
#   missing file.
set -uo pipefail
die() { echo "fanotify-check: $*" >&2; exit 1; }
[ $# -eq 2 ] || die "usage: fanotify-check.sh BIN_DIR FUZZ_DIR"
bin=$1 fuzz=$2
for f in "$bin/fanotify-decode" "$bin/fanotify-seeds" "$fuzz/fanotify_sample"; do
	[ -x "$f" ] || die "$f: not built"
done
tmp=$(mktemp -d) || die "cannot make a temporary directory"
trap 'rm -rf "$tmp"' EXIT
fail=0

# Every crasher still fails as its entry's class, and the registry knows it.
python3 fuzz/replay.py crashers fanotify-check "$tmp" "$fuzz" fanotify_sample || fail=1

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
echo "fanotify-check: seeds and decoder as expected"
