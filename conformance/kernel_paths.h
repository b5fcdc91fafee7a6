/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Known disagreements between the kernel's own decoding ways on one golden
 * vector: conformance/known-findings.txt lines
 *   gate-golden | kernel-paths | VECTOR > WAY > RESULT | justification
 * Any other disagreement is a finding.
 */
#ifndef KERNEL_PATHS_H
#define KERNEL_PATHS_H

#include <stddef.h>

#define GOLDEN_KPATHS_MAX	32
#define GOLDEN_KPATH_LEN		256

struct golden_kpaths {
	char states[GOLDEN_KPATHS_MAX][GOLDEN_KPATH_LEN];
	size_t n;
};

/* 0, or -1 with err filled in. */
int golden_kpaths_load(const char *known_findings, struct golden_kpaths *kp, char *err,
		       size_t errlen);
int golden_kpaths_known(const struct golden_kpaths *kp, const char *state);

#endif
