// SPDX-License-Identifier: GPL-2.0
/*
 * The second reference (upstream zstd 1.5.7, isolated beside the distro's
 * libzstd and the kernel's zstd): it is the version it claims, decodes
 * what the distro's libzstd made, and names a corrupt frame's error.
 * Without it (make check lists that as a skip) every call must fail.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "ref_next.h"
#include "ref_zstd.h"

static void same_bytes_as_the_distro(void **state)
{
	static unsigned char src[50000], frame[60000], out[50000];
	size_t flen, got;

	(void)state;
	for (size_t i = 0; i < sizeof(src); i++)
		src[i] = (unsigned char)("zstd kernel frame "[i % 18] ^ (i / 977));
	flen = ref_compress(frame, sizeof(frame), src, sizeof(src), 3, 1, 1);
	assert_false(ref_is_error(flen));
	got = refn_decompress(out, sizeof(out), frame, flen);
	if (!refn_available()) {
		assert_true(refn_is_error(got));
		assert_int_equal(refn_version(), 0);
		return;
	}
	assert_int_equal(refn_version(), 10507);
	assert_false(refn_is_error(got));
	assert_int_equal(got, sizeof(src));
	assert_memory_equal(out, src, sizeof(src));
	/* Not a frame: prefix_unknown (10 in 1.5.x), by name too. */
	frame[0] ^= 1;
	got = refn_decompress(out, sizeof(out), frame, flen);
	assert_true(refn_is_error(got));
	assert_int_equal(refn_error_code(got), 10);
	assert_string_equal(refn_error_name(got), "Unknown frame descriptor");
}

/* Streaming in 7-byte input and 1000-byte output steps gives the same bytes. */
static void streams_in_chunks(void **state)
{
	static unsigned char src[30000], frame[40000], out[30000];
	size_t flen, in_pos = 0, out_pos = 0, ret = 1;
	struct ref_frame_header fh;
	void *ds = refn_dstream((size_t)1 << 23);

	(void)state;
	for (size_t i = 0; i < sizeof(src); i++)
		src[i] = (unsigned char)(i * 7 / 13);
	flen = ref_compress(frame, sizeof(frame), src, sizeof(src), 1, 1, 1);
	assert_false(ref_is_error(flen));
	if (!refn_available()) {
		assert_null(ds);
		assert_true(refn_is_error(refn_get_frame_header(&fh, frame, flen)));
		assert_non_null(refn_describe());
		return;
	}
	assert_non_null(ds);
	while (ret && !refn_is_error(ret) && in_pos < flen) {
		size_t in_end = in_pos + 7 < flen ? in_pos + 7 : flen;
		size_t out_end = out_pos + 1000 < sizeof(out) ? out_pos + 1000 : sizeof(out);

		ret = refn_dstream_step(ds, out, out_end, &out_pos, frame, in_end, &in_pos);
	}
	assert_int_equal(ret, 0);
	assert_int_equal(in_pos, flen);
	assert_int_equal(out_pos, sizeof(src));
	assert_memory_equal(out, src, sizeof(src));
	assert_int_equal(refn_get_frame_header(&fh, frame, flen), 0);
	assert_int_equal(fh.frame_content_size, sizeof(src));
	assert_int_equal(fh.checksum_flag, 1);
	assert_int_equal(refn_find_frame_compressed_size(frame, flen), flen);
	assert_non_null(strstr(refn_describe(), "zstd 1.5.7 (npm zstd-napi@"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(same_bytes_as_the_distro),
		cmocka_unit_test(streams_in_chunks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
