#!/usr/bin/env bash
# Foundation checks that need the shell: symbol isolation of the built
# objects, and one-line errors for bad KERNEL_SRC values.
#   test-foundation.sh BUILD BDIR
set -uo pipefail
build=${1:?usage: test-foundation.sh BUILD BDIR}
bdir=${2:?usage: test-foundation.sh BUILD BDIR}
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok - $*"; }
ko() { fail=$((fail + 1)); echo "not ok - $*"; }

# Only the wrapper, the boot decompressor and our probes stay global.
for v in asan plain; do
	obj=$bdir/$v/kzstd.o
	extra=$(nm -g --defined-only "$obj" | awk '{ print $3 }' |
		grep -Ev '^(zstd_|kh_)|^unzstd$' || true)
	[ -z "$extra" ] && ok "$v kzstd.o exports only zstd_*, unzstd, kh_*" ||
		ko "$v kzstd.o exports $extra"
	grep -q ' t ZSTD_decompressDCtx$' <<<"$(nm "$obj")" &&
		ok "$v kzstd.o keeps lib/zstd's ZSTD_decompressDCtx local" ||
		ko "$v kzstd.o has no local ZSTD_decompressDCtx"
done
bin=$bdir/asan/bin/kh-selftest
[ "$(nm "$bin" | grep -c ' T ZSTD_decompressDCtx$')" = 1 ] &&
	[ "$(nm "$bin" | grep -c ' t ZSTD_decompressDCtx$')" -ge 1 ] &&
	ok "kh-selftest links one global (reference) and one local (kernel) ZSTD_decompressDCtx" ||
	ko "kh-selftest: ZSTD_decompressDCtx is not one global plus one local"

# Bad KERNEL_SRC: non-zero exit and one error line naming the problem.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
touch "$tmp/afile"
mkdir -p "$tmp/empty" "$tmp/old/lib/zstd" "$tmp/old/include/linux" "$tmp/old/samples/fanotify" \
	"$tmp/old/include/uapi/linux"
printf 'VERSION = 5\nPATCHLEVEL = 15\nSUBLEVEL = 0\n' >"$tmp/old/Makefile"
for f in lib/zstd/zstd_compress_module.c lib/zstd/zstd_decompress_module.c \
	include/linux/zstd_lib.h include/linux/zstd_errors.h lib/xxhash.c \
	include/linux/xxhash.h lib/decompress_unzstd.c samples/fanotify/fs-monitor.c \
	include/uapi/linux/fanotify.h; do
	touch "$tmp/old/$f"
done
echo 'size_t ZSTD_compressCCtx(ZSTD_CCtx *ctx, void *dst);' >"$tmp/old/include/linux/zstd.h"

bad_tree() {
	local src=$1 want=$2 out rc lines
	out=$(make --no-print-directory BUILD="$tmp/build" KERNEL_SRC="$src" build-asan 2>&1)
	rc=$?
	# One line names the tree: tools/make_args.py's (a missing path, not a
	# directory) or kernel/prepare-tree.sh's.
	lines=$(grep -c -- "KERNEL_SRC=$src:" <<<"$out")
	if [ $rc -ne 0 ] && [ "$lines" = 1 ] && grep -q -- "$want" <<<"$out"; then
		ok "KERNEL_SRC=$src: $(grep -- "KERNEL_SRC=$src:" <<<"$out" | sed 's/.*\*\*\* //')"
	else
		ko "KERNEL_SRC=$src: rc=$rc, expected one line with '$want', got: $out"
	fi
}
bad_tree "$tmp/missing" "no such path"
bad_tree "$tmp/afile" "not a directory"
bad_tree "$tmp/empty" "not a kernel tree"
bad_tree "$tmp/old" "unsupported tree.*zstd_compress_cctx"

# A zstd.h with a prototype the harness does not know (a new function, a
# changed one): one note each, naming it; no KZ_API_ macro for it; the
# level counts only what is known.
api=$tmp/api
mkdir -p "$api"
tree_h=$(dirname "$bdir")/trees/$(basename "$bdir")/src/include/linux/zstd.h
sed 's/^zstd_dctx \*zstd_init_dctx(void \*workspace, size_t workspace_size);/zstd_dctx *zstd_init_dctx(void *workspace, size_t workspace_size, int flags);/' \
	"$tree_h" >"$api/zstd.h"
printf 'size_t zstd_cctx_set_param(zstd_cctx *cctx, zstd_cparameter param,\n\tint value);\n' >>"$api/zstd.h"
notes=$(kernel/zstd-api.sh "$api/zstd.h" "$api" 2>&1 >/dev/null)
if [ "$(grep -c '^zstd-api: note: .*a signature the harness does not know' <<<"$notes")" = 2 ] &&
	grep -q 'zstd_init_dctx(void \*, size_t, int).*zstd_init_dctx is not driven' <<<"$notes" &&
	grep -q 'zstd_cctx_set_param is not driven' <<<"$notes" &&
	! grep -q 'KZ_API_ZSTD_INIT_DCTX\|KZ_API_ZSTD_CCTX_SET_PARAM' "$api/include/kz_zstd_api.h" &&
	grep -q 'KZ_API_ZSTD_DECOMPRESS_DCTX 1' "$api/include/kz_zstd_api.h" &&
	! grep -q parameters "$api/include/kz_zstd_api.h"; then
	ok "zstd.h with two unknown prototypes: two notes naming them, not driven"
else
	ko "zstd.h with two unknown prototypes: got notes: $notes"
fi

# kernel-answers.txt, the kernel's answers make kunit's suite expects, is
# the tree's build: gate-golden fails on a line of its version changed, and
# --record-kernel (make kunit-answers) writes the file as committed.
golden=$tmp/golden
cp -r conformance/golden "$golden"
gg=$bdir/asan/bin/gate-golden
kv=$("$gg" --dir "$golden" | sed -n 's/.*kernel-answers.txt: every answer of zstd \([0-9.]*\) .*/\1/p')
sed -i "s|^must-fail/truncated.zst $kv oneshot rejects .*|must-fail/truncated.zst $kv oneshot rejects Unknown frame descriptor|" \
	"$golden/kernel-answers.txt"
out=$("$gg" --dir "$golden" 2>&1)
rc=$?
if [ -n "$kv" ] && [ $rc -eq 1 ] &&
	grep -q "^not ok .*must-fail/truncated.zst: kernel $kv oneshot: rejects .*; kernel-answers.txt: rejects Unknown frame descriptor" <<<"$out"; then
	ok "gate-golden fails a kernel-answers.txt line of zstd $kv that its build contradicts"
else
	ko "gate-golden with must-fail/truncated.zst's answer changed (zstd '$kv', rc=$rc): $(grep '^not ok' <<<"$out" | head -n3)"
fi
if "$gg" --dir "$golden" --record-kernel &&
	cmp -s "$golden/kernel-answers.txt" conformance/golden/kernel-answers.txt; then
	ok "gate-golden --record-kernel rewrites zstd $kv's lines as committed"
else
	ko "gate-golden --record-kernel: $(diff conformance/golden/kernel-answers.txt "$golden/kernel-answers.txt" | head -n4)"
fi

echo "foundation: $pass passed, $fail failed"
[ $fail -eq 0 ]
