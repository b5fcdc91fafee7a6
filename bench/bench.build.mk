# kz-bench: kernel zstd against reference zstd, side by side in one
# process (make bench). The statistics helper is in the harness library
# for its unit test.
LIB_SRCS += bench/bench_stats.c
PROGRAMS += $(B)/bin/kz-bench
kz-bench_SRCS := bench/bench_main.c bench/bench_row.c bench/bench_output.c \
	bench/bench_stages.c bench/bench_mix.c \
	bench/bench_kernel.c bench/bench_ref.c ref/ref_bench.c

# One tree's kernel side of kz-ab: bench_kernel.c and kzstd.o in one
# object whose only global symbol is $(1) (its zstd_* made local, as
# kernel/isolate.sh does). Its code and tables start on a 2 MiB boundary
# (AB_ALIGN): both trees' copies then sit at the same address modulo
# 2 MiB, so whatever the CPU indexes by the low address bits (branch
# predictors, caches) treats them alike. Without it, two copies of one
# tree measured 4-7% apart in the sequence-decoding rows whenever the
# program's load address had bits 12-14 at 1 (bench/README.md, "Layout").
AB_ALIGN := 2097152
AB_ALIGNED := .text .rodata .data.rel.ro .bss
define ab_side
	@mkdir -p $(@D)
	$(call say,LD,$@)ld -r -o $@.all.o $(filter %.o,$^) && \
	objcopy --keep-global-symbol=bench_kernel_impl \
		$(foreach s,$(AB_ALIGNED),--set-section-alignment $(s)=$(AB_ALIGN)) $@.all.o $@.tmp && \
	objcopy --redefine-sym bench_kernel_impl=$(1) $@.tmp && \
	rm -f $@.all.o && mv $@.tmp $@
endef

# This tree as a baseline for another tree's kz-ab, and as the candidate of its own.
$(B)/ab/base-side.o: $(B)/obj/bench/bench_kernel.o $(KZSTD_OBJ) bench/bench.build.mk
	$(call ab_side,bench_base_impl)

$(B)/ab/cand-side.o: $(B)/obj/bench/bench_kernel.o $(KZSTD_OBJ) bench/bench.build.mk
	$(call ab_side,bench_kernel_impl)

# kz-ab: kz-bench with both trees' sides (cand-side.o for bench_kernel.o,
# and a baseline tree's base-side.o, AB_BASE=path), written to AB_OUT (a
# folder per pair).
AB_OBJS = $(filter-out $(B)/obj/bench/bench_kernel.o,$(call obj,$(kz-bench_SRCS))) \
	$(B)/ab/cand-side.o $(AB_BASE)
ifneq ($(AB_BASE),)
$(AB_OUT): $(AB_OBJS) $(LINK_LIBS)
	@mkdir -p $(@D)
	$(call say,LD,$@)$(CC) $(VLDFLAGS) -o $@ $(AB_OBJS) $(LINK_LIBS) -lm -lpthread
endif
