/* SPDX-License-Identifier: GPL-2.0 */
/* Stand-in: the kernel's linux/limits.h carries INT_MAX and friends. */
#ifndef KHARNESS_LINUX_LIMITS_H
#define KHARNESS_LINUX_LIMITS_H

#include_next <linux/limits.h>
#include <limits.h>
#include <stdint.h>

#endif
