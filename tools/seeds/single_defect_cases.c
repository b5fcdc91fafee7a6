// SPDX-License-Identifier: GPL-2.0
/*
 * sd_cases() (single_defect.h): the tables of cases of each file, one
 * after the other, in this order.
 */
#include <stdlib.h>
#include <string.h>

#include "single_defect_build.h"

static const struct sd_case *(*const case_tables[])(size_t *n) = {
	sd_decoder_cases,	/* single_defect.c */
	sd_frame_cases,		/* single_defect_frames.c */
	sd_seq_cases,		/* single_defect_seq.c */
	sd_entropy_cases,	/* single_defect_entropy.c */
	sd_x2_cases,		/* single_defect_x2.c */
};

#define TABLES	(sizeof(case_tables) / sizeof(case_tables[0]))

/* Joined on the first call. */
const struct sd_case *sd_cases(size_t *n)
{
	static struct sd_case *all;
	static size_t count;
	size_t total = 0, nt;

	if (all) {
		*n = count;
		return all;
	}
	for (size_t i = 0; i < TABLES; i++) {
		case_tables[i](&nt);
		total += nt;
	}
	all = malloc(total * sizeof(*all));
	for (size_t i = 0; all && i < TABLES; i++) {
		const struct sd_case *t = case_tables[i](&nt);

		memcpy(all + count, t, nt * sizeof(*all));
		count += nt;
	}
	*n = count;
	return all;
}
