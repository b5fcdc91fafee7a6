# make fuzz-measure: fuzzing speed per zstd target against its bare build
# (fuzz/measure.py: judged and bare exec/s, their ratio, medians of
# MEASURE_RUNS libFuzzer runs of MEASURE_SECONDS, on the committed corpus
# and on an empty one). MEASURE_OLD=<BDIR of another build> adds that
# build's target, run alternating in the same rounds, and judged/old.
# VARIANT=msan adds each target's MemorySanitizer build (fuzz-msan) in the
# same rounds and judged/msan: how many times slower MSan fuzzes.
include fuzz/targets.mk
.PHONY: fuzz-measure
MEASURE_SECONDS ?= 20
MEASURE_RUNS ?= 3
MEASURE_CORPUS ?= corpus/regression
MEASURE_OLD ?=
MEASURE_TARGETS ?= decompress_oneshot decompress_stream compress_oneshot compress_stream

fuzz-measure:
	@python3 fuzz/measure.py check '$(MEASURE_SECONDS)' '$(MEASURE_RUNS)' '$(MEASURE_OLD)' \
		$(MEASURE_TARGETS)
	+@$(call variant,fuzz,$(addprefix $(BDIR)/fuzz/fuzz/,$(MEASURE_TARGETS)) \
		$(addprefix $(BDIR)/fuzz/fuzz/bare/,$(MEASURE_TARGETS)))
	$(if $(filter msan,$(VARIANT)),+@$(call variant,fuzz-msan,$(addprefix $(BDIR)/fuzz-msan/fuzz/,$(MEASURE_TARGETS))))
	@python3 fuzz/measure.py run $(if $(filter msan,$(VARIANT)),--msan) $(BDIR) '$(MEASURE_SECONDS)' '$(MEASURE_RUNS)' \
		$(MEASURE_CORPUS) '$(MEASURE_OLD)' $(MEASURE_TARGETS)
