# cmocka unit tests: every tests/test_<name>.c is one program $(B)/tests/test_<name>,
# linked with the harness library, the isolated kernel object and the reference.
TEST_SRCS := $(sort $(wildcard tests/test_*.c))
TEST_BINS := $(patsubst tests/%.c,$(B)/tests/%,$(TEST_SRCS))

.PHONY: tests
tests: $(TEST_BINS)

$(B)/tests/%: $(B)/obj/tests/%.o $(LINK_LIBS)
	@mkdir -p $(@D)
	$(CC) $(VLDFLAGS) -o $@ $< $(LINK_LIBS) -lcmocka -lm -lpthread
