// SPDX-License-Identifier: GPL-2.0
/*
 * Standalone replayer: runs files, and every file of directories, through
 * the target without a fuzzing engine. A failing input aborts (sanitizer
 * or oracle report), so the exit status says whether all inputs passed.
 *
 *   <target> FILE|DIR...
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "path_walk.h"
#include "zstd_oracle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv);

static unsigned long replayed;

static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	long len;
	int ret = -1;

	if (!f) {
		fprintf(stderr, "replay: %s: cannot open\n", path);
		return -1;
	}
	if (fseek(f, 0, SEEK_END) || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		goto out;
	/* An exact-size heap copy, so that ASan sees any read past the input. */
	buf = malloc(len ? (size_t)len : 1);
	if (!buf || fread(buf, 1, (size_t)len, f) != (size_t)len)
		goto out;
	fprintf(stderr, "replay: %s (%ld bytes)\n", path, len);
	/* The oracle names the input in its reproduce command. */
	setenv("KZFUZZ_INPUT", path, 1);
	LLVMFuzzerTestOneInput(buf, (size_t)len);
	replayed++;
	ret = 0;
out:
	if (ret)
		fprintf(stderr, "replay: %s: cannot read\n", path);
	free(buf);
	fclose(f);
	return ret;
}

/* lib_path_walk() callback: an unreadable file fails the run, not the walk. */
static int replay_one(const char *path, void *ctx)
{
	(void)ctx;
	return replay_file(path);
}

int main(int argc, char **argv)
{
	int ret = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
		return 2;
	}
	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++)
		if (lib_path_walk(argv[i], replay_one, NULL, "replay"))
			ret = 1;
	if (zo_reference_facts())
		fprintf(stderr, "replay: %lu reference-side facts (1.5.4 and 1.5.7 differed)\n",
			zo_reference_facts());
	if (zo_error_pair_count())
		fprintf(stderr, "replay: %lu error pairs (both sides refused the same corrupt block, "
			"for different reasons)\n", zo_error_pair_count());
	if (zo_over_cap_count())
		fprintf(stderr, "replay: %lu cases unjudged over the output cap (every side ran out of room)\n",
			zo_over_cap_count());
	if (zo_window_refused_count())
		fprintf(stderr, "replay: %lu streamed frames unjudged: window over max_window, refused by the kernel\n",
			zo_window_refused_count());
	fprintf(stderr, "replay: %lu inputs replayed%s\n", replayed, ret ? ", some unreadable" : "");
	/* KZFUZZ_PARAMS naming what this target never asked for (it reads no names): refused. */
	fuzz_input_overrides_load();
	fuzz_input_overrides_check();
	return ret;
}
