#!/usr/bin/env bash
# fuzz/corpus-update.sh on target unzstd, in a scratch folder:
#   - the committed file stays, byte for byte;
#   - new-coverage inputs of the working corpus are added, sha1-named;
#   - the known crasher stays out, and no file is over the size cap (libFuzzer
#     keeps the capped prefix of a bigger input, which is what it ran);
#   - a second run adds nothing and no scratch folders are left;
#   - a missing corpus root is a one-line error.
#   test-corpus-update.sh BDIR SCRATCH
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
fail() { echo "test-corpus-update: FAIL: $*" >&2; exit 1; }
[ $# -eq 2 ] || { echo "usage: test-corpus-update.sh BDIR SCRATCH" >&2; exit 2; }
bdir=$1 root=$2
t=unzstd
up=$top/fuzz/corpus-update.sh
planted=$top/corpus/open-findings/unzstd-window-guard-overflow/window-guard-overflow.zst

rm -rf "$root"
mkdir -p "$root/committed/$t" "$root/work/$t/corpus"
printf 'committed\n' | zstd -q -c >"$root/committed/$t/kept.zst"
csha=$(sha1sum <"$root/committed/$t/kept.zst")
for lvl in 1 9 19; do
	seq 1 3000 | zstd -q -"$lvl" --no-check -c >"$root/work/$t/corpus/seq-$lvl.zst"
done
head -c 4096 /dev/zero | zstd -q -c >"$root/work/$t/corpus/zeros.zst"
cp "$planted" "$root/work/$t/corpus/planted.zst"
head -c 70000 /dev/urandom | zstd -q -c >"$root/work/$t/corpus/big.zst"

out=$("$up" "$bdir" "$root/work" "$root/committed" 65536 "$t" 2>&1) ||
	fail "the first run failed: $out"
echo "$out" | grep -q "^corpus-update: $t: 1 committed inputs, [1-9][0-9]* added" ||
	fail "the first run added nothing: $out"
[ "$(sha1sum <"$root/committed/$t/kept.zst")" = "$csha" ] || fail "the committed file changed"
psha=$(sha1sum <"$planted" | cut -c1-40)
[ ! -e "$root/committed/$t/$psha" ] || fail "the crasher was added"
bsha=$(sha1sum <"$root/work/$t/corpus/big.zst" | cut -c1-40)
[ ! -e "$root/committed/$t/$bsha" ] || fail "the input over the cap was added whole"
for f in "$root/committed/$t"/*; do
	[ "$(basename "$f")" = kept.zst ] && continue
	[ "$(stat -c %s "$f")" -le 65536 ] || fail "$(basename "$f"): over the size cap"
	[ "$(basename "$f")" = "$(sha1sum <"$f" | cut -c1-40)" ] || fail "$(basename "$f"): not named by its sha1"
done
n1=$(ls "$root/committed/$t" | wc -l)

out=$("$up" "$bdir" "$root/work" "$root/committed" 65536 "$t" 2>&1) ||
	fail "the second run failed: $out"
echo "$out" | grep -q "^corpus-update: $t: $n1 committed inputs, 0 added" ||
	fail "the second run added inputs: $out"
[ -z "$(ls -A "$root/committed" | grep -v "^$t\$")" ] || fail "scratch folders left: $(ls -A "$root/committed")"

rc=0
out=$("$up" "$bdir" "$root/work" "$root/nowhere" "$t" 2>&1) || rc=$?
[ $rc -ne 0 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -q 'nowhere: no such corpus folder' ||
	fail "a missing corpus root gave: rc $rc, $out"
echo "test-corpus-update: passed ($((n1 - 1)) of 6 working inputs added; crasher left out, nothing over 64 KiB; second run added none)"
