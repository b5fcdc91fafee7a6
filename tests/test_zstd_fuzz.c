// SPDX-License-Identifier: GPL-2.0
/*
 * The buffers of the zstd targets are guarded at both ends: under ASan the
 * byte before a buffer's first and the byte after its last are poisoned,
 * its own bytes are not, whatever sizes a slot saw before; a workspace ends
 * where its allocation ends; a read one byte before a buffer is reported.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
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

/* In a child: a one-byte read before a buffer must end it with ASan's report. */
static int child_reads_before(size_t size, char *log, size_t cap)
{
	int fds[2], status;
	size_t len = 0;
	ssize_t n;
	pid_t pid;

	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		volatile const uint8_t *p = fuzz_buf(FUZZ_SLOT_FRAME, size);

		dup2(fds[1], 2);
		_exit(p[-1] == 0x42 ? 3 : 0);
	}
	close(fds[1]);
	while (len < cap - 1 && (n = read(fds[0], log + len, cap - 1 - len)) > 0)
		len += (size_t)n;
	log[len] = '\0';
	close(fds[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void read_before_buffer_caught(void **state)
{
	static char log[1 << 16];
	static const size_t odd[] = { 1, 13, 4097 };

	(void)state;
	for (size_t i = 0; i < sizeof(odd) / sizeof(odd[0]); i++) {
		int ret = child_reads_before(odd[i], log, sizeof(log));

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
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
