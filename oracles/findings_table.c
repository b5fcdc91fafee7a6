// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "findings_table.h"
#include "name_list.h"

const struct findings_entry *findings_find(const char *kind, const char *class_name,
					   const char *target, const char *sig)
{
	for (size_t i = 0; i < findings_table_count; i++) {
		const struct findings_entry *e = &findings_table[i];

		if (e->kind && !strcmp(e->kind, kind) && !strcmp(e->class_name, class_name) &&
		    name_in_list(e->targets, target) && !strcmp(e->signature, sig))
			return e;
	}
	return NULL;
}
