/* SPDX-License-Identifier: GPL-2.0 */
/* The tree's crypto/testmgr.h zstd vectors, as extracted at build time. */
#ifndef KH_TESTMGR_ZSTD_H
#define KH_TESTMGR_ZSTD_H

#include <stddef.h>

/* comp vectors: in is plain text, out its compressed form (level 3);
 * decomp vectors: in is a frame, out the text it decodes to. */
struct kh_testvec {
	const char *in;
	size_t in_len;
	const char *out;
	size_t out_len;
};

/* Fills both arrays (cap entries each); returns the total count, 0 on overflow. */
size_t kh_testmgr_zstd(struct kh_testvec *comp, size_t *ncomp,
		       struct kh_testvec *decomp, size_t *ndecomp, size_t cap);

#endif
