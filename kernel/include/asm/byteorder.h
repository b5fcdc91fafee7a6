/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stand-in: the kernel tells code its byte order with __LITTLE_ENDIAN or
 * __BIG_ENDIAN. Without it lib/zstd silently takes its big-endian paths,
 * so refuse to build rather than guess.
 */
#ifndef KHARNESS_ASM_BYTEORDER_H
#define KHARNESS_ASM_BYTEORDER_H

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
# ifndef __LITTLE_ENDIAN
#  define __LITTLE_ENDIAN 1234
# endif
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
# ifndef __BIG_ENDIAN
#  define __BIG_ENDIAN 4321
# endif
#else
# error "stand-in asm/byteorder.h: the compiler does not say its byte order"
#endif

#endif
