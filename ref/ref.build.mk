# The reference zstd (Debian's static libzstd), reached only through these
# files: whole-buffer calls, reference frames for the seeds, the benchmark's
# calls. Only they include <zstd.h>.
LIB_SRCS += ref/ref_zstd.c ref/ref_seeds.c ref/ref_recycle.c

# The second reference, upstream zstd 1.5.7 (ZSTD_NEXT: its fetched folder,
# empty when it could not be had): every C file of its lib/ (and the
# x86-64 Huffman decoder in assembly, as upstream builds it) with this
# variant's flags, no legacy formats, then isolated like the kernel: only
# refn_* (ref/ref_next.c) stays global. Without it, ref_next_none.c.
REFNEXT_OBJ := $(B)/refnext.o
# Which of the two this build dir has: a change relinks refnext.o.
NEXT_STAMP := $(B)/next.which
$(shell mkdir -p $(B) && { [ -f $(NEXT_STAMP) ] && [ "$$(cat $(NEXT_STAMP))" = "$(ZSTD_NEXT)" ] || \
	echo "$(ZSTD_NEXT)" >$(NEXT_STAMP); })
ifneq ($(ZSTD_NEXT),)
NEXT_LIB := $(ZSTD_NEXT)/lib
NEXT_SRCS := $(sort $(wildcard $(NEXT_LIB)/common/*.c $(NEXT_LIB)/compress/*.c \
	$(NEXT_LIB)/decompress/*.c))
NEXT_OBJS := $(patsubst $(NEXT_LIB)/%.c,$(B)/next/%.o,$(NEXT_SRCS)) \
	$(B)/next/decompress/huf_decompress_amd64.o $(B)/next/ref_next.o $(B)/next/ref_recycle.o
# Never profile-instrumented: its functions share names (and, unchanged
# since 1.4.10, structural hashes) with lib/zstd's, and llvm-profdata would
# merge their counts into the kernel's (HUF_decompress4X_usingDTable, which
# 1.4.10 never calls, showed as run).
NEXT_CFLAGS = $(filter-out -fprofile-instr-generate -fcoverage-mapping,$(KVFLAGS)) \
	-DZSTD_LEGACY_SUPPORT=0 -I$(NEXT_LIB) -I$(NEXT_LIB)/common -w
# A change of its flags rebuilds it (the stamp holds them).
NEXT_FLAGS_STAMP := $(B)/next.flags
$(shell mkdir -p $(B) && { [ -f $(NEXT_FLAGS_STAMP) ] && \
	[ "$$(cat $(NEXT_FLAGS_STAMP))" = '$(NEXT_CFLAGS)' ] || echo '$(NEXT_CFLAGS)' >$(NEXT_FLAGS_STAMP); })
# Where it came from, for the reports' references line (refn_describe).
NEXT_ORIGIN := npm $(shell sed -n 's/^pkg=//p' ref/zstd-next.sh)

$(B)/next/%.o: $(NEXT_LIB)/%.c $(NEXT_FLAGS_STAMP)
	@mkdir -p $(@D)
	$(call say,CC,zstd-1.5.7/$*.c)$(CC) $(NEXT_CFLAGS) -c $< -o $@

$(B)/next/%.o: $(NEXT_LIB)/%.S $(NEXT_FLAGS_STAMP)
	@mkdir -p $(@D)
	$(call say,AS,zstd-1.5.7/$*.S)$(CC) $(NEXT_CFLAGS) -c $< -o $@

$(B)/next/ref_next.o: ref/ref_next.c ref/ref_next.h ref/ref_zstd.h ref/ref_frame_header.h ref/ref_dstream.h \
		ref/ref_recycle.h $(NEXT_FLAGS_STAMP)
	@mkdir -p $(@D)
	$(call say,CC,$<)$(CC) $(NEXT_CFLAGS) -DREFN_ORIGIN='"$(NEXT_ORIGIN)"' -Iref -c $< -o $@

# Its own copy of the recycler (isolated with it: refnext.o needs nothing of libref.a).
$(B)/next/ref_recycle.o: ref/ref_recycle.c ref/ref_recycle.h $(NEXT_FLAGS_STAMP)
	@mkdir -p $(@D)
	$(call say,CC,$<)$(CC) $(NEXT_CFLAGS) -Iref -c $< -o $@

$(REFNEXT_OBJ): $(NEXT_OBJS) kernel/isolate.sh $(NEXT_STAMP)
	$(call say,ISOLATE,$@)kernel/isolate.sh -k '^refn_' -m refn_decompress $@ $(NEXT_OBJS)
else
# Why there is none (zstd-next.sh's line, ZSTD_NEXT_ERR), for refn_describe.
NEXT_WHY := $(shell tr -d "\"'\\\\" <$(ZSTD_NEXT_ERR) 2>/dev/null | tail -n1)
$(REFNEXT_OBJ): ref/ref_next_none.c ref/ref_next.h $(NEXT_STAMP) $(HARNESS_FLAGS)
	$(call say,CC,$<)$(CC) $(VFLAGS) $(HARNESS_CFLAGS) \
		$(if $(NEXT_WHY),-DREFN_WHY='"$(NEXT_WHY)"') -Iref -c $< -o $@
endif

# The MemorySanitizer variants cannot link Debian's libzstd.a (an
# uninstrumented library's writes look like bytes nobody wrote): the first
# reference is built from Debian's source package (ZSTD_DEB_SRC, its lib/:
# ref/zstd-deb-src.sh) with the variant's flags, as Debian configures it
# (legacy formats v05 to v07, multithreaded), into $(B)/ref154/libzstd.a.
# So does an OSS-Fuzz build given that source (ci/oss-fuzz/build.sh with
# SANITIZER=memory), with its own flags.
ifneq ($(filter msan fuzz-msan,$(VARIANT))$(if $(filter ossfuzz,$(VARIANT)),$(ZSTD_DEB_SRC)),)
ifeq ($(ZSTD_DEB_SRC),)
$(error $(if $(ZSTD_DEB_SRC_ERR),$(shell tail -n1 $(ZSTD_DEB_SRC_ERR) 2>/dev/null),no ZSTD_DEB_SRC): the $(VARIANT) build needs libzstd 1.5.4 from source)
endif
DEB_LIB := $(ZSTD_DEB_SRC)
DEB_SRCS := $(sort $(wildcard $(DEB_LIB)/common/*.c $(DEB_LIB)/compress/*.c \
	$(DEB_LIB)/decompress/*.c $(DEB_LIB)/dictBuilder/*.c $(DEB_LIB)/deprecated/*.c \
	$(DEB_LIB)/legacy/zstd_v0[5-7].c))
DEB_OBJS := $(patsubst $(DEB_LIB)/%.c,$(B)/ref154/%.o,$(DEB_SRCS))
DEB_CFLAGS = $(KVFLAGS) -DZSTD_LEGACY_SUPPORT=5 -DZSTD_MULTITHREAD -pthread \
	-DXXH_NAMESPACE=ZSTD_ -I$(DEB_LIB) -I$(DEB_LIB)/common -I$(DEB_LIB)/legacy -w
REF_LIB := $(B)/ref154/libzstd.a
# The reports' references line says which source it is.
$(B)/obj/oracles/zstd_result.o: VFLAGS += \
	-DZO_REF_ORIGIN='"Debian source $(patsubst libzstd-%,%,$(notdir $(DEB_LIB))), built here"'

$(B)/ref154/%.o: $(DEB_LIB)/%.c
	@mkdir -p $(@D)
	$(call say,CC,libzstd-1.5.4/$*.c)$(CC) $(DEB_CFLAGS) -c $< -o $@

$(REF_LIB): $(DEB_OBJS)
	@rm -f $@
	$(call say,AR,$@)ar rcs $@ $^
endif
