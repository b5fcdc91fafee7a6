// SPDX-License-Identifier: GPL-2.0
/*
 * The registry's C table (generated from corpus/findings.txt by
 * lib/findings.py): lookups take the exact signature of one kind, class
 * and target, never a near one. The registry's parsing and validation are
 * tested in tests/test_findings.py.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "findings_table.h"
#include "name_list.h"

/* An entry every kernel zstd version the registry knows has (paths-csize-over-block-max-1). */
#define WAY1	"version-dependent/csize-over-block-max.zst > zstd_decompress_stream (1-byte input) > "
#define RESULT	"Corrupted block detected"

static void exact_signature_only(void **state)
{
	(void)state;
	assert_non_null(findings_find("finding", "kernel-paths", "gate-golden",
				      WAY1 RESULT));
	/* Another result, another vector, another kind or target: not known. */
	assert_null(findings_find("finding", "kernel-paths", "gate-golden", WAY1 "decodes it"));
	assert_null(findings_find("finding", "kernel-paths", "gate-golden",
				  "version-dependent/other.zst > zstd_decompress_stream (1-byte input) > "
				  RESULT));
	assert_null(findings_find("divergence", "kernel-paths", "gate-golden",
				  WAY1 RESULT));
	assert_null(findings_find("finding", "kernel-paths", "unzstd",
				  WAY1 RESULT));
}

static void every_entry_complete(void **state)
{
	(void)state;
	assert_true(findings_table_count > 0);
	for (size_t i = 0; i < findings_table_count; i++) {
		const struct findings_entry *e = &findings_table[i];

		assert_non_null(e->kind);
		assert_true(*e->id && *e->targets && *e->class_name && *e->signature && *e->source);
	}
}

static void target_lists(void **state)
{
	(void)state;
	assert_true(name_in_list("*", "unzstd"));
	assert_true(name_in_list("a,unzstd,b", "unzstd"));
	assert_true(name_in_list("unzstd", "unzstd"));
	assert_false(name_in_list("unzstd_x,xunzstd", "unzstd"));
	assert_false(name_in_list("unzst", "unzstd"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(exact_signature_only),
		cmocka_unit_test(every_entry_complete),
		cmocka_unit_test(target_lists),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
