/* SPDX-License-Identifier: GPL-2.0 */
/* Literals length, match length and offset codes with their extra bits. */
#ifndef SPEC_CODES_H
#define SPEC_CODES_H

#include <stdint.h>

/* The field order of the Symbol_Compression_Modes byte and of the tables. */
enum { SPEC_CODE_LL, SPEC_CODE_OF, SPEC_CODE_ML };

/* Largest code of each field a table may hold; the predefined tables' sizes. */
#define SPEC_LL_MAX	35
#define SPEC_ML_MAX	52
#define SPEC_OF_MAX	31

struct spec_code {
	unsigned int code, nbits;
	uint32_t extra;
};

/* The code of value v (a length, or an Offset_Value) and its extra bits. */
void spec_code(int field, uint32_t v, struct spec_code *c);

extern const int16_t spec_ll_default[36];
extern const int16_t spec_ml_default[53];
extern const int16_t spec_of_default[29];

#endif
