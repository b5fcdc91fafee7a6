/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stand-in: exports and module tags compile away. Which symbols stay
 * visible is decided at link time (kernel/isolate.sh), not here.
 */
#ifndef KHARNESS_LINUX_MODULE_H
#define KHARNESS_LINUX_MODULE_H

#define EXPORT_SYMBOL(sym)	extern int kh_export_placeholder
#define EXPORT_SYMBOL_GPL(sym)	extern int kh_export_placeholder
#define MODULE_LICENSE(s)	extern int kh_export_placeholder
#define MODULE_DESCRIPTION(s)	extern int kh_export_placeholder
#define MODULE_AUTHOR(s)	extern int kh_export_placeholder

#endif
