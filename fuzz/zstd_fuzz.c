// SPDX-License-Identifier: GPL-2.0
#include <linux/zstd.h>

#include "fuzz_timing.h"
#include "ref_next.h"
#include "ref_zstd.h"
#include "sample_data.h"
#include "zstd_fuzz.h"

/* zstd's error codes, the same number in both libraries. */
#define FUZZ_ERR_SRC_WRONG	((size_t)-72)

#include <sanitizer/asan_interface.h>
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#include <sanitizer/msan_interface.h>
#define FUZZ_UNWRITTEN(p, n)	__msan_poison(p, n)
#endif
#endif
#ifndef FUZZ_UNWRITTEN
#define FUZZ_UNWRITTEN(p, n)	((void)(p), (void)(n))
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/*
 * Guard bytes before every buffer: a multiple of ASan's 8-byte granule, so
 * that the buffer starts on one and its first byte's left neighbour can be
 * poisoned. Past the end, the slot's room is poisoned from the exact end.
 */
#define FUZZ_GUARD	4096

struct guarded {
	uint8_t *base;		/* the mapping: FUZZ_GUARD + room + FUZZ_GUARD bytes */
	size_t room;
	size_t size;		/* what the last call gave */
};

static uint8_t *guarded_start(const struct guarded *g)
{
	return g->base + FUZZ_GUARD;
}

static size_t guarded_span(size_t room)
{
	return FUZZ_GUARD + room + FUZZ_GUARD;
}

/* Makes [size, room) of the buffer poisoned, as [0, size) is not. */
static void guarded_resize(struct guarded *g, size_t size)
{
	uint8_t *p = guarded_start(g);

	if (size > g->size)
		ASAN_UNPOISON_MEMORY_REGION(p + g->size, size - g->size);
	else if (size < g->size)
		ASAN_POISON_MEMORY_REGION(p + size, g->size - size);
	g->size = size;
}

/* The mapping goes, its shadow made clean for whoever maps there next. */
static void guarded_drop(struct guarded *g)
{
	if (!g->base)
		return;
	ASAN_UNPOISON_MEMORY_REGION(g->base, guarded_span(g->room));
	munmap(g->base, guarded_span(g->room));
	g->base = NULL;
	g->room = 0;
}

/*
 * size bytes with FUZZ_GUARD poisoned bytes before them and the rest of at
 * least room bytes, and FUZZ_GUARD more, poisoned after them. The mapping
 * is kept while it is big enough: its pages fault once, and a size that
 * changes costs ASan's shadow of the difference only. Mapped, not
 * malloc()ed: LeakSanitizer scans every heap block for pointers at each of
 * libFuzzer's leak checks and at exit, tens of MiB of output here (issue
 * 23), and ASan's allocator fills a large block's shadow on malloc and free.
 */
