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

#define KERNEL_PATHS_MAX	32
#define KERNEL_PATH_LEN		256

struct kernel_paths {
	char states[KERNEL_PATHS_MAX][KERNEL_PATH_LEN];
	size_t n;
};

/* 0, or -1 with err filled in. */
int kernel_paths_load(const char *known_findings, struct kernel_paths *kp, char *err,
		      size_t errlen);
int kernel_paths_known(const struct kernel_paths *kp, const char *state);

#endif
