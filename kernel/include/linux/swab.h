/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KHARNESS_LINUX_SWAB_H
#define KHARNESS_LINUX_SWAB_H

#include_next <linux/swab.h>

#define swab16(x) ((u16)__builtin_bswap16((u16)(x)))
#define swab32(x) ((u32)__builtin_bswap32((u32)(x)))
#define swab64(x) ((u64)__builtin_bswap64((u64)(x)))

#endif
