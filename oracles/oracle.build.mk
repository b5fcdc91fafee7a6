# The differential oracle of the zstd targets, and the known divergences it
# applies: the findings registry (corpus/findings.txt) compiled into a table
# by its loader, the entries of this tree's kernel zstd version only.
LIB_SRCS += oracles/zstd_result.c oracles/zstd_errors.c oracles/zstd_oracle.c oracles/zstd_report.c \
	oracles/zstd_refs.c oracles/zstd_over_cap.c oracles/zstd_uninit.c oracles/zstd_window_refused.c oracles/zstd_error_pairs.c oracles/zstd_divergences.c \
	oracles/zstd_site.c oracles/zstd_site_decode.c oracles/block_map.c oracles/bm_stream.c \
	oracles/zstd_frames.c oracles/zstd_seq_scan.c oracles/sha256.c oracles/findings_table.c $(B)/gen/findings_table.c

$(B)/gen/findings_table.c: corpus/findings.txt lib/findings.py
	@mkdir -p $(@D)
	$(call say,GEN,$@)python3 lib/findings.py -f $< --zstd $(KTREE_ZSTD_VERSION) c-table >$@.tmp && \
		mv $@.tmp $@
