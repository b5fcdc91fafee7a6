/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stack budgets (conformance/stack-budgets.txt), one per line:
 *   entry pattern | levels | budget bytes | justification
 * entry pattern: a name or an fnmatch pattern ("zstd_init_*");
 * levels: "*" (any, or none), "-" (entries without a level), "N" or "A..B".
 * The first line that matches an entry and level gives its budget.
 */
#ifndef STACK_BUDGET_H
#define STACK_BUDGET_H

#include <stddef.h>

#define STACK_BUDGET_NO_LEVEL	(-100000)

struct stack_budget {
	char entry[48];
	int any_level;		/* "*" */
	int lo, hi;		/* inclusive; both STACK_BUDGET_NO_LEVEL for "-" */
	long bytes;
	char why[256];
};

/* 1: b filled; 0: blank or comment; -1: malformed, err says why. */
int stack_budget_parse(const char *line, struct stack_budget *b, char *err, size_t errlen);
/* Every entry of path; 0, or -1 with err ("path:line: why"). */
int stack_budget_load(const char *path, struct stack_budget *b, size_t cap, size_t *count,
		      char *err, size_t errlen);
const struct stack_budget *stack_budget_find(const struct stack_budget *b, size_t count,
					     const char *entry, int level);

#endif
