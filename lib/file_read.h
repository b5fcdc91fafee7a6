/* SPDX-License-Identifier: GPL-2.0 */
/* A whole file into memory. */
#ifndef FILE_READ_H
#define FILE_READ_H

#include <stddef.h>

/*
 * The bytes of the file at path, NUL-terminated (not counted in *len), in
 * a buffer the caller frees; NULL when it cannot be read (errno says why;
 * EIO for a short read).
 */
unsigned char *file_read(const char *path, size_t *len);

#endif
