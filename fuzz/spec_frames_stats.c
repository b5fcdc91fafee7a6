// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spec_frames_stats.h"

#define NOTES_MAX	32

struct note {
	char name[96];
	unsigned long count;
};

static unsigned long inputs, invalid, features[SPEC_FEATURES];
static struct note notes[NOTES_MAX];

static void print_stats(void)
{
	unsigned int f;

	fprintf(stderr, "kzfuzz: spec-stats: %lu inputs, %lu built invalid;", inputs, invalid);
	for (f = 0; f < SPEC_FEATURES; f++)
		fprintf(stderr, " %s=%lu", spec_feature_name(f), features[f]);
	for (f = 0; f < NOTES_MAX && notes[f].count; f++)
		fprintf(stderr, " %s=%lu", notes[f].name, notes[f].count);
	fputc('\n', stderr);
}

void spec_frames_count(const struct spec_result *res)
{
	unsigned int f;

	if (!inputs++ && getenv("KZFUZZ_SPEC_STATS"))
		atexit(print_stats);
	invalid += res->defect != SPEC_VALID;
	for (f = 0; f < SPEC_FEATURES; f++)
		features[f] += res->reached[f];
}

static void note(const char *name)
{
	unsigned int i;

	for (i = 0; i < NOTES_MAX; i++) {
		if (!notes[i].count)
			snprintf(notes[i].name, sizeof(notes[i].name), "%s", name);
		if (!strcmp(notes[i].name, name)) {
			notes[i].count++;
			return;
		}
	}
}

void spec_frames_note_known(const char *id)
{
	char name[96];

	snprintf(name, sizeof(name), "known:%s", id);
	note(name);
}

void spec_frames_note_reference(const char *who, const char *id)
{
	char name[96];

	snprintf(name, sizeof(name), "%s:%s", strstr(who, "1.5.7") ? "ref157" : "ref154", id);
	note(name);
}
