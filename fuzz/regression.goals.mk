# make check-regression: every committed regression corpus
# (corpus/regression/<target>/) replayed through its target's ASan+UBSan
# replayer (fuzz/replay.py, the one replay implementation). Part of make check.
.PHONY: check-regression
include fuzz/targets.mk
REGRESSION_TARGETS = $(foreach t,$(FUZZ_TARGETS),$(if $(wildcard corpus/regression/$(t)/*),$(t)))

check-regression: build-asan
	+@$(call variant,asan,$(addprefix $(BDIR)/asan/fuzz/,$(REGRESSION_TARGETS)))
	@python3 fuzz/replay.py corpus check-regression $(BDIR) $(BDIR)/asan/fuzz $(REGRESSION_TARGETS)

# make check-msan: the same corpora through the MemorySanitizer replayers
# (the msan variant: kernel, both references and harness instrumented; an
# output byte nobody wrote is oracle:uninit-output); an input whose failure
# the registry knows is listed as explained, not a failure (fuzz/replay.py
# explained). Not in make check: its cold build of two more references
# per tree is too costly for check's time.
.PHONY: check-msan
check-msan: selftest
	+@$(call variant,msan,$(addprefix $(BDIR)/msan/fuzz/,$(REGRESSION_TARGETS)))
	@mkdir -p $(BDIR)/msan/logs
	@python3 fuzz/replay.py explained check-msan $(BDIR)/msan/logs $(BDIR)/msan/fuzz $(REGRESSION_TARGETS)
