# kz-bench: kernel zstd against reference zstd, side by side in one
# process (make bench). The statistics helper is in the harness library
# for its unit test.
LIB_SRCS += bench/bench_stats.c
PROGRAMS += $(B)/bin/kz-bench
kz-bench_SRCS := bench/bench_main.c bench/bench_row.c bench/bench_output.c \
	bench/bench_stages.c bench/bench_mix.c \
	bench/bench_kernel.c bench/bench_ref.c ref/ref_bench.c

# This tree's kernel side as a baseline for another tree's kz-ab:
# bench_kernel.c and kzstd.o in one object whose only global symbol is
# bench_base_impl (its zstd_* made local, as kernel/isolate.sh does).
$(B)/ab/base-side.o: $(B)/obj/bench/bench_kernel.o $(KZSTD_OBJ)
	@mkdir -p $(@D)
	$(call say,LD,$@)ld -r -o $@.all.o $^ && \
	objcopy --keep-global-symbol=bench_kernel_impl $@.all.o $@.tmp && \
	objcopy --redefine-sym bench_kernel_impl=bench_base_impl $@.tmp && \
	rm -f $@.all.o && mv $@.tmp $@

# kz-ab: kz-bench linked with a baseline tree's base-side.o (AB_BASE=path),
# both trees' zstd in one process, written to AB_OUT (a folder per pair).
ifneq ($(AB_BASE),)
$(AB_OUT): $(call obj,$(kz-bench_SRCS)) $(AB_BASE) $(LINK_LIBS)
	@mkdir -p $(@D)
	$(call say,LD,$@)$(CC) $(VLDFLAGS) -o $@ $(filter-out $(LINK_LIBS),$(filter %.o,$^)) $(LINK_LIBS) -lm -lpthread
endif
