# Builds one variant against one staged tree. Called by the Makefile:
#   make -f build.mk VARIANT=asan TREE_DIR=build/trees/X B=build/X/asan GOAL...
# Each folder's *.build.mk adds its sources and programs.
include $(TREE_DIR)/tree.mk
include kernel/variants.mk
include kernel/kernel.mk

REF_LIB := /usr/lib/x86_64-linux-gnu/libzstd.a
HARNESS_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -MMD
HARNESS_INC := $(KERNEL_INC) -I$(TREE_DIR)/uapi -Ikernel -Ioracles -Icorpus -Ifuzz \
	-Iconformance -I$(B)/gen
# Our code compiled in this variant; object paths mirror source paths.
obj = $(patsubst %.c,$(B)/obj/%.o,$(1))

LIB_SRCS :=
PROGRAMS :=
HARNESS_LIB := $(B)/libharness.a
# Everything a harness program links: ours, the isolated kernel object, the reference.
LINK_LIBS := $(HARNESS_LIB) $(KZSTD_OBJ) $(REF_LIB)
# Every folder's *.build.mk: sources, programs and rules of that part.
include $(sort $(wildcard */*.build.mk))

LIB_OBJS := $(call obj,$(LIB_SRCS)) $(B)/obj/gen/testmgr_zstd.o

$(B)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(call say,CC,$<)$(CC) $(VFLAGS) $(HARNESS_CFLAGS) $(HARNESS_INC) -c $< -o $@

$(B)/obj/gen/%.o: $(B)/gen/%.c
	@mkdir -p $(@D)
	$(call say,CC,$<)$(CC) $(VFLAGS) $(HARNESS_CFLAGS) $(HARNESS_INC) -c $< -o $@

$(HARNESS_LIB): $(LIB_OBJS)
	@rm -f $@
	$(call say,AR,$@)ar rcs $@ $^

# A harness program: $(B)/bin/NAME from the objects listed in NAME_OBJS.
$(B)/bin/%: $(LINK_LIBS)
	@mkdir -p $(@D)
	$(call say,LD,$@)$(CC) $(VLDFLAGS) -o $@ $(filter-out $(LINK_LIBS),$(filter %.o,$^)) $(LINK_LIBS) $($*_LDLIBS) -lm -lpthread

.PHONY: programs
programs: $(PROGRAMS)
	@:

.SECONDEXPANSION:
$(PROGRAMS): $$(call obj,$$($$(notdir $$@)_SRCS))

-include $(shell find $(B)/obj -name '*.d' 2>/dev/null)
