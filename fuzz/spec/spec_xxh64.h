/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SPEC_XXH64_H
#define SPEC_XXH64_H

#include <stddef.h>
#include <stdint.h>

uint64_t spec_xxh64(const uint8_t *p, size_t len);

#endif
