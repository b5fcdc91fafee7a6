# The fanotify reference parser (parse, serialize, render) and its decoder CLI.
LIB_SRCS += oracles/fanotify_parse.c oracles/fanotify_types.c oracles/fanotify_equal.c \
	oracles/fanotify_serialize.c oracles/fanotify_render.c

PROGRAMS += $(B)/bin/fanotify-decode
fanotify-decode_SRCS := oracles/fanotify_decode.c
