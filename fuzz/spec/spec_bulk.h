/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SPEC_BULK marks the generator's per-byte and per-sequence loops (bulk
 * bytes, codes, table building, bitstream writing, the checksum): no
 * fuzzer coverage there. Their comparisons
 * say nothing about the choices, and their trace-cmp hooks took most of
 * spec_frames' time under libFuzzer.
 */
#ifndef SPEC_BULK_H
#define SPEC_BULK_H

#if defined(__clang__) && __clang_major__ >= 13
#define SPEC_BULK __attribute__((no_sanitize("coverage")))
#else
#define SPEC_BULK
#endif

#endif
