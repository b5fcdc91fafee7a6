// SPDX-License-Identifier: GPL-2.0
/*
 * fanotify_structured: fuzz bytes -> typed events (fuzz/fanotify_gen.c) ->
 * the serializer -> both parsers. The reference must take back exactly the
 * events it was given, and the sample must print the buffer as the
 * renderer does. The sample runs in its build without the alignment check
 * (generated events sit at 4-byte offsets, a known finding of
 * fanotify_sample).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fanotify_fuzz.h"
#include "fanotify_gen.h"
#include "fanotify_parse.h"

#define TARGET "fanotify_structured"

static struct fan_gen gen;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fo_buffer back;
	struct fo_error err;
	char why[160];
	size_t n;
	uint8_t *bytes;

	fan_gen_build(&gen, data, size);
	n = fo_serialized_len(&gen.buf);
	/* Exactly sized, so that ASan sees any read past the buffer. */
	bytes = malloc(n ? n : 1);
	if (!bytes)
		return 0;
	if (!n || fo_serialize(&gen.buf, bytes, n) != n)
		fan_finding("oracle:mismatch", TARGET, "the serializer refuses generated events");
	if (fo_parse(bytes, n, &back, &err)) {
		fo_format_error(&err, why, sizeof(why));
		fan_finding("oracle:mismatch", TARGET, "the reference rejects serialized events: %s",
			    why);
	}
	if (!fo_equal(&gen.buf, &back, why, sizeof(why)))
		fan_finding("oracle:mismatch", TARGET, "serialize, parse: %s", why);
	fan_compare_sample(TARGET, bytes, n, &back, 1);
	fo_free(&back);
	free(bytes);
	return 0;
}
