/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A known divergence's golden vector and answers, the golden.txt of its
 * folder corpus/divergences/<id>/:
 *   vector <set> <file> [<SHA-256 of the decoded output: must-decode only>]
 *   <version> <way> decodes <sha256>    (each reference's answer, as in
 *   <version> <way> rejects <error>      reference-answers.txt, no path)
 * '#' lines are comments. set is must-fail, must-decode or
 * version-dependent; the vector is <folder>/<file>, which gate-golden
 * names <set>/<id>.zst as if it were in conformance/golden/<set>/.
 */
#ifndef GOLDEN_DIVERGENCES_H
#define GOLDEN_DIVERGENCES_H

#include <stddef.h>

#include "golden_answers.h"

#define GOLDEN_ID_MAX	64

struct golden_divergence {
	char id[GOLDEN_ID_MAX];
	char set[24];
	char file[GOLDEN_ID_MAX];
	char sha256[65];		/* must-decode only, else "" */
	char rel[GOLDEN_PATH_MAX];	/* <set>/<id>.zst */
};

/*
 * <dir>/<id>/golden.txt into d, its answers appended to a (cap entries,
 * *count used; their path is d->rel). 0, or -1 with err ("path:line: why").
 */
int golden_divergence_load(const char *dir, const char *id, struct golden_divergence *d,
			   struct golden_answer *a, size_t cap, size_t *count,
			   char *err, size_t errlen);

#endif
