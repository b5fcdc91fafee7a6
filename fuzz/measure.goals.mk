# make fuzz-measure: exec/s (median of MEASURE_RUNS libFuzzer runs of
# MEASURE_SECONDS from the seed corpus) and harness overhead per zstd target.
include fuzz/targets.mk
.PHONY: fuzz-measure
MEASURE_SECONDS ?= 20
MEASURE_RUNS ?= 3
MEASURE_CORPUS ?= $(BDIR)/seeds

fuzz-measure: seeds
	+@$(call variant,fuzz,$(addprefix $(BDIR)/fuzz/fuzz/,$(ZSTD_TARGETS)))
	+@$(call variant,asan,$(addprefix $(BDIR)/asan/fuzz/,$(ZSTD_TARGETS)))
	+@$(call variant,plain,$(addprefix $(BDIR)/plain/fuzz/,$(ZSTD_TARGETS)))
	@fuzz/measure.sh $(BDIR) $(MEASURE_SECONDS) $(MEASURE_RUNS) $(MEASURE_CORPUS) $(ZSTD_TARGETS)
