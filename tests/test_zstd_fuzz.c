// SPDX-License-Identifier: GPL-2.0
/*
 * The buffers of the zstd targets are guarded at both ends: under ASan the
 * byte before a buffer's first and the byte after its last are poisoned,
 * its own bytes are not, whatever sizes a slot saw before; a workspace ends
 * where its allocation ends; a read one byte before a buffer is reported.
 * And decompress_oneshot's output cap (below).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>
#include <sanitizer/allocator_interface.h>
#include <sanitizer/asan_interface.h>

#include "zstd_fuzz.h"

#if defined(__SANITIZE_ADDRESS__)
#define HAVE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HAVE_ASAN 1
#endif
#endif

#ifdef HAVE_ASAN
static void assert_guarded(const uint8_t *p, size_t size)
{
	assert_non_null(p);
	assert_true(__asan_address_is_poisoned(p - 1));
	assert_true(__asan_address_is_poisoned(p - 4096));
	assert_true(__asan_address_is_poisoned(p + size));
	assert_null(__asan_region_is_poisoned((void *)p, size));
}

/* Sizes up and down, odd and even, over and under the slot's usual room. */
static const size_t sizes[] = { 13, 0, 1, 8, 4096, FUZZ_OUT_MAX, 7, FUZZ_OUT_MAX + 5, 3, 100 };

static void buffers_guarded_both_ends(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		assert_guarded(fuzz_buf(FUZZ_SLOT_KERNEL, sizes[i]), sizes[i]);
}

static void workspaces_guarded_and_exact(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		uint8_t *w = fuzz_workspace(FUZZ_SLOT_REF, sizes[i]);

		assert_guarded(w, sizes[i]);
		/* Exactly its size: the allocation is the guard and the workspace. */
		assert_int_equal(__sanitizer_get_allocated_size(w - 4096), 4096 + sizes[i]);
		assert_ptr_equal(fuzz_workspace(FUZZ_SLOT_REF, sizes[i]), w);
	}
}

static void payload_copy_guarded(void **state)
{
	static const uint8_t data[] = "payload and params";
	struct fuzz_input in = { .payload = data, .payload_len = 7 };

	(void)state;
	assert_true(fuzz_guard_payload(&in, 7));
	assert_ptr_not_equal(in.payload, data);
	assert_int_equal(in.payload_len, 7);
	assert_memory_equal(in.payload, data, 7);
	assert_guarded(in.payload, 7);
}

#endif

/* A child's job: its exit status. */
typedef int (*child_job)(const void *arg);

