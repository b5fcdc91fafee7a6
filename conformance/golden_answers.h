/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What each reference zstd answered on the golden vectors that are not
 * must-decode, conformance/golden/reference-answers.txt, one answer a line:
 *   <set>/<name>.zst <version> <way> decodes <sha256 of the output>
 *   <set>/<name>.zst <version> <way> rejects <the error's name>
 * version: the reference's (1.5.4, 1.5.7); way: oneshot or stream. '#'
 * lines are comments. gate-golden checks the lines of every reference it
 * judged with; gate-golden --record prints them afresh.
 */
#ifndef GOLDEN_ANSWERS_H
#define GOLDEN_ANSWERS_H

#include <stddef.h>

#include "golden_manifest.h"

#define GOLDEN_ANSWER_MAX	160

struct golden_answer {
	char path[GOLDEN_PATH_MAX];
	char version[16];
	char way[8];
	char answer[GOLDEN_ANSWER_MAX];	/* "decodes <digest>" or "rejects <name>" */
};

/* Every line of path, no (path, version, way) twice; 0, or -1 with err ("path:line: why"). */
int golden_answers_load(const char *path, struct golden_answer *a, size_t cap, size_t *count,
			char *err, size_t errlen);
/* The recorded answer of that vector, reference version and way; NULL when none. */
/* "<version> <way> <answer>" of a line into a (its path left as it is); 1, or -1 with why. */
int golden_answer_parse_tail(const char *line, struct golden_answer *a, char *why, size_t whylen);
const char *golden_answer_find(const struct golden_answer *a, size_t count, const char *path,
			       const char *version, const char *way);

#endif
