/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Visit FILE|DIR arguments as the replayers do: files as given, folders
 * recursively in name order (repeatable runs), dot files skipped.
 */
#ifndef LIB_PATH_WALK_H
#define LIB_PATH_WALK_H

/* Returns non-zero if a path could not be listed or fn failed on a file. */
int lib_path_walk(const char *path, int (*fn)(const char *file, void *ctx), void *ctx,
		  const char *who);

#endif