/* job(arg) in a child, its stderr in log; the child's exit status (128 + signal). */
static int run_child(child_job job, const void *arg, char *log, size_t cap)
{
	int fds[2], status;
	size_t len = 0;
	ssize_t n;
	pid_t pid;

	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		close(fds[0]);
		dup2(fds[1], 2);
		_exit(job(arg));
	}
	close(fds[1]);
	while (len < cap - 1 && (n = read(fds[0], log + len, cap - 1 - len)) > 0)
		len += (size_t)n;
	log[len] = '\0';
	close(fds[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

#ifdef HAVE_ASAN
/* A one-byte read before a buffer of *size bytes: ASan must end the child with its report. */
static int read_before(const void *size)
{
	volatile const uint8_t *p = fuzz_buf(FUZZ_SLOT_FRAME, *(const size_t *)size);

	return p[-1] == 0x42 ? 3 : 0;
}

static void read_before_buffer_caught(void **state)
{
	static char log[1 << 16];
	static const size_t odd[] = { 1, 13, 4097 };

	(void)state;
	for (size_t i = 0; i < sizeof(odd) / sizeof(odd[0]); i++) {
		int ret = run_child(read_before, &odd[i], log, sizeof(log));

		assert_int_not_equal(ret, 0);
		assert_non_null(strstr(log, "AddressSanitizer"));
		assert_non_null(strstr(log, "READ of size 1"));
	}
}
#else
static void no_asan(void **state)
{
	(void)state;
	skip();
}
#endif

/*
 * decompress_oneshot's output cap (this test links the target) never turns
 * "both fail on size" into agreement: a frame of more than 1 MiB
 * (FUZZ_OUT_MAX, the old cap) is judged to its end, a block past 1 MiB
 * included; a frame of more than FUZZ_OUT_LIMIT is "unjudged: over the
 * output cap", said and counted, not agreed. Each input runs in a child.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define BLOCK_MAX	((size_t)1 << 17)

struct frame {
	uint8_t *z;
	size_t len;
};

/* A frame (window 1 MiB, no content size) of n RLE blocks of 128 KiB, then a last block. */
static struct frame rle_frame(size_t n, const uint8_t *last, size_t last_len)
{
	static const uint8_t head[] = { 0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x50 };
	struct frame f = { malloc(sizeof(head) + 4 * n + last_len), 0 };
	uint32_t bh = (uint32_t)(BLOCK_MAX << 3) | (1 << 1);
	uint8_t *p = f.z;

	assert_non_null(p);
	memcpy(p, head, sizeof(head));
	p += sizeof(head);
	for (size_t i = 0; i < n; i++, p += 4) {
		p[0] = bh & 0xff;
		p[1] = (bh >> 8) & 0xff;
		p[2] = bh >> 16;
		p[3] = (uint8_t)('a' + i % 26);
	}
	memcpy(p, last, last_len);
	f.len = (size_t)(p - f.z) + last_len;
	return f;
}

static int oneshot(const void *frame)
{
	const struct frame *f = frame;

	return LLVMFuzzerTestOneInput(f->z, f->len);
}

/* A raw block of 3 bytes, the last. */
static const uint8_t raw_last[] = { 0x19, 0x00, 0x00, 'e', 'n', 'd' };

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
	struct frame f = rle_frame(9, empty_last, sizeof(empty_last));
	int ret = run_child(oneshot, &f, log, sizeof(log));

	(void)state;
	free(f.z);
	assert_null(strstr(log, "unjudged: over the output cap"));
	assert_true(strstr(log, "known divergence") || strstr(log, "==KZFUZZ=="));
	assert_true(ret == 0 || strstr(log, "==KZFUZZ=="));
}

/* A valid frame of 1.125 MiB: judged to its end, no over-cap line, no finding. */
static void frame_past_old_cap_agrees(void **state)
{
	static char log[1 << 16];
	struct frame f = rle_frame(9, raw_last, sizeof(raw_last));
	int ret = run_child(oneshot, &f, log, sizeof(log));

	(void)state;
	free(f.z);
	assert_int_equal(ret, 0);
	assert_null(strstr(log, "unjudged: over the output cap"));
	assert_null(strstr(log, "==KZFUZZ=="));
}

/* Past FUZZ_OUT_LIMIT: every side runs out of room; unjudged and said so, never silent. */
static void frame_past_limit_unjudged(void **state)
{
	static char log[1 << 16];
	struct frame f = rle_frame(FUZZ_OUT_LIMIT / BLOCK_MAX + 1, raw_last, sizeof(raw_last));
	int ret = run_child(oneshot, &f, log, sizeof(log));

	(void)state;
	free(f.z);
	assert_int_equal(ret, 0);
	assert_non_null(strstr(log, "kzfuzz: unjudged: over the output cap: decompress_oneshot"));
	assert_null(strstr(log, "==KZFUZZ=="));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#ifdef HAVE_ASAN
		cmocka_unit_test(buffers_guarded_both_ends),
		cmocka_unit_test(workspaces_guarded_and_exact),
		cmocka_unit_test(payload_copy_guarded),
		cmocka_unit_test(read_before_buffer_caught),
#else
		cmocka_unit_test(no_asan),
#endif
		cmocka_unit_test(block_past_old_cap_judged),
		cmocka_unit_test(frame_past_old_cap_agrees),
		cmocka_unit_test(frame_past_limit_unjudged),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
