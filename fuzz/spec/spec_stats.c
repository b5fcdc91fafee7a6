// SPDX-License-Identifier: GPL-2.0
#include "spec_stats.h"

#define SPEC_FEATURE_NAME(name) #name,
static const char *const names[SPEC_FEATURES] = { SPEC_FEATURE_LIST(SPEC_FEATURE_NAME) };

const char *spec_feature_name(enum spec_feature f)
{
	return f < SPEC_FEATURES ? names[f] : "?";
}
