#!/usr/bin/env bash
# Extract the zstd vectors of the tree's crypto/testmgr.h into a C file,
# text unchanged, beside our own declaration of their struct.
#   testmgr-zstd.sh TESTMGR_H OUT_C
set -euo pipefail
in=${1:?usage: testmgr-zstd.sh TESTMGR_H OUT_C}
out=${2:?usage: testmgr-zstd.sh TESTMGR_H OUT_C}
[ -f "$in" ] || { echo "testmgr-zstd: $in: no such file" >&2; exit 1; }

extract() {
	sed -n "/^static const struct comp_testvec $1\\[\\] = {/,/^};/p" "$in"
}
comp=$(extract zstd_comp_tv_template)
decomp=$(extract zstd_decomp_tv_template)
[ -n "$comp" ] && [ -n "$decomp" ] ||
	{ echo "testmgr-zstd: $in has no zstd_comp_tv_template/zstd_decomp_tv_template" >&2; exit 1; }

{
	echo "/* Generated from $in by kernel/testmgr-zstd.sh. */"
	echo '#include "testmgr_zstd.h"'
	grep -m1 '^#define COMP_BUF_SIZE' "$in"
	echo 'struct comp_testvec { int inlen, outlen; char input[COMP_BUF_SIZE]; char output[COMP_BUF_SIZE]; };'
	echo "$comp"
	echo "$decomp"
	cat <<'EOC'
static void kh_fill(struct kh_testvec *dst, const struct comp_testvec *src, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		dst[i].in = src[i].input;
		dst[i].in_len = (size_t)src[i].inlen;
		dst[i].out = src[i].output;
		dst[i].out_len = (size_t)src[i].outlen;
	}
}

size_t kh_testmgr_zstd(struct kh_testvec *comp, size_t *ncomp,
		       struct kh_testvec *decomp, size_t *ndecomp, size_t cap)
{
	const size_t nc = sizeof(zstd_comp_tv_template) / sizeof(zstd_comp_tv_template[0]);
	const size_t nd = sizeof(zstd_decomp_tv_template) / sizeof(zstd_decomp_tv_template[0]);

	if (nc > cap || nd > cap)
		return 0;
	kh_fill(comp, zstd_comp_tv_template, nc);
	kh_fill(decomp, zstd_decomp_tv_template, nd);
	*ncomp = nc;
	*ndecomp = nd;
	return nc + nd;
}
EOC
} >"$out.tmp"
mv "$out.tmp" "$out"
