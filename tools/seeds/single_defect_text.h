/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a single-defect check is in the tree: its source text, found in
 * its function (matched by text, never by line number), and writing the
 * cases out. Shared by the frame cases (gen-single-defect) and the API
 * cases (gen-single-defect-api).
 */
#ifndef SINGLE_DEFECT_TEXT_H
#define SINGLE_DEFECT_TEXT_H

#include <stddef.h>

/*
 * The check's text occurs in the file at path once within function (or,
 * nth > 0, at least nth times): NULL, *line its line (of the nth); else why not.
 */
const char *sd_text_line(const char *path, const char *function, const char *check, int nth,
			 unsigned int *line);
/* Writes n bytes at p to path; 0, or -1 after a line "PROG: PATH: cannot write". */
int sd_write_file(const char *prog, const char *path, const void *p, size_t n);
/* The file at path holds exactly the len bytes at want. */
int sd_file_is(const char *path, const void *want, size_t len);
/*
 * A case this tree's zstd version fails as a single-defect finding of
 * corpus/findings.txt says (targets PROG, signature "NAME: WHY").
 */
int sd_known(const char *prog, const char *name, const char *why);

#endif
