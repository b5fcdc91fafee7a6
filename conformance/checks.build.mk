# The pre-merge gate's check programs (issue 4, checks 2 to 5), each
# $(B)/bin/gate-<name>: TAP-like lines, one "figure:" line, exit 0/1/2.
# Their helpers are in the harness library for the unit tests too.
LIB_SRCS += conformance/gate_tap.c conformance/stack_paint.c conformance/stack_budget.c \
	conformance/line_file.c

PROGRAMS += $(B)/bin/gate-stack
gate-stack_SRCS := conformance/gate_stack.c conformance/stack_calls.c

PROGRAMS += $(B)/bin/gate-api-contract
gate-api-contract_SRCS := conformance/gate_api_contract.c conformance/api_common.c \
	conformance/api_workspace.c conformance/api_windows.c conformance/api_bound.c \
	conformance/api_errors.c conformance/api_frames.c conformance/api_resets.c \
	conformance/api_pure.c conformance/api_alloc.c
# Bind every symbol at load: a lazy PLT resolution on a first call saves
# the vector registers on the stack, kilobytes the kernel never spends.
gate-stack_LDLIBS := -Wl,-z,now

LIB_SRCS += conformance/golden_manifest.c conformance/golden_answers.c \
	conformance/golden_divergences.c
PROGRAMS += $(B)/bin/gate-golden
gate-golden_SRCS := conformance/gate_golden.c conformance/golden_decode.c

PROGRAMS += $(B)/bin/gate-callers
gate-callers_SRCS := conformance/gate_callers.c conformance/callers_btrfs.c \
	conformance/callers_f2fs.c conformance/callers_squashfs.c conformance/callers_crypto.c \
	conformance/callers_unzstd.c conformance/callers_zram.c conformance/api_common.c
