// SPDX-License-Identifier: GPL-2.0
/*
 * decompress_oneshot's output cap never turns "both fail on size" into
 * agreement: a frame of more than 1 MiB (FUZZ_OUT_MAX, the old cap) is
 * judged to its end, a block past 1 MiB included; a frame of more than
 * FUZZ_OUT_LIMIT is "unjudged: over the output cap", counted, not agreed.
 * Each input runs through the target in a child, whose stderr is read.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "zstd_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define BLOCK_MAX	((size_t)1 << 17)

/* A frame (window 1 MiB, no content size) of n RLE blocks of 128 KiB, then a last block. */
static uint8_t *rle_frame(size_t n, const uint8_t *last, size_t last_len, size_t *len)
{
	static const uint8_t head[] = { 0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x50 };
	uint8_t *z = malloc(sizeof(head) + 4 * n + last_len), *p = z;
	uint32_t bh = (uint32_t)(BLOCK_MAX << 3) | (1 << 1);

	assert_non_null(z);
	memcpy(p, head, sizeof(head));
	p += sizeof(head);
	for (size_t i = 0; i < n; i++, p += 4) {
		p[0] = bh & 0xff;
		p[1] = (bh >> 8) & 0xff;
		p[2] = bh >> 16;
		p[3] = (uint8_t)('a' + i % 26);
	}
	memcpy(p, last, last_len);
	*len = (size_t)(p - z) + last_len;
	return z;
}

/* The target on z in a child: its stderr in log; the child's exit status (128 + signal). */
static int run_target(const uint8_t *z, size_t len, char *log, size_t cap)
{
	int fds[2], status;
	size_t got = 0;
	ssize_t n;
	pid_t pid;

	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		close(fds[0]);
		dup2(fds[1], 2);
		LLVMFuzzerTestOneInput(z, len);
		_exit(0);
	}
	close(fds[1]);
	while (got < cap - 1 && (n = read(fds[0], log + got, cap - 1 - got)) > 0)
		got += (size_t)n;
	log[got] = '\0';
	close(fds[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/*
 * 9 RLE blocks (1.125 MiB), then the last block: a compressed block of 2
 * bytes (0 literals, 0 sequences), which 1.4.10 rejects and 1.5.4 decodes
 * (known divergence empty-compressed-block). With a 1 MiB cap both sides ran
 * out of room before it, and the blocks that fit agreed: the difference
 * was never seen. Now it must be: a known divergence, or a finding.
 */
static void block_past_old_cap_judged(void **state)
{
	static const uint8_t empty_last[] = { 0x15, 0x00, 0x00, 0x00, 0x00 };
	static char log[1 << 16];
	size_t len;
	uint8_t *z = rle_frame(9, empty_last, sizeof(empty_last), &len);
	int ret;

	(void)state;
	ret = run_target(z, len, log, sizeof(log));
	assert_null(strstr(log, "unjudged: over the output cap"));
	assert_true(strstr(log, "known divergence") || strstr(log, "==KZFUZZ=="));
	assert_true(ret == 0 || strstr(log, "==KZFUZZ=="));
	free(z);
}

/* A valid frame of 1.125 MiB: judged to its end, no over-cap line, no finding. */
static void frame_past_old_cap_agrees(void **state)
{
	static const uint8_t raw_last[] = { 0x19, 0x00, 0x00, 'e', 'n', 'd' };
	static char log[1 << 16];
	size_t len;
	uint8_t *z = rle_frame(9, raw_last, sizeof(raw_last), &len);

	(void)state;
	assert_int_equal(run_target(z, len, log, sizeof(log)), 0);
	assert_null(strstr(log, "unjudged: over the output cap"));
	assert_null(strstr(log, "==KZFUZZ=="));
	free(z);
}

/* Past FUZZ_OUT_LIMIT: every side runs out of room; unjudged and said so, never silent. */
static void frame_past_limit_unjudged(void **state)
{
	static const uint8_t raw_last[] = { 0x19, 0x00, 0x00, 'e', 'n', 'd' };
	static char log[1 << 16];
	size_t n = FUZZ_OUT_LIMIT / BLOCK_MAX + 1, len;
	uint8_t *z = rle_frame(n, raw_last, sizeof(raw_last), &len);

	(void)state;
	assert_int_equal(run_target(z, len, log, sizeof(log)), 0);
	assert_non_null(strstr(log, "kzfuzz: unjudged: over the output cap: decompress_oneshot"));
	assert_null(strstr(log, "==KZFUZZ=="));
	free(z);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(block_past_old_cap_judged),
		cmocka_unit_test(frame_past_old_cap_agrees),
		cmocka_unit_test(frame_past_limit_unjudged),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
