# make check-regression: every committed regression corpus
# (corpus/regression/<target>/) replayed through its target's ASan+UBSan
# replayer (fuzz/replay.py, the one replay implementation). Part of make check.
.PHONY: check-regression
include fuzz/targets.mk
REGRESSION_TARGETS = $(foreach t,$(FUZZ_TARGETS),$(if $(wildcard corpus/regression/$(t)/*),$(t)))

check-regression: build-asan
	+@$(call variant,asan,$(addprefix $(BDIR)/asan/fuzz/,$(REGRESSION_TARGETS)))
	@python3 fuzz/replay.py corpus check-regression $(BDIR) $(BDIR)/asan/fuzz $(REGRESSION_TARGETS)

# make check-msan: the same corpora, and every committed crasher, through
# the MemorySanitizer replayers (the msan variant: kernel, both references
# and harness instrumented; an output byte nobody wrote is
# oracle:uninit-output). A corpus input whose failure the registry knows is
# listed as explained, not a failure (fuzz/replay.py explained); each
# crasher must do what corpus/crashers-msan.txt says of it: run clean (an
# ASan- or UBSan-only class) or fail with the class it names, in a state
# the registry knows (fuzz/replay.py msan-crashers). Part of make check on
# the tree under test only: the second tree would build both references
# and its kernel instrumented again (RESULTS.md); run it there with
# make check-msan KERNEL_SRC=debian:6.12. Without libzstd 1.5.4's source
# (ref/zstd-deb-src.sh) it is a skip, said in one line.
# The targets with committed crashers (lib/findings.py crashers: a crash-class
# finding's reproducers in its folder), for this tree's zstd version.
CRASHER_TARGETS = $(filter $(FUZZ_TARGETS),$(shell python3 lib/findings.py --zstd $(KTREE_ZSTD_VERSION) \
	crashers 2>/dev/null | cut -f2 | sort -u))
.PHONY: check-msan
check-msan: selftest
ifeq ($(ZSTD_DEB_SRC),)
	@echo "check-msan: skipped: $$(tail -n1 $(BUILD)/zstd-deb-src.err)"
	@$(call skip_note,check-msan,no libzstd 1.5.4 source to instrument: $$(tail -n1 $(BUILD)/zstd-deb-src.err))
else
	+@$(call variant,msan,$(addprefix $(BDIR)/msan/fuzz/,$(sort $(REGRESSION_TARGETS) $(CRASHER_TARGETS))))
	@mkdir -p $(BDIR)/msan/logs
	@python3 fuzz/replay.py explained check-msan $(BDIR)/msan/logs $(BDIR)/msan/fuzz $(REGRESSION_TARGETS)
	@python3 fuzz/replay.py msan-crashers check-msan $(BDIR)/msan/logs $(BDIR)/msan/fuzz \
		corpus/crashers-msan.txt $(CRASHER_TARGETS)
	@echo "check-msan: passed on $(KTREE_KERNEL_VERSION) (zstd $(KTREE_ZSTD_VERSION)) only, the tree under test: not on the second tree (its own instrumented build)"
endif
