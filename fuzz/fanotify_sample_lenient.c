// SPDX-License-Identifier: GPL-2.0
/*
 * The sample built again without UBSan's alignment check (see
 * fuzz/fanotify.build.mk), as sample_handle_lenient().
 */
#define SAMPLE_LENIENT
#include "fanotify_sample_tu.c"
