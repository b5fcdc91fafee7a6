/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stand-in: the error numbers come from the host's uapi header, never from
 * glibc's <errno.h>, which itself includes <linux/errno.h> and would leave
 * this header half-read.
 */
#ifndef KHARNESS_LINUX_ERRNO_H
#define KHARNESS_LINUX_ERRNO_H

#include_next <linux/errno.h>

#if !defined(EINVAL) || !defined(ENOMEM)
# error "stand-in linux/errno.h: the host's uapi errno numbers are missing"
#endif

#endif
