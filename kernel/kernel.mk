# Compile the tree's lib/zstd, lib/xxhash.c and lib/decompress_unzstd.c as
# they are, with our stand-in headers, into one isolated object: $(KZSTD_OBJ).
#
# Kernel-side include path: stand-ins first, then only the tree's zstd and
# xxhash headers (never the tree's include/, whose real headers would win).
KERNEL_INC := -Ikernel/include -I$(TREE_DIR)/include
# What the kernel's own build gives every file that matters for behaviour.
KERNEL_CFLAGS := -std=gnu11 -fno-strict-aliasing -fno-common -fno-strict-overflow \
	-fno-delete-null-pointer-checks -fno-stack-protector -DZSTD_DISABLE_ASM -w

# lib/zstd's objects as its own Makefile lists them; assembler files left out.
KZSTD_LIST := $(shell sed -n 's/^[[:space:]]\+\([A-Za-z0-9_/]\+\)\.o.*/\1/p' $(KTREE_SRC)/lib/zstd/Makefile)
KZSTD_SRCS := $(foreach o,$(KZSTD_LIST),$(wildcard $(KTREE_SRC)/lib/zstd/$(o).c))
KERNEL_SRCS := $(KZSTD_SRCS) $(KTREE_SRC)/lib/xxhash.c $(KTREE_SRC)/lib/decompress_unzstd.c
KERNEL_OBJS := $(patsubst $(KTREE_SRC)/%.c,$(B)/kobj/%.o,$(KERNEL_SRCS)) $(B)/kobj/kh_support.o \
	$(B)/kobj/kh_blocks.o $(B)/kobj/kh_decoder.o
KZSTD_OBJ := $(B)/kzstd.o

# Never FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION here: in lib/zstd it turns
# checks off (the frame's dictID check), so the kernel would not be the kernel.
# afl-clang-fast defines it itself: the forced include undefines it again.
KVFLAGS = $(filter-out $(FUZZDEF),$(VFLAGS)) -include kernel/no-fuzzing-build-mode.h

$(B)/kobj/%.o: $(KTREE_SRC)/%.c kernel/kernel.mk $(HARNESS_FLAGS)
	@mkdir -p $(@D)
	$(call say,CC,$(patsubst $(KTREE_SRC)/%,%,$<))$(CC) $(KVFLAGS) $(KERNEL_CFLAGS) $(KERNEL_INC) -MMD -c $< -o $@

$(B)/kobj/kh_%.o: kernel/kh_%.c kernel/kernel.mk $(HARNESS_FLAGS)
	@mkdir -p $(@D)
	$(call say,CC,$(patsubst $(KTREE_SRC)/%,%,$<))$(CC) $(KVFLAGS) $(KERNEL_CFLAGS) $(KERNEL_INC) -MMD -c $< -o $@

$(KZSTD_OBJ): $(KERNEL_OBJS) kernel/isolate.sh
	$(call say,ISOLATE,$@)kernel/isolate.sh $@ $(KERNEL_OBJS)

# The tree's crypto/testmgr.h zstd vectors.
$(B)/gen/testmgr_zstd.c: $(KTREE_SRC)/crypto/testmgr.h kernel/testmgr-zstd.sh
	@mkdir -p $(@D)
	$(call say,GEN,$@)kernel/testmgr-zstd.sh $< $@

# The decoder's internal constants (kh_decoder.c): lib/zstd's own headers.
$(B)/kobj/kh_decoder.o: KERNEL_INC += -I$(KTREE_SRC)/lib/zstd

-include $(KERNEL_OBJS:.o=.d)
