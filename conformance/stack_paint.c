// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stack_paint.h"

/* A 64-bit pattern no pointer or small integer looks like. */
#define PAINT 0x5ac3d21ee7b49f06ull
#define PAGE 4096

struct paint_call {
	stack_paint_fn fn;
	void *arg;
	const unsigned char *stack;
	size_t size;
	size_t used;
};

void stack_paint_fill(unsigned char *stack, size_t size)
{
	uint64_t p = PAINT;

	for (size_t i = 0; i + sizeof(p) <= size; i += sizeof(p))
		memcpy(stack + i, &p, sizeof(p));
}

/* The stack grows down: the lowest word that is not paint marks the depth. */
__attribute__((noinline))
size_t stack_paint_used(const unsigned char *stack, size_t size)
{
	uint64_t p = PAINT, w;
	size_t i;

	for (i = 0; i + sizeof(p) <= size; i += sizeof(p)) {
		memcpy(&w, stack + i, sizeof(w));
		if (w != p)
			break;
	}
	return size - i;
}

/*
 * Scanned in the thread right after the call: the thread's exit path
 * (TLS destructors and the like) may go deeper than a small call.
 */
static void *paint_thread(void *arg)
{
	struct paint_call *call = arg;

	call->fn(call->arg);
	call->used = stack_paint_used(call->stack, call->size);
	return NULL;
}

static int run_on(unsigned char *stack, size_t size, struct paint_call *call)
{
	pthread_attr_t attr;
	pthread_t th;
	int err;

	err = pthread_attr_init(&attr);
	if (err)
		return err;
	err = pthread_attr_setstack(&attr, stack, size);
	if (!err)
		err = pthread_create(&th, &attr, paint_thread, call);
	if (!err)
		err = pthread_join(th, NULL);
	pthread_attr_destroy(&attr);
	return err;
}

long stack_paint_run(size_t stack_size, stack_paint_fn fn, void *arg)
{
	struct paint_call call = { fn, arg, NULL, 0, 0 };
	unsigned char *stack;
	long used = -1;
	int err;

	stack_size = (stack_size + PAGE - 1) / PAGE * PAGE;
	stack = aligned_alloc(PAGE, stack_size);
	if (!stack)
		return -1;
	stack_paint_fill(stack, stack_size);
	call.stack = stack;
	call.size = stack_size;
	err = run_on(stack, stack_size, &call);
	if (err)
		errno = err;
	else
		used = (long)call.used;
	free(stack);
	return used;
}