static uint8_t *guarded_get(struct guarded *g, size_t size, size_t room)
{
	void *p;

	if (!g->base || room > g->room) {
		guarded_drop(g);
		p = mmap(NULL, guarded_span(room), PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			return NULL;
		g->base = p;
		g->room = room;
		g->size = room;
		ASAN_POISON_MEMORY_REGION(g->base, FUZZ_GUARD);
		ASAN_POISON_MEMORY_REGION(guarded_start(g) + room, FUZZ_GUARD);
	}
	guarded_resize(g, size);
	return guarded_start(g);
}

static struct guarded bufs[FUZZ_SLOTS], wksps[FUZZ_SLOTS];

uint8_t *fuzz_buf(enum fuzz_slot slot, size_t size)
{
	return guarded_get(&bufs[slot], size, size > FUZZ_OUT_MAX ? size : FUZZ_OUT_MAX);
}

int fuzz_guard_payload(struct fuzz_input *in, size_t len)
{
	uint8_t *p = fuzz_buf(FUZZ_SLOT_INPUT, len);

	if (!p)
		return 0;
	if (len)
		memcpy(p, in->payload, len);
	in->payload = p;
	in->payload_len = len;
	return 1;
}

int fuzz_case_run(const char *target, const uint8_t *data, size_t size,
		  void (*check)(struct zo_case *c, struct fuzz_input *in))
{
	struct fuzz_input in;
	struct zo_case c;

	fuzz_timing_input_begin(target);
	fuzz_input_init(&in, data, size);
	if (!fuzz_guard_payload(&in, in.payload_len))
		abort();
	c = (struct zo_case){ .target = target, .input = data, .input_len = size };
	check(&c, &in);
	fuzz_timing_input_end();
	return 0;
}

const uint8_t *fuzz_tiled(const struct fuzz_input *in, size_t n)
{
	uint8_t *dst = fuzz_buf(FUZZ_SLOT_DATA, n);
	size_t done = 0;

	if (!dst)
		abort();
	if (!in->payload_len)
		memset(dst, 0, n);
	while (in->payload_len && done < n) {
		size_t k = n - done < in->payload_len ? n - done : in->payload_len;

		memcpy(dst + done, in->payload, k);
		done += k;
	}
	return dst;
}

static const uint8_t poison[FUZZ_SLOTS] = { 0xa5, 0x5a, 0xc3, 0x3c, 0x69, 0x96, 0x4b, 0xb4 };

void fuzz_poison(uint8_t *buf, size_t n, enum fuzz_slot slot)
{
	memset(buf, poison[slot], n);
}

size_t fuzz_poison_end(const uint8_t *buf, size_t n, enum fuzz_slot slot)
{
	while (n && buf[n - 1] == poison[slot])
		n--;
	return n;
}

/*
 * Under MemorySanitizer the workspace is handed out as never written, as
 * a caller's fresh kvmalloc() is: what the last input left in the kept
 * mapping (initialised, to MSan) must not pass for the decoder's own bytes.
 */
void *fuzz_workspace(enum fuzz_slot slot, size_t size)
{
	void *p = guarded_get(&wksps[slot], size, size);

	if (p)
		FUZZ_UNWRITTEN(p, size);
	return p;
}

/*
 * A kernel context as its init left it on a workspace (at, wsize; the
 * stream's max_window): the first len bytes of the workspace, which are
 * all the init writes (ZSTD_initStaticDCtx: the ZSTD_DCtx and nothing
 * past it, len = zstd_dctx_workspace_bound()).
 */
struct kernel_fresh {
	void *at, *ctx;
	uint8_t *snap;
	size_t wsize, max_window, len;
};

#define KERNEL_FRESH_KEEP	4

/* f's context back on wksp as its init left it; NULL when f is not of that workspace. */
static void *fresh_again(struct kernel_fresh *f, void *wksp, size_t wsize, size_t max_window)
{
	if (!f->ctx || f->at != wksp || f->wsize != wsize || f->max_window != max_window)
		return NULL;
	memcpy(wksp, f->snap, f->len);
	return f->ctx;
}

/* Keeps the first len bytes of wksp, as the init of ctx left them, in f. */
static void *fresh_keep(struct kernel_fresh *f, void *ctx, void *wksp, size_t wsize,
			size_t max_window, size_t len)
{
	f->ctx = NULL;
	if (!ctx || len > wsize)
		return ctx;
	if (!f->snap || f->len != len) {
		free(f->snap);
		f->snap = malloc(len);
		if (!f->snap)
			return ctx;
	}
	memcpy(f->snap, wksp, len);
	*f = (struct kernel_fresh){ wksp, ctx, f->snap, wsize, max_window, len };
	return ctx;
}

zstd_dctx *fuzz_kernel_dctx(void *wksp, size_t wsize)
{
	static struct kernel_fresh f;
	zstd_dctx *dctx = fresh_again(&f, wksp, wsize, 0);

	if (dctx)
		return dctx;
	FUZZ_LIB(dctx = zstd_init_dctx(wksp, wsize));
	return fresh_keep(&f, dctx, wksp, wsize, 0, wsize);
}

zstd_dstream *fuzz_kernel_dstream(size_t max_window, void *wksp, size_t wsize)
{
	static struct kernel_fresh f[KERNEL_FRESH_KEEP];
	static unsigned int next;
	zstd_dstream *zds;

	for (int i = 0; i < KERNEL_FRESH_KEEP; i++) {
		zds = fresh_again(&f[i], wksp, wsize, max_window);
		if (zds)
			return zds;
	}
	FUZZ_LIB(zds = zstd_init_dstream(max_window, wksp, wsize));
	return fresh_keep(&f[next++ % KERNEL_FRESH_KEEP], zds, wksp, wsize, max_window,
			  zstd_dctx_workspace_bound());
}

size_t fuzz_decode_poisoned(const struct fuzz_decode *d, uint8_t *out, size_t cap,
			    size_t poisoned)
{
	size_t ret;

	if (poisoned > cap)
		poisoned = cap;
	fuzz_poison(out, poisoned, d->slot);
	ret = d->decode(d->arg, out, cap);
	/* Each round poisons more (up to cap): it ends. */
	while (!d->is_error(ret) && ret > poisoned && ret <= cap) {
		poisoned = ret;
		fuzz_poison(out, poisoned, d->slot);
		ret = d->decode(d->arg, out, cap);
	}
	return ret;
}

struct ref_dstream *fuzz_ref_dstream(void)
{
	static struct ref_dstream *rds;

	if (rds)
		FUZZ_LIB(ref_dstream_free(rds));
	FUZZ_LIB(rds = ref_dstream_create(FUZZ_WINDOW_DEFAULT));
	return rds;
}

/*
 * Each round in a slot of exactly its room, so that the probe is guarded
 * at its capacity as the judged calls are: FUZZ_SLOT_FRAME keeps 1 MiB,
 * FUZZ_SLOT_REF takes 16 MiB (no slot is resized by 15 MiB per input).
 */
int fuzz_oneshot_room(struct fuzz_room *room, const uint8_t *src, size_t len)
{
	static const size_t caps[] = { FUZZ_OUT_MAX, FUZZ_OUT_LIMIT };
	static const enum fuzz_slot slots[] = { FUZZ_SLOT_FRAME, FUZZ_SLOT_REF };
	uint8_t *probe;

	for (size_t i = 0; i < 2; i++) {
		probe = fuzz_buf(slots[i], caps[i]);
		if (!probe)
			return 0;
		room->cap = caps[i];
		room->slot = slots[i];
		FUZZ_LIB(room->ref_size = ref_decompress(probe, caps[i], src, len));
		room->over = ref_is_error(room->ref_size) &&
			     ref_error_code(room->ref_size) == ZSTD_error_dstSize_tooSmall;
		if (!room->over)
			break;
	}
	return 1;
}

void fuzz_note_references(void)
{
	static int done;

	if (done++)
		return;
	fprintf(stderr, "kzfuzz: references: %s\n", zo_references());
}

void fuzz_kernel_header(struct zo_header_fields *h, const uint8_t *src, size_t len)
{
	zstd_frame_header fh;

	memset(&fh, 0, sizeof(fh));
	memset(h, 0, sizeof(*h));
	FUZZ_LIB(h->ret = zstd_get_frame_header(&fh, src, len));
	if (h->ret != 0)
		return;
	*h = (struct zo_header_fields){ 0, fh.frameContentSize, fh.windowSize, fh.blockSizeMax,
					fh.frameType == ZSTD_skippableFrame, fh.headerSize,
					fh.dictID, fh.checksumFlag };
}

void fuzz_ref_header(struct zo_header_fields *h, const uint8_t *src, size_t len, int next)
{
	struct ref_frame_header fh;

	memset(h, 0, sizeof(*h));
	FUZZ_LIB(h->ret = next ? refn_get_frame_header(&fh, src, len) :
				 ref_get_frame_header(&fh, src, len));
	if (h->ret != 0)
		return;
	*h = (struct zo_header_fields){ 0, fh.frame_content_size, fh.window_size,
					fh.block_size_max, fh.frame_type, fh.header_size,
					fh.dict_id, fh.checksum_flag };
}

int fuzz_zstd_level(struct fuzz_input *in, int min, int max)
{
	switch (fuzz_input_u32(in, 0, 3, 0)) {
	case 0:
	case 1:
		return (int)fuzz_input_u32(in, 1, (uint32_t)max, 3);
	case 2:
		return -(int)fuzz_input_u32(in, 1, 7, 1);
	}
	return min + (int)fuzz_input_u32(in, 0, (uint32_t)(max - min), (uint32_t)(3 - min));
}

void fuzz_chunks_init(struct fuzz_chunks *ch, struct fuzz_input *in)
{
	/* xorshift must not start at 0; the seed's low bit is given away. */
	ch->state = fuzz_input_u32(in, 0, UINT32_MAX, 0) | 1;
	ch->max = fuzz_input_u32(in, 0, 1 << 16, 0);
}

size_t fuzz_chunk_next(struct fuzz_chunks *ch, size_t left)
{
	size_t n;

	if (!ch->max)
		return left;
	/* Small chunks are the interesting ones: a cube skews toward 0 and 1. */
	n = lib_sample_next(&ch->state) % (ch->max + 1);
	n = n * n / (ch->max + 1) * n / (ch->max + 1);
	return n < left ? n : left;
}

size_t fuzz_dstream_run(struct fuzz_dstream *ds, const struct zo_case *c,
			struct fuzz_chunks ch, uint8_t *dst, size_t cap,
			const uint8_t *src, size_t len, size_t *consumed)
{
	size_t in_pos = 0, out_pos = 0, ret;
	int full = 0;

	for (;;) {
		size_t in_end = full ? len : in_pos + fuzz_chunk_next(&ch, len - in_pos);
		size_t out_end = full ? cap : out_pos + fuzz_chunk_next(&ch, cap - out_pos);
		size_t in0 = in_pos, out0 = out_pos;

		FUZZ_LIB(ret = ds->step(ds->ctx, dst, out_end, &out_pos, src, in_end, &in_pos));
		*consumed = in_pos;
		ds->produced = out_pos;
		if (ds->is_error(ret) || !ret)
			return ds->is_error(ret) ? ret : out_pos;
		if (in_pos != in0 || out_pos != out0) {
			full = 0;
			continue;
		}
		if (ds->kernel && in_end > in_pos && out_end > out_pos)
			zo_contract(c, "zstd_decompress_stream made no progress with %zu input bytes and %zu bytes of room",
				    in_end - in_pos, out_end - out_pos);
		if (full)
			return out_pos == cap ? FUZZ_ERR_DST_TOO_SMALL : FUZZ_ERR_SRC_WRONG;
		full = 1;
	}
}

size_t fuzz_kernel_dstream_step(void *ctx, void *dst, size_t dst_size, size_t *dst_pos,
				const void *src, size_t src_size, size_t *src_pos)
{
	zstd_out_buffer out = { .dst = dst, .size = dst_size, .pos = *dst_pos };
	zstd_in_buffer in = { .src = src, .size = src_size, .pos = *src_pos };
	size_t ret = zstd_decompress_stream(ctx, &out, &in);

	*dst_pos = out.pos;
	*src_pos = in.pos;
	return ret;
}

int fuzz_kernel_is_error(size_t code)
{
	return zstd_is_error(code);
}

unsigned long long fuzz_frame_window(const uint8_t *src, size_t len)
{
	struct ref_frame_header fh;

	return ref_get_frame_header(&fh, src, len) == 0 ? fh.window_size : 0;
}

int fuzz_window_refusal(size_t kret)
{
	int code = zstd_get_error_code(kret);

	return code == ZSTD_error_frameParameter_windowTooLarge ||
	       code == ZSTD_error_memory_allocation;
}
