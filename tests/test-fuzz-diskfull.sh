#!/usr/bin/env bash
# A full disk while findings or the corpus are written: one line that says
# so, a non-zero exit, and no half-written file that a later run would take
# for whole. Runs on a 1 MiB tmpfs mounted here; exits 77 (skipped, with
# one line saying why) where it cannot mount one.
#   test-fuzz-diskfull.sh BDIR TREE_DIR WORKROOT
# 1. triage with no space at all, and with one page left: it stops before
#    filing anything; once there is space, the same input is filed with its
#    real class.
# 2. a campaign whose work directory fills up stops with one line, and
#    every corpus file it leaves matches its sha1 name.
# 3. a corpus file cut short (bytes that do not match its sha1 name) is
#    dropped by the next run, with a line that says so.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "test-fuzz-diskfull: FAIL: $*" >&2; exit 1; }
skip() { echo "test-fuzz-diskfull: skipped: $*"; exit 77; }
. "$here/lib-campaign.sh"
# A sha1-named file whose bytes hash to its name.
sha1_named_intact() { [ "$(sha1sum <"$1" | cut -c1-40)" = "$(basename "$1")" ]; }
[ $# -eq 3 ] || { echo "usage: test-fuzz-diskfull.sh BDIR TREE_DIR WORKROOT" >&2; exit 2; }
fs=$3/fs
umount "$fs" 2>/dev/null || true
campaign_fixture "$1" "$2" "$3" "$fs"

[ "$(id -u)" -eq 0 ] || skip "needs root to mount a small tmpfs"
mkdir -p "$fs"
mount -t tmpfs -o size=1m kzfuzz-diskfull "$fs" 2>"$root/mount.err" ||
	skip "cannot mount a tmpfs here: $(tail -n1 "$root/mount.err")"
trap 'umount "$fs" 2>/dev/null || true' EXIT

# fill LEFT: fills the tmpfs, leaving LEFT bytes free.
fill() {
	rm -f "$fs/filler"
	local free
	free=$(df --output=avail -B1 "$fs" | tail -n1 | tr -d ' ')
	[ "$free" -le "$1" ] || head -c $((free - $1)) /dev/zero >"$fs/filler" 2>/dev/null || true
}

# Every finding folder that readers would take: none may be partial.
whole_findings() {
	local d n=0
	for d in "$1"/*/; do
		[ -d "$d" ] || continue
		[ -f "$d/finding.txt" ] && [ -s "$d/input" ] && [ -s "$d/hits" ] ||
			fail "$d: a finding folder without its record, input or hits"
		n=$((n + 1))
	done
	echo "$n"
}

export KZ_FINDINGS=$fs/findings KZ_FUZZBIN=$bdir/fuzz/fuzz/$t KZ_TREE_DIR=$tree \
	KZ_BASELINE=$here/../corpus/findings.txt KZ_MIN_SECONDS=0 KZ_TIMEOUT=5
sha=$psha
cp "$planted" "$root/crash-$sha"
for left in 0 4096; do
	mkdir -p "$fs/findings/$t/.incoming"
	fill $left
	rc=0
	"$here/../fuzz/triage.py" "$t" crash "$root/crash-$sha" >"$root/triage-$left.out" 2>"$root/triage-$left.err" || rc=$?
	[ $rc -ne 0 ] || fail "triage with $left bytes free exited 0"
	[ "$(wc -l <"$root/triage-$left.err")" -eq 1 ] && grep -q '^triage: .*no space left' "$root/triage-$left.err" ||
		fail "triage with $left bytes free did not say 'no space left' in one line: $(head -c 300 "$root/triage-$left.err")"
	[ "$(whole_findings "$fs/findings/$t")" -eq 0 ] || fail "triage with $left bytes free filed a finding"
	echo "test-fuzz-diskfull: triage, $left bytes free: $(cat "$root/triage-$left.err")"
done
rm -f "$fs/filler"
"$here/../fuzz/triage.py" "$t" crash "$root/crash-$sha" >"$root/triage-space.out" 2>&1 ||
	fail "triage with space again failed ($root/triage-space.out)"
[ "$(whole_findings "$fs/findings/$t")" -eq 1 ] || fail "triage with space again did not file the input once"
grep -qx 'class: asan:allocation-size-too-big' "$fs/findings/$t"/*/finding.txt ||
	fail "the input was filed with the wrong class: $(grep -h '^class:' "$fs/findings/$t"/*/finding.txt)"
[ -z "$(find "$fs/findings" -name '*.tmp*')" ] || fail "temporary files left in the findings"

# 2. A campaign that fills its work directory.
rm -rf "$fs/findings"
mkdir -p "$fs/work"
fill 49152
rc=0
"${campaign[@]}" -s 4 "$t" >"$root/campaign.out" 2>"$root/campaign.err" || rc=$?
[ $rc -ne 0 ] || fail "the campaign on a full disk exited 0"
last=$(grep '^campaign: ' "$root/campaign.err" | tail -n1)
grep -q 'no space left' <<<"$last" || fail "the campaign did not stop with 'no space left': $(tail -n2 "$root/campaign.err")"
for f in "$fs/work/$t/corpus"/*; do
	[ ! -f "$f" ] || sha1_named_intact "$f" || fail "the corpus holds $f, cut short"
done
whole_findings "$fs/findings/$t" >/dev/null
echo "test-fuzz-diskfull: campaign, 48 KiB free: $last"

# 3. A file cut short in the corpus is dropped by the next run, given room
# to fuzz (a fresh work directory on a larger tmpfs).
rm -rf "$fs/filler" "$fs/work"
mount -o remount,size=64m "$fs" || fail "cannot grow the tmpfs for the last step"
mkdir -p "$fs/work/$t/corpus"
printf 'not what the name says' >"$fs/work/$t/corpus/$sha"
"${campaign[@]}" -s 2 "$t" >"$root/campaign2.out" 2>&1 || fail "the campaign with space again failed ($root/campaign2.out)"
grep -q "dropped 1 inputs cut short" "$root/campaign2.out" || fail "the damaged corpus file was not reported"
[ ! -e "$fs/work/$t/corpus/$sha" ] || sha1_named_intact "$fs/work/$t/corpus/$sha" ||
	fail "the damaged corpus file is still there"
echo "test-fuzz-diskfull: passed (triage and campaign stop with one line; nothing cut short is kept)"
