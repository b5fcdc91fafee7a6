// SPDX-License-Identifier: GPL-2.0
/*
 * spec-emit CHOICES FRAMES [CONTENT]: the frames the spec generator builds
 * from a spec_frames input (fuzz/spec/), and the content they decode to,
 * each written then renamed; prints what was built (defect, features).
 * What makes corpus/divergences/<id>/ reproducers from a generator input.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_read.h"
#include "file_write.h"
#include "spec.h"

static void describe(const struct spec_result *res)
{
	unsigned int f;

	printf("spec-emit: %zu frame bytes, %u frames, %zu content bytes, %s;", res->len,
	       res->frames, res->content_len, spec_defect_name(res->defect));
	for (f = 0; f < SPEC_FEATURES; f++)
		if (res->reached[f])
			printf(" %s", spec_feature_name(f));
	putchar('\n');
}

int main(int argc, char **argv)
{
	struct spec_result res;
	struct fuzz_input in, tail;
	unsigned char *data;
	size_t len;

	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: spec-emit CHOICES FRAMES [CONTENT]\n");
		return 2;
	}
	data = file_read(argv[1], &len);
	if (!data) {
		fprintf(stderr, "spec-emit: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	/* As spec_frames reads its input: a parameter trailer is not a choice. */
	fuzz_input_init(&tail, data, len);
	spec_choices_init(&in, tail.payload, tail.payload_len);
	if (!spec_build(&in, &res)) {
		fprintf(stderr, "spec-emit: out of memory\n");
		return 1;
	}
	describe(&res);
	if (lib_file_write(argv[2], res.data, res.len) ||
	    (argc == 4 && lib_file_write(argv[3], res.content, res.content_len))) {
		fprintf(stderr, "spec-emit: cannot write %s: %s\n", argv[2], strerror(errno));
		return 1;
	}
	free(data);
	return 0;
}
