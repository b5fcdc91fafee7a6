// SPDX-License-Identifier: GPL-2.0
/*
 * The buffers of the zstd targets are guarded at both ends: under ASan the
 * byte before a buffer's first and the byte after its last are poisoned,
 * its own bytes are not, whatever sizes a slot saw before; a workspace is
 * poisoned from its exact end on; a read one byte before a buffer, a write
 * one byte past a buffer or a workspace are reported. Poison only where a
 * result can report bytes (fuzz_decode_poisoned): a decoder that writes
 * nothing still shows. The references' recycled streaming memory.
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
#include <sanitizer/asan_interface.h>

#include "ref_recycle.h"
#include "ref_zstd.h"
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
	uint8_t *big = fuzz_workspace(FUZZ_SLOT_REF, FUZZ_OUT_MAX + 5);

	(void)state;
	assert_guarded(big, FUZZ_OUT_MAX + 5);
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		uint8_t *w = fuzz_workspace(FUZZ_SLOT_REF, sizes[i]);

		/* Exactly its size: poisoned from its end on, in an allocation kept. */
		assert_guarded(w, sizes[i]);
		assert_ptr_equal(w, big);
		assert_ptr_equal(fuzz_workspace(FUZZ_SLOT_REF, sizes[i]), w);
	}
}

/* What fake decoders do: report `reports` bytes, write `writes` of 'x'; calls counted. */
struct fake {
	size_t reports, writes;
	size_t reports2, writes2;	/* from the second call on */
	int calls;
};

static size_t fake_decode(void *arg, uint8_t *out, size_t cap)
{
	struct fake *f = arg;
	size_t writes = f->calls ? f->writes2 : f->writes;
	size_t reports = f->calls ? f->reports2 : f->reports;

	(void)cap;
	f->calls++;
	memset(out, 'x', writes);
	return reports;
}

static int fake_is_error(size_t ret)
{
	return ret > ((size_t)1 << 40);
}

static size_t decode(struct fake *f, uint8_t *out, size_t cap, size_t poisoned)
{
	struct fuzz_decode d = { fake_decode, f, fake_is_error, FUZZ_SLOT_KERNEL };

	return fuzz_decode_poisoned(&d, out, cap, poisoned);
}

/* Bytes an earlier input left, what a decoder that writes nothing must not pass for its own. */
static uint8_t *left_over(size_t cap)
{
	uint8_t *out = fuzz_buf(FUZZ_SLOT_KERNEL, cap);

	memset(out, 'x', cap);
	return out;
}

/*
 * A decoder that writes nothing and reports bytes: whatever was poisoned
 * before it (the size expected, or nothing), every byte it reports is the
 * slot's poison, not what was there: it cannot agree with a decoder that
 * wrote them (the oracle compares the bytes).
 */
static void writes_nothing_caught(void **state)
{
	static const size_t poisoned[] = { 0, 10, 100, 4096 };

	(void)state;
	for (size_t i = 0; i < sizeof(poisoned) / sizeof(poisoned[0]); i++) {
		struct fake f = { .reports = 100, .reports2 = 100 };
		uint8_t *out = left_over(4096);

		assert_int_equal(decode(&f, out, 4096, poisoned[i]), 100);
		assert_int_equal(fuzz_poison_end(out, 100, FUZZ_SLOT_KERNEL), 0);
		/* Called again only when it reported past the poison. */
		assert_int_equal(f.calls, poisoned[i] < 100 ? 2 : 1);
	}
}

/* The first call wrote and reported past the poison, the second wrote nothing: poison. */
static void redecode_writes_nothing_caught(void **state)
{
	struct fake f = { .reports = 300, .writes = 300, .reports2 = 300 };
	uint8_t *out = fuzz_buf(FUZZ_SLOT_KERNEL, 4096);

	(void)state;
	assert_int_equal(decode(&f, out, 4096, 10), 300);
	assert_int_equal(f.calls, 2);
	assert_int_equal(fuzz_poison_end(out, 300, FUZZ_SLOT_KERNEL), 0);
}

/*
 * Work in proportion to what is reported: an error or a size within the
 * poison is one call, and the poison stops there (bytes past it untouched).
 */
