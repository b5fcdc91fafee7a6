/* SPDX-License-Identifier: GPL-2.0 */
/* The spec features a built input can reach, counted per process. */
#ifndef SPEC_STATS_H
#define SPEC_STATS_H

#define SPEC_FEATURE_LIST(X) \
	X(frame) X(skippable) X(single_segment) X(fcs0) X(fcs1) X(fcs2) X(fcs4) X(fcs8) \
	X(window_small) X(window_big) X(dictid1) X(dictid2) X(dictid4) X(checksum) \
	X(block_raw) X(block_rle) X(block_compressed) X(block_empty) X(block_max) \
	X(block_128k) X(csize_128k) X(block_window) \
	X(lit_raw) X(lit_rle) X(lit_huf1) X(lit_huf4) X(lit_treeless) \
	X(lit_sf_1byte) X(lit_sf_2byte) X(lit_sf_3byte) X(lit_sf_wide) \
	X(huf_direct) X(huf_fse) X(huf_maxbits11) \
	X(nseq0_1byte) X(nseq0_2byte) X(nseq_1byte) X(nseq_2byte) X(nseq_3byte) \
	X(mode_predef) X(mode_rle) X(mode_fse) X(mode_repeat) X(fse_al5) X(fse_al_max) \
	X(fse_low_prob) X(fse_one_symbol) \
	X(rep_offset) X(rep_ll0) X(rep_ll0_minus1) X(offset_cross_block) X(offset_window) \
	X(empty_compressed) X(offset_zero) X(seq_reserved) X(huf_state_cut) X(seq_state_cut) \
	X(invalid)

#define SPEC_FEATURE_ENUM(name) SPEC_F_##name,
enum spec_feature { SPEC_FEATURE_LIST(SPEC_FEATURE_ENUM) SPEC_FEATURES };
#undef SPEC_FEATURE_ENUM

const char *spec_feature_name(enum spec_feature f);

#endif
