// SPDX-License-Identifier: GPL-2.0
/*
 * fanotify_reference: the reference parser alone, under ASan+UBSan. It
 * must never crash, must give the same answer twice, and on a well-formed
 * buffer parse -> serialize -> parse must give the same typed events, the
 * same size and the same rendering.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fanotify_fuzz.h"
#include "fanotify_parse.h"

#define TARGET "fanotify_reference"

static char text_a[FAN_FUZZ_OUT_CAP], text_b[FAN_FUZZ_OUT_CAP];

static void check_rejected(const uint8_t *data, size_t size, const struct fo_error *err)
{
	struct fo_buffer b;
	struct fo_error again;

	if (!fo_parse(data, size, &b, &again))
		fan_finding("oracle:mismatch", TARGET, "second parse accepts what the first rejected");
	if (memcmp(err, &again, sizeof(again)))
		fan_finding("oracle:mismatch", TARGET, "second parse fails differently: %s then %s",
			    fo_strerror(err->code), fo_strerror(again.code));
	fo_format_error(err, text_a, sizeof(text_a));
}

static void check_same_text(const struct fo_buffer *a, const struct fo_buffer *b,
			    const char *what)
{
	size_t la = fo_render(a, text_a, sizeof(text_a));
	size_t lb = fo_render(b, text_b, sizeof(text_b));

	if (la != lb || strcmp(text_a, text_b))
		fan_finding("oracle:mismatch", TARGET, "%s renders differently", what);
}

static void check_round_trip(const struct fo_buffer *b, size_t size)
{
	size_t n = fo_serialized_len(b);
	uint8_t *bytes = malloc(n ? n : 1);
	struct fo_buffer again;
	struct fo_error err;
	char why[160];

	if (!bytes)
		return;
	if (n != size || fo_serialize(b, bytes, n) != n)
		fan_finding("oracle:mismatch", TARGET, "serializing %zu parsed bytes gives %zu",
			    size, n);
	if (fo_parse(bytes, n, &again, &err)) {
		fo_format_error(&err, why, sizeof(why));
		fan_finding("oracle:mismatch", TARGET, "serialized events do not parse: %s", why);
	}
	if (!fo_equal(b, &again, why, sizeof(why)))
		fan_finding("oracle:mismatch", TARGET, "parse, serialize, parse: %s", why);
	check_same_text(b, &again, "the round trip");
	fo_free(&again);
	free(bytes);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fo_buffer a, b;
	struct fo_error err;
	char why[160];

	if (fo_parse(data, size, &a, &err)) {
		check_rejected(data, size, &err);
		return 0;
	}
	if (fo_parse(data, size, &b, &err))
		fan_finding("oracle:mismatch", TARGET, "second parse rejects what the first accepted");
	if (!fo_equal(&a, &b, why, sizeof(why)))
		fan_finding("oracle:mismatch", TARGET, "two parses differ: %s", why);
	check_same_text(&a, &b, "a second parse");
	check_round_trip(&a, size);
	fo_free(&a);
	fo_free(&b);
	return 0;
}
