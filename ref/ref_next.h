/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The second reference: upstream zstd 1.5.7 (npm zstd-napi 0.0.13,
 * ref/zstd-next.sh), built with each variant's flags and isolated like the
 * kernel: only these refn_* names are global. Where it could not be had,
 * refn_available() is 0 and every call fails.
 */
#ifndef REF_NEXT_H
#define REF_NEXT_H

#include <stddef.h>

int refn_available(void);
/* Its version, 10507 for 1.5.7; 0 when not available. */
unsigned int refn_version(void);
/* ZSTD_decompress on a reused context: a size or an error code. */
size_t refn_decompress(void *dst, size_t cap, const void *src, size_t len);
unsigned int refn_is_error(size_t ret);
const char *refn_error_name(size_t ret);
/* Its ZSTD_ErrorCode, 0 for a size. */
int refn_error_code(size_t ret);

#endif
