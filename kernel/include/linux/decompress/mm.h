/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stand-in for the non-preboot branch of the kernel's decompress/mm.h:
 * lib/decompress_unzstd.c compiled as for initramfs, with the allocator
 * mapped to the C library so that sanitizers see every overrun.
 */
#ifndef KHARNESS_DECOMPRESS_MM_H
#define KHARNESS_DECOMPRESS_MM_H

#include <stdlib.h>

#define INIT
#define STATIC
#define large_malloc(a)	malloc(a)
#define large_free(a)	free(a)

#endif
