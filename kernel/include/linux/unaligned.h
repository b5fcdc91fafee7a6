/* SPDX-License-Identifier: GPL-2.0 */
/* Stand-in: 6.12 and later include the unaligned accessors from here. */
#ifndef KHARNESS_LINUX_UNALIGNED_H
#define KHARNESS_LINUX_UNALIGNED_H

#include <asm/unaligned.h>

#endif
