/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stand-in for the kernel's linux/types.h. The host's uapi header comes
 * first (glibc's headers expect its __u8 and friends); the kernel-internal
 * names follow.
 */
#ifndef KHARNESS_LINUX_TYPES_H
#define KHARNESS_LINUX_TYPES_H

#include_next <linux/types.h>
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <asm/byteorder.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

#endif
