# The differential oracle of the zstd targets, and the known divergences it
# applies: oracles/known-divergences.txt compiled into a table.
LIB_SRCS += oracles/zstd_result.c oracles/zstd_errors.c oracles/zstd_oracle.c oracles/zstd_report.c oracles/zstd_divergences.c \
	oracles/zstd_site.c oracles/zstd_site_decode.c oracles/block_map.c \
	oracles/zstd_frames.c oracles/sha256.c $(B)/gen/known_divergences.c

$(B)/gen/known_divergences.c: oracles/known-divergences.txt oracles/known-divergences.sh
	@mkdir -p $(@D)
	$(call say,GEN,$@)oracles/known-divergences.sh $< >$@.tmp && mv $@.tmp $@
