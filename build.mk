# Builds one variant against one staged tree. Called by the Makefile:
#   make -f build.mk VARIANT=asan TREE_DIR=build/trees/X B=build/X/asan GOAL...
# Each folder's *.build.mk adds its sources and programs.
include $(TREE_DIR)/tree.mk
include kernel/variants.mk
# What every object of ours and of the kernel is compiled with (the stamp's
# content, written below once the covered sources are known): a change of
# flags rebuilds them all.
HARNESS_FLAGS := $(B)/harness.flags
include kernel/kernel.mk

REF_LIB := /usr/lib/x86_64-linux-gnu/libzstd.a
HARNESS_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -MMD
HARNESS_INC := $(KERNEL_INC) -I$(TREE_DIR)/uapi -I$(B)/gen
# Our code compiled in this variant; object paths mirror source paths.
obj = $(patsubst %.c,$(B)/obj/%.o,$(1))

# The harness's layers, bottom first (HACKING.md draws them). A folder's
# code includes and calls only its own and lower layers' code: it is
# compiled with their include paths alone (INC_<layer>), and each layer's
# library code is an archive linked after the layers above it.
# tests/test-layers.sh checks both, and that no include cycle is left.
LAYERS := kernel ref lib oracles fuzz tools bench conformance tests
INC_kernel := -Ikernel
INC_ref := $(INC_kernel) -Iref
INC_lib := $(INC_ref) -Ilib
INC_oracles := $(INC_lib) -Ioracles
INC_fuzz := $(INC_oracles) -Ifuzz -Ifuzz/spec
INC_tools := $(INC_fuzz) -Itools/seeds -Itools/capture
INC_bench := $(INC_tools) -Ibench
INC_conformance := $(INC_bench) -Iconformance
INC_tests := $(INC_conformance) -Itests
# The layer of a source or object path: its top folder; generated sources
# are the oracles' ($(B)/gen/findings_table.c, the findings registry) and the kernel's
# (gen/testmgr_zstd.o, the tree's testmgr vectors).
layer_of = $(firstword $(subst /, ,$(patsubst gen/%,kernel/%,$(patsubst $(B)/gen/%,oracles/%,$(1)))))

LIB_SRCS :=
PROGRAMS :=
# Every folder's *.build.mk: sources, programs and rules of that part.
include $(sort $(wildcard */*.build.mk */*/*.build.mk))

LIB_OBJS := $(call obj,$(LIB_SRCS)) $(B)/obj/gen/testmgr_zstd.o

# The fuzzer's coverage (COVFLAGS, kernel/variants.mk) on the code under
# test and what shapes its input only: the kernel's files, the targets and
# their bare builds, the generators that build inputs from choices
# (fuzz/spec, fanotify_gen.c), the wrapped fanotify sample, and the
# fanotify reference parser (fanotify_reference's code under test). Not the
# zstd oracle, the references (1.5.7 included) or the helpers: their edges
# only add noise to the corpus and time to every input (issue 23).
COV_SRCS := $(addprefix fuzz/,$(addsuffix .c,$(FUZZ_TARGETS))) $(wildcard fuzz/spec/*.c) \
	fuzz/fanotify_gen.c fuzz/fanotify_sample_tu.c fuzz/fanotify_sample_lenient.c \
	$(wildcard oracles/fanotify_*.c)
COV_OBJS := $(call obj,$(COV_SRCS)) $(KERNEL_OBJS) $(BARE_OBJS)
$(COV_OBJS): VFLAGS += $(COVFLAGS)
$(shell mkdir -p $(B) && { [ -f $(HARNESS_FLAGS) ] && \
	[ "$$(cat $(HARNESS_FLAGS))" = '$(CC) $(VFLAGS) | $(COVFLAGS) | $(COV_SRCS)' ] || \
	echo '$(CC) $(VFLAGS) | $(COVFLAGS) | $(COV_SRCS)' >$(HARNESS_FLAGS); })
# The library objects of one layer.
layer_objs = $(foreach o,$(LIB_OBJS),$(if $(filter $(1),$(call layer_of,$(patsubst $(B)/obj/%,%,$(o)))),$(o)))
reverse = $(if $(1),$(call reverse,$(wordlist 2,$(words $(1)),$(1))) $(firstword $(1)))
LAYER_LIBS := $(foreach l,$(call reverse,$(LAYERS)),$(if $(call layer_objs,$(l)),$(B)/lib/lib$(l).a))
# Everything a harness program links: our layers top down, the isolated
# kernel object, the isolated second reference (zstd 1.5.7), the reference.
LINK_LIBS := $(LAYER_LIBS) $(KZSTD_OBJ) $(REFNEXT_OBJ) $(REF_LIB)

define layer_archive
$(B)/lib/lib$(1).a: $(call layer_objs,$(1))
	@mkdir -p $$(@D) && rm -f $$@
	$$(call say,AR,$$@)ar rcs $$@ $$^
endef
$(foreach l,$(LAYERS),$(if $(call layer_objs,$(l)),$(eval $(call layer_archive,$(l)))))

$(B)/obj/%.o: %.c $(HARNESS_FLAGS)
	@mkdir -p $(@D)
	$(call say,CC,$<)$(CC) $(VFLAGS) $(HARNESS_CFLAGS) $(HARNESS_INC) $(INC_$(call layer_of,$<)) -c $< -o $@

$(B)/obj/gen/%.o: $(B)/gen/%.c $(HARNESS_FLAGS)
	@mkdir -p $(@D)
	$(call say,CC,$<)$(CC) $(VFLAGS) $(HARNESS_CFLAGS) $(HARNESS_INC) $(INC_oracles) -c $< -o $@

# A harness program: $(B)/bin/NAME from the objects listed in NAME_OBJS.
$(B)/bin/%: $(LINK_LIBS)
	@mkdir -p $(@D)
	$(call say,LD,$@)$(CC) $(VLDFLAGS) -o $@ $(filter-out $(LINK_LIBS),$(filter %.o,$^)) $(LINK_LIBS) $($*_LDLIBS) -lm -lpthread

.PHONY: programs
programs: $(PROGRAMS)
	@:

.SECONDEXPANSION:
$(PROGRAMS): $$(call obj,$$($$(notdir $$@)_SRCS))

# A header that an older dependency file names but that moved or went
# away: its objects rebuild, and the compiler says if it is really gone.
%.h: ;

-include $(shell find $(B)/obj -name '*.d' 2>/dev/null)
