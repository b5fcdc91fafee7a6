// SPDX-License-Identifier: GPL-2.0
/* Every check of one captured buffer, in order: parse, fields, bytes, sample. */
#include <stdio.h>

#include "capture_check.h"

static int check_parsed(const struct fo_buffer *b, const struct manifest *expect,
			const uint8_t *buf, size_t len, char *why, size_t cap)
{
	static struct manifest got;

	capture_decoded(b, len, &got);
	if (capture_compare(expect, &got, why, cap) ||
	    capture_check_serialized(b, buf, len, why, cap))
		return -1;
	return capture_check_sample(b, expect, buf, len, why, cap);
}

int capture_check(const struct manifest *expect, const uint8_t *buf, size_t len,
		  char *why, size_t cap)
{
	struct fo_buffer b;
	struct fo_error err;
	char msg[256];
	int ret;

	if (fo_parse(buf, len, &b, &err)) {
		fo_format_error(&err, msg, sizeof(msg));
		snprintf(why, cap, "the reference parser rejects it: %s", msg);
		return -1;
	}
	ret = check_parsed(&b, expect, buf, len, why, cap);
	fo_free(&b);
	return ret;
}
