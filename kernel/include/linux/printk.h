/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KHARNESS_LINUX_PRINTK_H
#define KHARNESS_LINUX_PRINTK_H

/* Debug prints are compiled out, as in a production kernel, but still type-checked. */
static inline __attribute__((__format__(__printf__, 1, 2)))
int no_printk(const char *fmt, ...)
{
	(void)fmt;
	return 0;
}

#define pr_debug(fmt, ...) no_printk(fmt, ##__VA_ARGS__)

#endif
