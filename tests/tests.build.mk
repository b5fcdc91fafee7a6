# cmocka unit tests: every tests/test_<name>.c is one program $(B)/tests/test_<name>,
# linked with the harness library, the isolated kernel object and the reference.
TEST_SRCS := $(sort $(wildcard tests/test_*.c))
TEST_BINS := $(patsubst tests/%.c,$(B)/tests/%,$(TEST_SRCS))

.PHONY: tests
tests: $(TEST_BINS)
	@:

# A test of a fuzz target's verdicts links the target's object: <test>_OBJS.
test_compress_stream_pledge_OBJS := $(B)/obj/fuzz/compress_stream.o
test_zstd_fuzz_OBJS := $(B)/obj/fuzz/decompress_oneshot.o
test_zstd_params_OBJS := $(B)/obj/fuzz/compress_oneshot.o
test_zstd_oracle_OBJS := $(B)/obj/tests/oracle_ways.o
test_oracle_sites_OBJS := $(B)/obj/tests/oracle_ways.o

.SECONDEXPANSION:
$(B)/tests/%: $(B)/obj/tests/%.o $$($$*_OBJS) $$(LINK_LIBS)
	@mkdir -p $(@D)
	$(call say,LD,$@)$(CC) $(VLDFLAGS) -o $@ $(filter-out $(LINK_LIBS),$^) $(LINK_LIBS) -lcmocka -lm -lpthread
