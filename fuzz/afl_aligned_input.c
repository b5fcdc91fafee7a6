// SPDX-License-Identifier: GPL-2.0
/*
 * AFL++'s driver hands the target its input in place, in shared memory,
 * 4 bytes into the mapping: every struct read from it is misaligned, so
 * UBSan flagged the fanotify sample's first struct access on every input
 * (AFL "crashes" that no replay reproduces). libFuzzer passes a malloc'd
 * copy; the AFL build gets the same through this wrapper, linked with
 * -Wl,--wrap=LLVMFuzzerTestOneInput: an aligned heap copy of exactly
 * size bytes, so a read past the input also hits ASan's redzone.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int __real_LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int __wrap_LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int __wrap_LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *copy = malloc(size ? size : 1);
	int ret;

	if (!copy)
		abort();
	if (size)
		memcpy(copy, data, size);
	ret = __real_LLVMFuzzerTestOneInput(copy, size);
	free(copy);
	return ret;
}
