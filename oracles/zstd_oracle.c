// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "kz.h"
#include "ref_zstd.h"
#include "zstd_divergences.h"
#include "zstd_oracle.h"

#define ZO_KNOWN_MAX	32

void zo_kernel_result(struct zo_result *r, const char *who, size_t ret,
		      const void *out, size_t out_len)
{
	r->who = who;
	r->ret = ret;
	r->is_error = kz_is_error(ret);
	r->error_name = r->is_error ? kz_error_name(ret) : NULL;
	r->out = out;
	r->out_len = r->is_error ? 0 : out_len;
}

void zo_ref_result(struct zo_result *r, const char *who, size_t ret,
		   const void *out, size_t out_len)
{
	r->who = who;
	r->ret = ret;
	r->is_error = ref_is_error(ret);
	r->error_name = r->is_error ? ref_error_name(ret) : NULL;
	r->out = out;
	r->out_len = r->is_error ? 0 : out_len;
}

void zo_bytes_result(struct zo_result *r, const char *who, const void *out, size_t out_len)
{
	r->who = who;
	r->ret = out_len;
	r->is_error = 0;
	r->error_name = NULL;
	r->out = out;
	r->out_len = out_len;
}

const char *zo_class_name(enum zo_class cls)
{
	switch (cls) {
	case ZO_AGREE:
		return "agree";
	case ZO_KNOWN:
		return "known-divergence";
	case ZO_MISMATCH:
		return "oracle:mismatch";
	case ZO_KERNEL_ACCEPTS:
		return "oracle:divergence-kernel-accepts";
	case ZO_KERNEL_REJECTS:
		return "oracle:divergence-kernel-rejects";
	case ZO_CONTRACT:
		return "oracle:contract";
	}
	return "?";
}

enum zo_class zo_judge(const struct zo_result *k, const struct zo_result *r, size_t *diff)
{
	size_t n = k->out_len < r->out_len ? k->out_len : r->out_len, i = 0;

	*diff = 0;
	if (k->is_error && r->is_error)
		return ZO_AGREE;
	if (r->is_error)
		return ZO_KERNEL_ACCEPTS;
	if (k->is_error)
		return ZO_KERNEL_REJECTS;
	if (k->out && r->out)
		while (i < n && k->out[i] == r->out[i])
			i++;
	*diff = i;
	return i == n && k->out_len == r->out_len ? ZO_AGREE : ZO_MISMATCH;
}

const struct zo_known *zo_known_entries(size_t *count)
{
	static struct zo_known table[ZO_KNOWN_MAX];
	static size_t n;

	if (!n && zo_known_data_count) {
		for (size_t i = 0; i < zo_known_data_count && i < ZO_KNOWN_MAX; i++) {
			const struct zo_known_data *d = &zo_known_data[i];

			table[i] = (struct zo_known){ d->id, d->class_name, d->targets,
						      d->citation, zo_predicate(d->id) };
		}
		n = zo_known_data_count < ZO_KNOWN_MAX ? zo_known_data_count : ZO_KNOWN_MAX;
	}
	*count = n;
	return table;
}

/* target is one of the comma-separated names in list, or list is "*". */
static int in_list(const char *list, const char *target)
{
	size_t n = strlen(target);

	if (!strcmp(list, "*"))
		return 1;
	for (const char *p = list; p; p = strchr(p, ',')) {
		p += *p == ',';
		if (!strncmp(p, target, n) && (p[n] == ',' || !p[n]))
			return 1;
	}
	return 0;
}

const struct zo_known *zo_known_match(enum zo_class cls, const char *target,
				      const uint8_t *zdata, size_t len)
{
	size_t n;
	const struct zo_known *t = zo_known_entries(&n);

	if (!zdata)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (t[i].matches && !strcmp(t[i].class_name, zo_class_name(cls)) &&
		    in_list(t[i].targets, target) && t[i].matches(zdata, len))
			return &t[i];
	return NULL;
}

enum zo_class zo_verdict(const struct zo_case *c, const struct zo_result *k,
			 const struct zo_result *r, const struct zo_known **known)
{
	size_t diff;
	enum zo_class cls = zo_judge(k, r, &diff);

	*known = NULL;
	if (cls == ZO_AGREE)
		return cls;
	*known = zo_known_match(cls, c->target, c->zdata, c->zdata_len);
	return *known ? ZO_KNOWN : cls;
}

/* Once per id and process: campaigns list the known divergences they met. */
static void note_known(const struct zo_case *c, const struct zo_known *known)
{
	static const struct zo_known *seen[ZO_KNOWN_MAX];

	for (size_t i = 0; i < ZO_KNOWN_MAX; i++) {
		if (seen[i] == known)
			return;
		if (!seen[i]) {
			seen[i] = known;
			fprintf(stderr, "kzfuzz: known divergence %s (%s) in %s\n",
				known->id, known->class_name, c->target);
			return;
		}
	}
}

void zo_expect(const struct zo_case *c, const char *step, const struct zo_result *k,
	       const struct zo_result *r)
{
	const struct zo_known *known;
	enum zo_class cls = zo_verdict(c, k, r, &known);
	char detail[256];

	if (cls == ZO_AGREE)
		return;
	if (cls == ZO_KNOWN) {
		note_known(c, known);
		return;
	}
	snprintf(detail, sizeof(detail), "%s: %s %s, %s %s", step, k->who,
		 k->is_error ? k->error_name : "ok", r->who, r->is_error ? r->error_name : "ok");
	zo_report(stderr, c, cls, detail, k, r);
	abort();
}

void zo_contract(const struct zo_case *c, const char *fmt, ...)
{
	char detail[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(detail, sizeof(detail), fmt, ap);
	va_end(ap);
	zo_report(stderr, c, ZO_CONTRACT, detail, NULL, NULL);
	abort();
}
