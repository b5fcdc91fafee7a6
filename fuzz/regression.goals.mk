# make check-regression: every committed regression corpus
# (corpus/regression/<target>/) replayed through its target's ASan+UBSan
# replayer (fuzz/replay.py, the one replay implementation). Part of make check.
.PHONY: check-regression
include fuzz/targets.mk
REGRESSION_TARGETS = $(foreach t,$(FUZZ_TARGETS),$(if $(wildcard corpus/regression/$(t)/*),$(t)))

check-regression: build-asan
	+@$(call variant,asan,$(addprefix $(BDIR)/asan/fuzz/,$(REGRESSION_TARGETS)))
	@python3 fuzz/replay.py corpus check-regression $(BDIR) $(BDIR)/asan/fuzz $(REGRESSION_TARGETS)
