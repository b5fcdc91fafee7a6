/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KHARNESS_LINUX_STDDEF_H
#define KHARNESS_LINUX_STDDEF_H

#include <linux/compiler.h>
#include_next <linux/stddef.h>
#include <stddef.h>
#include <stdbool.h>

#endif
