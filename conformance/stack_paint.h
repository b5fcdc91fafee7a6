/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Painted-stack measurement: run one call in a thread whose stack is a
 * buffer of ours filled with a pattern, then count the bytes the call
 * left unpainted, from the top. What the thread machinery itself uses
 * (the libc's thread block at the top, the start routine) is in every
 * figure: subtract the figure of a no-op call.
 */
#ifndef STACK_PAINT_H
#define STACK_PAINT_H

#include <stddef.h>

typedef void (*stack_paint_fn)(void *arg);

/*
 * Bytes of the stack_size-byte stack touched while fn(arg) ran in its
 * own thread; -1 if the thread could not run (errno says why). A figure
 * equal to stack_size means the stack may have been too small.
 */
long stack_paint_run(size_t stack_size, stack_paint_fn fn, void *arg);
/* Bytes touched in a painted region, counting from its top (highest address). */
size_t stack_paint_used(const unsigned char *stack, size_t size);
void stack_paint_fill(unsigned char *stack, size_t size);

#endif
