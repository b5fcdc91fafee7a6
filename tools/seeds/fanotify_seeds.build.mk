# The fanotify seed buffers (also used by the parser's unit tests) and the
# program that writes them: fanotify-seeds DIR.
LIB_SRCS += tools/seeds/fanotify_seeds.c
PROGRAMS += $(B)/bin/fanotify-seeds
fanotify-seeds_SRCS := tools/seeds/fanotify_seeds_main.c
