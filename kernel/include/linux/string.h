/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KHARNESS_LINUX_STRING_H
#define KHARNESS_LINUX_STRING_H

#include <string.h>

#endif
