/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KHARNESS_LINUX_COMPILER_H
#define KHARNESS_LINUX_COMPILER_H

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#ifndef __always_inline
# define __always_inline inline __attribute__((__always_inline__))
#endif
#define noinline	__attribute__((__noinline__))
#define __maybe_unused	__attribute__((__unused__))
#define __force
#define fallthrough	__attribute__((__fallthrough__))

#endif
