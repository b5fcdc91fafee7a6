// SPDX-License-Identifier: GPL-2.0
/*
 * The stand-in kernel headers: each pitfall that once made every finding a
 * false one (byte order, unaligned access through const pointers, errno
 * numbers hidden by include recursion) has a test here.
 */
#include <errno.h>		/* glibc's, which includes <linux/errno.h> */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/math64.h>
#include <linux/swab.h>
#include <asm/unaligned.h>

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

static void test_errno_numbers(void **state)
{
	(void)state;
	assert_int_equal(EINVAL, 22);
	assert_int_equal(ENOMEM, 12);
}

static void test_byte_order(void **state)
{
	const unsigned int one = 1;

	(void)state;
#ifdef __LITTLE_ENDIAN
	assert_int_equal(*(const unsigned char *)&one, 1);
#elif defined(__BIG_ENDIAN)
	assert_int_equal(*(const unsigned char *)&one, 0);
#else
	fail_msg("neither __LITTLE_ENDIAN nor __BIG_ENDIAN is defined");
#endif
}

/* Reads at every misalignment, through const pointers, as lib/zstd does. */
static void test_get_unaligned_const(void **state)
{
	static const unsigned char bytes[24] = {
		0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a,
		0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12,
	};

	(void)state;
	for (int off = 0; off < 8; off++) {
		const unsigned char *p = bytes + off;

		assert_int_equal(get_unaligned((const u16 *)p), get_unaligned_le16(p));
		assert_int_equal(get_unaligned((const u32 *)p), get_unaligned_le32(p));
		assert_true(get_unaligned((const u64 *)p) == get_unaligned_le64(p));
		assert_int_equal(get_unaligned_le16(p), p[0] | p[1] << 8);
		assert_int_equal(get_unaligned_be32(p),
				 (u32)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]);
	}
}

static void test_put_unaligned(void **state)
{
	unsigned char buf[16] = { 0 };

	(void)state;
	put_unaligned((u32)0xdeadbeef, (u32 *)(buf + 1));
	assert_int_equal(get_unaligned_le32(buf + 1), 0xdeadbeef);
	put_unaligned_le64(0x0102030405060708ull, buf + 3);
	assert_int_equal(buf[3], 0x08);
	assert_int_equal(buf[10], 0x01);
	put_unaligned_be32(0x0a0b0c0d, buf + 5);
	assert_int_equal(buf[5], 0x0a);
}

static void test_helpers(void **state)
{
	(void)state;
	assert_int_equal(swab32(0x11223344), 0x44332211);
	assert_true(swab64(0x1122334455667788ull) == 0x8877665544332211ull);
	assert_true(div_u64(1000000000001ull, 1000) == 1000000000ull);
	assert_int_equal(WARN_ON(0), 0);
	assert_true(INT_MAX == 2147483647);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_errno_numbers),
		cmocka_unit_test(test_byte_order),
		cmocka_unit_test(test_get_unaligned_const),
		cmocka_unit_test(test_put_unaligned),
		cmocka_unit_test(test_helpers),
	};

	return cmocka_run_group_tests_name("standin_headers", tests, NULL, NULL);
}
