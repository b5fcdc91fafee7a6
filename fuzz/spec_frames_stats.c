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

static unsigned long inputs, invalid, features[SPEC_FEATURES], defects[SPEC_DEFECTS];
static struct note notes[NOTES_MAX];

/*
 * The errata classes the generator builds, by the known divergence each
 * is (corpus/findings.txt): a valid frame's feature, or a defect made.
 */
static const struct {
	const char *id;
	int feature;		/* a spec feature, or -1 */
	enum spec_defect defect;
} errata[] = {
	{ "nseq-zero-two-byte", SPEC_F_nseq0_2byte, SPEC_VALID },
	{ "compressed-block-128k", SPEC_F_csize_128k, SPEC_VALID },
	{ "empty-compressed-block", SPEC_F_empty_compressed, SPEC_VALID },
	{ "offset-zero", -1, SPEC_BAD_OFFSET_ZERO },
	{ "seq-modes-reserved-bits", -1, SPEC_BAD_SEQ_RESERVED },
	{ "huf-weights-state-cut", -1, SPEC_BAD_HUF_STATE },
	{ "seq-stream-end-bits", -1, SPEC_BAD_SEQ_STATE },
};

static unsigned long erratum_count(unsigned int i)
{
	return errata[i].feature >= 0 ? features[errata[i].feature] : defects[errata[i].defect];
}

static void print_stats(void)
{
	unsigned int f;

	fprintf(stderr, "kzfuzz: spec-stats: %lu inputs, %lu built invalid;", inputs, invalid);
	for (f = 0; f < SPEC_FEATURES; f++)
		fprintf(stderr, " %s=%lu", spec_feature_name(f), features[f]);
	for (f = 0; f < NOTES_MAX && notes[f].count; f++)
		fprintf(stderr, " %s=%lu", notes[f].name, notes[f].count);
	fputc('\n', stderr);
	fprintf(stderr, "kzfuzz: spec-errata: inputs that built each erratum class:");
	for (f = 0; f < sizeof(errata) / sizeof(errata[0]); f++)
		fprintf(stderr, " %s=%lu", errata[f].id, erratum_count(f));
	fputc('\n', stderr);
}

void spec_frames_count(const struct spec_result *res)
{
	unsigned int f;

	if (!inputs++ && getenv("KZFUZZ_SPEC_STATS"))
		atexit(print_stats);
	invalid += res->defect != SPEC_VALID;
	defects[res->defect]++;
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
