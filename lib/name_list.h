/* SPDX-License-Identifier: GPL-2.0 */
/* Comma-separated lists of names, as targets and stage lists are given. */
#ifndef NAME_LIST_H
#define NAME_LIST_H

/* 1 when name is one of the comma-separated names of list, or list is "*". */
int name_in_list(const char *list, const char *name);

#endif
