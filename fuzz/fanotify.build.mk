# The fanotify sample under test, wrapped (fuzz/fanotify_sample_tu.c), and
# the fanotify targets' own objects.
LIB_SRCS += fuzz/fanotify_sample_tu.c fuzz/fanotify_sample_lenient.c fuzz/fanotify_gen.c \
	fuzz/fanotify_fuzz.c

# The wrapper includes the tree's fs-monitor.c as it is.
$(call obj,fuzz/fanotify_sample_tu.c fuzz/fanotify_sample_lenient.c): \
	HARNESS_INC += -I$(KTREE_SRC)/samples/fanotify
# The lenient copy: no alignment check, so that the differential can run
# on well-formed buffers whose events sit at 4-byte offsets.
$(call obj,fuzz/fanotify_sample_lenient.c): VFLAGS += -fno-sanitize=alignment
