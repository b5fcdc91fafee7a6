/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KHARNESS_LINUX_KERNEL_H
#define KHARNESS_LINUX_KERNEL_H

#include_next <linux/kernel.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/limits.h>
#include <linux/printk.h>

/* A WARN_ON that fires in kernel code is a finding: kh_warn() reports and aborts. */
void kh_warn(const char *file, int line, const char *cond);

#define WARN_ON(cond) ({						\
	int __wo_c = !!(cond);						\
	if (unlikely(__wo_c))						\
		kh_warn(__FILE__, __LINE__, #cond);			\
	__wo_c;								\
})

#endif
