// SPDX-License-Identifier: GPL-2.0
/*
 * The error helpers: each code of the tree's enum zstd_error_code maps
 * back to itself and to one stable, distinct name, the reference's name
 * for the same code (or, for a code upstream renamed since, the old one); zstd_is_error classifies results as the reference
 * does, codes and ordinary sizes alike.
 */
#include <linux/zstd.h>
#include <stdint.h>
#include <string.h>

#include "api_checks.h"
#include "ref_zstd.h"

#define CODE(name) ZSTD_error_##name

static const int codes[] = {
	CODE(no_error), CODE(GENERIC), CODE(prefix_unknown), CODE(version_unsupported),
	CODE(frameParameter_unsupported), CODE(frameParameter_windowTooLarge),
	CODE(corruption_detected), CODE(checksum_wrong), CODE(dictionary_corrupted),
	CODE(dictionary_wrong), CODE(dictionaryCreation_failed), CODE(parameter_unsupported),
	CODE(parameter_outOfBound), CODE(tableLog_tooLarge), CODE(maxSymbolValue_tooLarge),
	CODE(maxSymbolValue_tooSmall), CODE(stage_wrong), CODE(init_missing),
	CODE(memory_allocation), CODE(workSpace_tooSmall), CODE(dstSize_tooSmall),
	CODE(srcSize_wrong), CODE(dstBuffer_null), CODE(frameIndex_tooLarge), CODE(seekableIO),
	CODE(dstBuffer_wrong), CODE(srcBuffer_wrong),
};

#define NCODES (sizeof(codes) / sizeof(codes[0]))

/*
 * Names upstream changed after 1.4.10: the tree may have either one, the
 * reference must have the new one. Anything else must match exactly.
 */
static const struct renamed {
	int code;
	const char *old_name, *new_name;
} renames[] = {
	{ CODE(corruption_detected), "Corrupted block detected", "Data corruption detected" },
};

static int same_name(int code, const char *name, const char *ref)
{
	if (!ref)
		return 0;
	for (size_t i = 0; i < sizeof(renames) / sizeof(renames[0]); i++)
		if (renames[i].code == code)
			return !strcmp(ref, renames[i].new_name) &&
			       (!strcmp(name, renames[i].old_name) || !strcmp(name, ref));
	return !strcmp(name, ref);
}

static void names(struct gate_tap *t)
{
	gate_begin(t, "every error code maps to itself and to a stable name, the reference's (%zu codes)",
		   NCODES);
	for (size_t i = 0; i < NCODES; i++) {
		size_t ret = (size_t)-codes[i];
		const char *name = zstd_get_error_name(ret), *ref = ref_error_name(ret);

		gate_expect(t, codes[i] == 0 || zstd_get_error_code(ret) == (zstd_error_code)codes[i],
			    "code %d: zstd_get_error_code gives %d", codes[i], zstd_get_error_code(ret));
		if (!gate_expect(t, name && *name, "code %d: no name", codes[i]))
			continue;
		gate_expect(t, !strcmp(name, zstd_get_error_name(ret)), "code %d: name changes", codes[i]);
		gate_expect(t, same_name(codes[i], name, ref), "code %d: \"%s\", reference \"%s\"",
			    codes[i], name, ref ? ref : "(null)");
		for (size_t j = 0; j < i; j++)
			gate_expect(t, strcmp(name, zstd_get_error_name((size_t)-codes[j])),
				    "codes %d and %d share the name \"%s\"", codes[j], codes[i], name);
	}
	gate_end(t);
}

static void classify(struct gate_tap *t, size_t v, unsigned long *errors)
{
	int k = !!zstd_is_error(v), r = !!ref_is_error(v);

	*errors += k;
	gate_expect(t, k == r, "%zu (%#zx): zstd_is_error %d, reference %d", v, v, k, r);
}

static void is_error(struct gate_tap *t)
{
	static const size_t sizes[] = { 0, 1, 2, 100, 4096, 131072, 1u << 31, SIZE_MAX / 2,
					SIZE_MAX / 2 + 1, SIZE_MAX - 1000 };
	unsigned long errors = 0, cases;

	gate_begin(t, "zstd_is_error agrees with the reference on every code and on ordinary sizes");
	for (size_t c = 0; c <= 512; c++)
		classify(t, (size_t)-c, &errors);
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		classify(t, sizes[i], &errors);
	cases = t->group_cases;
	gate_end(t);
	printf("# zstd_is_error: %lu of %lu values are errors\n", errors, cases);
}

void api_check_errors(struct gate_tap *t)
{
	names(t);
	is_error(t);
}
