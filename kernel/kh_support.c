// SPDX-License-Identifier: GPL-2.0
/*
 * Support code linked into the isolated kernel object: what the stand-in
 * headers declare, plus probes that let tests tell the two zstd builds
 * apart. Compiled with the kernel's flags and include path.
 */
#include <linux/kernel.h>
#include <linux/zstd.h>
#include <stdio.h>
#include <stdlib.h>

void kh_warn(const char *file, int line, const char *cond)
{
	fprintf(stderr, "WARNING: kernel WARN_ON(%s) at %s:%d\n", cond, file, line);
	abort();
}

/* The zstd version lib/zstd was built as; the reference says its own. */
unsigned int kh_kernel_zstd_version(void)
{
	return ZSTD_versionNumber();
}

/* Where lib/zstd's own ZSTD_decompressDCtx lives; the reference's is elsewhere. */
const void *kh_kernel_decompress_dctx_address(void)
{
	return (const void *)&ZSTD_decompressDCtx;
}
