// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "findings_table.h"

int findings_in_list(const char *list, const char *name)
{
	size_t n = strlen(name);

	if (!strcmp(list, "*"))
		return 1;
	for (const char *p = list; p; p = strchr(p, ',')) {
		p += *p == ',';
		if (!strncmp(p, name, n) && (p[n] == ',' || !p[n]))
			return 1;
	}
	return 0;
}

const struct findings_entry *findings_find(const char *kind, const char *class_name,
					   const char *target, const char *sig)
{
	for (size_t i = 0; i < findings_table_count; i++) {
		const struct findings_entry *e = &findings_table[i];

		if (e->kind && !strcmp(e->kind, kind) && !strcmp(e->class_name, class_name) &&
		    findings_in_list(e->targets, target) && !strcmp(e->signature, sig))
			return e;
	}
	return NULL;
}
