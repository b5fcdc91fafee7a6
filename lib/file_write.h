/* SPDX-License-Identifier: GPL-2.0 */
/* A whole file written then renamed: it appears whole or not at all. */
#ifndef FILE_WRITE_H
#define FILE_WRITE_H

#include <stddef.h>

/* len bytes of buf as path (through path.tmp); 0, or -1 with errno set. */
int lib_file_write(const char *path, const void *buf, size_t len);

#endif