static void poison_only_what_is_reported(void **state)
{
	struct fake err = { .reports = (size_t)-20 };
	struct fake ok = { .reports = 50, .writes = 50 };
	uint8_t *out = left_over(4096);

	(void)state;
	assert_true(fake_is_error(decode(&err, out, 4096, 0)));
	assert_int_equal(err.calls, 1);
	assert_int_equal(out[0], 'x');
	assert_int_equal(decode(&ok, out, 4096, 64), 50);
	assert_int_equal(ok.calls, 1);
	assert_int_equal(fuzz_poison_end(out, 64, FUZZ_SLOT_KERNEL), 50);
	assert_int_equal(out[64], 'x');
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

/* job(size) in a child for odd sizes: ASan must end each with its report of the access. */
static void assert_caught(child_job job, const char *access)
{
	static char log[1 << 16];
	static const size_t odd[] = { 1, 13, 4097 };

	for (size_t i = 0; i < sizeof(odd) / sizeof(odd[0]); i++) {
		int ret = run_child(job, &odd[i], log, sizeof(log));

		assert_int_not_equal(ret, 0);
		assert_non_null(strstr(log, "AddressSanitizer"));
		assert_non_null(strstr(log, access));
	}
}

/*
 * A decoder that writes one byte past the size it reports, the capacity
 * being that size (decompress_oneshot's exact choice), in a slot that held
 * a bigger buffer before: ASan must end the child.
 */
static int write_past_reported(const void *size)
{
	size_t n = *(const size_t *)size;
	struct fake f = { .reports = n, .writes = n + 1, .reports2 = n, .writes2 = n + 1 };

	fuzz_buf(FUZZ_SLOT_KERNEL, FUZZ_OUT_MAX + 5);
	return decode(&f, fuzz_buf(FUZZ_SLOT_KERNEL, n), n, 0) == n ? 0 : 3;
}

static void write_past_reported_caught(void **state)
{
	(void)state;
	assert_caught(write_past_reported, "WRITE of size");
}

/* A kernel write one byte past a workspace that was bigger for an earlier input. */
static int write_past_workspace(const void *size)
{
	size_t n = *(const size_t *)size;
	volatile uint8_t *w;

	fuzz_workspace(FUZZ_SLOT_KERNEL, n + 4096);
	w = fuzz_workspace(FUZZ_SLOT_KERNEL, n);
	w[n] = 1;
	return 0;
}

static void write_past_workspace_caught(void **state)
{
	(void)state;
	assert_caught(write_past_workspace, "WRITE of size 1");
}

/*
 * The references' streaming contexts' recycled memory (ref/ref_recycle.c):
 * a block kept and handed out again, addressable exactly to the size asked.
 */
static void recycled_blocks_exact(void **state)
{
	struct ref_recycle pool = { 0 };
	uint8_t *a = ref_recycle_alloc(&pool, 1000), *b;

	(void)state;
	assert_non_null(a);
	assert_true(__asan_address_is_poisoned(a + 1000));
	ref_recycle_free(&pool, a);
	b = ref_recycle_alloc(&pool, 13);
	assert_ptr_equal(a, b);
	assert_null(__asan_region_is_poisoned(b, 13));
	assert_true(__asan_address_is_poisoned(b + 13));
	assert_true(__asan_address_is_poisoned(b + 999));
	/* In use: a second request gets another block. */
	a = ref_recycle_alloc(&pool, 13);
	assert_ptr_not_equal(a, b);
	ref_recycle_free(&pool, b);
	b = ref_recycle_alloc(&pool, 999);
	assert_null(__asan_region_is_poisoned(b, 999));
	assert_true(__asan_address_is_poisoned(b + 999));
	ref_recycle_free(&pool, a);
	ref_recycle_free(&pool, b);
	for (int i = 0; i < REF_RECYCLE_KEEP; i++)
		free(pool.block[i]);
}

static void read_before_buffer_caught(void **state)
{
	(void)state;
	assert_caught(read_before, "READ of size 1");
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

/*
 * fuzz_kernel_dctx: after a decoding has dirtied the context, the next call
 * gives the workspace back as the first init left it, byte for byte, and
 * the same context decodes the same frame to the same size.
 */
static void kernel_dctx_as_fresh(void **state)
{
	size_t n = zstd_dctx_workspace_bound();
	uint8_t *w = fuzz_workspace(FUZZ_SLOT_STREAM, n), *expect = malloc(n);
	uint8_t *out = fuzz_buf(FUZZ_SLOT_STREAM, 2 * BLOCK_MAX);
	struct frame f = rle_frame(1, raw_last, sizeof(raw_last));
	zstd_dctx *d, *again;
	size_t first;

	(void)state;
	assert_non_null(w);
	assert_non_null(expect);
	assert_non_null(out);
	memset(w, 0x5c, n);
	d = fuzz_kernel_dctx(w, n);
	assert_non_null(d);
	memcpy(expect, w, n);
	first = zstd_decompress_dctx(d, out, 2 * BLOCK_MAX, f.z, f.len);
	assert_int_equal(first, BLOCK_MAX + 3);
	assert_memory_not_equal(w, expect, n);
	again = fuzz_kernel_dctx(w, n);
	assert_ptr_equal(again, d);
	assert_memory_equal(w, expect, n);
	assert_int_equal(zstd_decompress_dctx(again, out, 2 * BLOCK_MAX, f.z, f.len), first);
	free(f.z);
	free(expect);
}

/*
 * fuzz_kernel_dstream: after a streamed frame has moved the context on,
 * the next call gives its ZSTD_DCtx back as the init left it, byte for
 * byte, and the same frame streams to the same size again.
 */
static void kernel_dstream_as_fresh(void **state)
{
	size_t window = (size_t)1 << 20, n = zstd_dstream_workspace_bound(window);
	size_t head = zstd_dctx_workspace_bound();
	uint8_t *w = fuzz_workspace(FUZZ_SLOT_STREAM, n), *expect = malloc(head);
	uint8_t *out = fuzz_buf(FUZZ_SLOT_STREAM, 2 * BLOCK_MAX);
	struct frame f = rle_frame(1, raw_last, sizeof(raw_last));
	zstd_dstream *d, *again;

	(void)state;
	assert_non_null(w);
	assert_non_null(expect);
	assert_non_null(out);
	d = fuzz_kernel_dstream(window, w, n);
	assert_non_null(d);
	memcpy(expect, w, head);
	for (int i = 0; i < 2; i++) {
		zstd_out_buffer ob = { out, 2 * BLOCK_MAX, 0 };
		zstd_in_buffer ib = { f.z, f.len, 0 };

		assert_int_equal(zstd_decompress_stream(d, &ob, &ib), 0);
		assert_int_equal(ob.pos, BLOCK_MAX + 3);
		assert_memory_not_equal(w, expect, head);
		again = fuzz_kernel_dstream(window, w, n);
		assert_ptr_equal(again, d);
		assert_memory_equal(w, expect, head);
	}
	free(f.z);
	free(expect);
}

/* ref_fresh_copy: the template's bytes in a pool block of exactly its size. */
static void fresh_copy_exact(void **state)
{
	struct ref_recycle pool = { 0 };
	uint8_t tmpl[100];
	struct ref_fresh f = { tmpl, sizeof(tmpl), 0 };
	uint8_t *p;

	(void)state;
	for (size_t i = 0; i < sizeof(tmpl); i++)
		tmpl[i] = (uint8_t)(i * 7 + 1);
	p = ref_fresh_copy(&pool, &f);
	assert_non_null(p);
	assert_memory_equal(p, tmpl, sizeof(tmpl));
	assert_true(__asan_address_is_poisoned(p + sizeof(tmpl)));
	ref_recycle_free(&pool, p);
	for (int i = 0; i < REF_RECYCLE_KEEP; i++)
		free(pool.block[i]);
}

/* 1.5.4's result of streaming f whole on a new context of that window. */
static size_t ref_stream_once(const struct frame *f, size_t window, uint8_t *out, size_t cap)
{
	struct ref_dstream *ds = ref_dstream_create(window);
	size_t in_pos = 0, out_pos = 0, ret;

	assert_non_null(ds);
	ret = ref_dstream_step(ds, out, cap, &out_pos, f->z, f->len, &in_pos);
	ref_dstream_free(ds);
	return ret;
}

/*
 * ref_dstream_create's copies are contexts of the window asked, each
 * time: a 1 MiB window is refused with a 1 KiB limit, before and after a
 * context of the default window decoded it.
 */
static void ref_dstream_window_each_time(void **state)
{
	struct frame f = rle_frame(1, raw_last, sizeof(raw_last));
	uint8_t *out = malloc(2 * BLOCK_MAX);

	(void)state;
	assert_non_null(out);
	for (int i = 0; i < 2; i++) {
		size_t small = ref_stream_once(&f, 1 << 10, out, 2 * BLOCK_MAX);

		assert_true(ref_is_error(small));
		assert_int_equal(ref_error_code(small), ZSTD_error_frameParameter_windowTooLarge);
		assert_int_equal(ref_stream_once(&f, FUZZ_WINDOW_DEFAULT, out, 2 * BLOCK_MAX), 0);
	}
	free(f.z);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#ifdef HAVE_ASAN
		cmocka_unit_test(buffers_guarded_both_ends),
		cmocka_unit_test(workspaces_guarded_and_exact),
		cmocka_unit_test(payload_copy_guarded),
		cmocka_unit_test(read_before_buffer_caught),
		cmocka_unit_test(writes_nothing_caught),
		cmocka_unit_test(redecode_writes_nothing_caught),
		cmocka_unit_test(poison_only_what_is_reported),
		cmocka_unit_test(write_past_reported_caught),
		cmocka_unit_test(write_past_workspace_caught),
		cmocka_unit_test(recycled_blocks_exact),
		cmocka_unit_test(fresh_copy_exact),
		cmocka_unit_test(kernel_dctx_as_fresh),
		cmocka_unit_test(kernel_dstream_as_fresh),
		cmocka_unit_test(ref_dstream_window_each_time),
#else
		cmocka_unit_test(no_asan),
#endif
		cmocka_unit_test(block_past_old_cap_judged),
		cmocka_unit_test(frame_past_old_cap_agrees),
		cmocka_unit_test(frame_past_limit_unjudged),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
