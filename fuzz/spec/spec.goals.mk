# make spec-stats: which spec features and errata classes spec_frames'
# inputs reached: its campaign corpus ($(FUZZ_WORK)/spec_frames/corpus)
# when there is one, else its regression corpus, replayed through the
# ASan+UBSan replayer, whose one "kzfuzz: spec-stats:" line at exit says
# it (fuzz/spec_frames_stats.h). make fuzz runs it after a campaign that
# fuzzed spec_frames.
.PHONY: spec-stats
SPEC_STATS_CORPUS = $(firstword $(wildcard $(FUZZ_WORK)/spec_frames/corpus) corpus/regression/spec_frames)

spec-stats: build-asan
	+@$(call variant,asan,$(BDIR)/asan/fuzz/spec_frames) >$(BDIR)/spec-stats-build.log 2>&1 || \
		{ tail -n 20 $(BDIR)/spec-stats-build.log; echo "spec-stats: the asan build failed"; exit 1; }
	@fuzz/spec/spec-stats.sh $(BDIR)/asan/fuzz/spec_frames $(SPEC_STATS_CORPUS)
