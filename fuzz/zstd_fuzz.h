/* SPDX-License-Identifier: GPL-2.0 */
/* What the zstd targets share: limits, parameter choices, the stream loop. */
#ifndef ZSTD_FUZZ_H
#define ZSTD_FUZZ_H

#include <linux/zstd.h>
#include <stddef.h>
#include <stdint.h>

#include "fuzz_input.h"
#include "zstd_oracle.h"

/* The usual room of a target's output buffers: most frames fit. */
#define FUZZ_OUT_MAX	((size_t)1 << 20)
/*
 * Most output any target lets one input produce: a frame is given room up
 * to its size up to this (16 MiB: several MiB of content, multi-block
 * frames, windows over 8 MB). Past it every side fails for want of room,
 * and the case is unjudged over the output cap (zo_case.over_cap), never
 * agreement.
 */
#define FUZZ_OUT_LIMIT	((size_t)16 << 20)
/* What a zstd call returns for ZSTD_error_dstSize_tooSmall (70 in both libraries). */
#define FUZZ_ERR_DST_TOO_SMALL	((size_t)-70)
/* The window both streaming decoders accept by default (ZSTD_MAXWINDOWSIZE_DEFAULT). */
#define FUZZ_WINDOW_DEFAULT	(((size_t)1 << 27) + 1)

/*
 * Buffers reused across inputs (per-input malloc of large buffers is most
 * of a target's own time under ASan). Every buffer is guarded at both ends:
 * under ASan the 4 KiB before its start are poisoned, and so is everything
 * from its exact end on. fuzz_buf() gives size bytes in a slot that keeps
 * its allocation while it is big enough (at least FUZZ_OUT_MAX);
 * fuzz_workspace() the same for a kernel workspace of exactly size bytes:
 * its allocation is kept when the size changes (a new max_window or level
 * no longer costs fresh pages), the bytes from its exact end on poisoned.
 * Neither is zeroed. NULL when memory runs out.
 */
enum fuzz_slot {
	FUZZ_SLOT_KERNEL, FUZZ_SLOT_REF, FUZZ_SLOT_FRAME, FUZZ_SLOT_INPUT,
	FUZZ_SLOT_NEXT,		/* the second reference's output (zstd 1.5.7) */
	FUZZ_SLOT_DICT,		/* a dictionary target's dictionary */
	FUZZ_SLOT_STREAM,	/* a second kernel context: spec_frames' dstream */
	FUZZ_SLOT_DATA,		/* a caller target's data made from the input (a tiled cluster) */
	FUZZ_SLOTS
};
uint8_t *fuzz_buf(enum fuzz_slot slot, size_t size);
/*
 * Fills n bytes at buf with the slot's own poison byte before a decoder
 * writes there: a decoder that writes nothing and returns the right size
 * cannot agree with another slot's bytes, or with what an earlier input left.
 */
void fuzz_poison(uint8_t *buf, size_t n, enum fuzz_slot slot);
/* Where the bytes that are not the slot's poison end in buf[0..n): what a decoder wrote. */
size_t fuzz_poison_end(const uint8_t *buf, size_t n, enum fuzz_slot slot);
void *fuzz_workspace(enum fuzz_slot slot, size_t size);

/*
 * zstd_init_dctx(wksp, wsize) as a fresh init leaves it, without its cost
 * each time: the init runs ZSTD_cpuid(), three cpuid instructions, a VM
 * exit each here (14 us each; 9% of decompress_oneshot's samples, issue
 * 23). It runs once per workspace (address and size), and the whole
 * workspace as it left it (under MSan unwritten but for what the init
 * wrote, as fuzz_workspace hands it out) is copied back at each later
 * call: the context a fresh init on that workspace gives, whatever an
 * earlier input left in it. NULL when the init fails (it is then tried
 * again at the next call); without memory for the copy, an init each time.
 */
zstd_dctx *fuzz_kernel_dctx(void *wksp, size_t wsize);
/*
 * zstd_init_dstream(max_window, wksp, wsize) the same way, for the last
 * few workspaces (size, window): ZSTD_initStaticDStream writes the
 * ZSTD_DCtx at the workspace's start and nothing past it, so its first
 * zstd_dctx_workspace_bound() bytes are kept and copied back; the rest
 * of the workspace is what fuzz_workspace hands out, as for a fresh init.
 */
zstd_dstream *fuzz_kernel_dstream(size_t max_window, void *wksp, size_t wsize);

/*
 * One side's decoding into out[0..cap) (decode(arg, out, cap): a size or an
 * error, as is_error tells), with the slot's poison only where a result can
 * report bytes: the first `poisoned` bytes (what the caller expects, e.g.
 * the size another side reported) before the call; when the call reports a
 * success of more than that, all it reported is poisoned and it decodes
 * again, until what it reports lies within the poison. Every byte of a
 * reported output was the slot's poison before the call that wrote it (a
 * decoder that writes nothing still fails), at a cost in proportion to
 * what the decoders report, not to cap. Returns the last call's result.
 */
struct fuzz_decode {
	size_t (*decode)(void *arg, uint8_t *out, size_t cap);
	void *arg;
	int (*is_error)(size_t ret);
	enum fuzz_slot slot;
};

size_t fuzz_decode_poisoned(const struct fuzz_decode *d, uint8_t *out, size_t cap,
			    size_t poisoned);
/*
 * Points in's payload at a guarded copy of its first len bytes (slot
 * FUZZ_SLOT_INPUT), what a target hands to both libraries: a read past the
 * payload must not land in the parameters behind it. 0 when memory runs out.
 */
int fuzz_guard_payload(struct fuzz_input *in, size_t len);

/*
 * A target's LLVMFuzzerTestOneInput: reads the input's parameters, guards
 * its payload (fuzz_guard_payload) and hands both to check with a case
 * named target, between the timing marks.
 */
int fuzz_case_run(const char *target, const uint8_t *data, size_t size,
		  void (*check)(struct zo_case *c, struct fuzz_input *in));
/*
 * in's payload repeated over n bytes (zeros for an empty one) in slot
 * FUZZ_SLOT_DATA: a caller target's cluster, extent or page.
 */
const uint8_t *fuzz_tiled(const struct fuzz_input *in, size_t n);

/*
 * The reference's streaming decompressor (window FUZZ_WINDOW_DEFAULT), a
 * new one for each use (the last one freed; ref_dstream_create); NULL when it cannot be made. Not
 * reset: 1.5.4 keeps the buffers an earlier frame grew, and a corrupt
 * block's error then depends on what came before (dstSize_tooSmall in a
 * window-sized buffer, corruption_detected further on in a bigger one),
 * where the kernel's static buffers are always the frame's size.
 */
struct ref_dstream *fuzz_ref_dstream(void);

/*
 * Once per process, a decompression target's header line: "kzfuzz:
 * references: ..." (zo_references(): the ones that judge).
 */
void fuzz_note_references(void);

/*
 * One frame header read into h: the kernel's zstd_get_frame_header, or a
 * reference's ZSTD_getFrameHeader (next: zstd 1.5.7's, else 1.5.4's).
 */
void fuzz_kernel_header(struct zo_header_fields *h, const uint8_t *src, size_t len);
void fuzz_ref_header(struct zo_header_fields *h, const uint8_t *src, size_t len, int next);

/* A compression level: mostly 1..max, sometimes negative, sometimes anywhere in [min, max]. */
int fuzz_zstd_level(struct fuzz_input *in, int min, int max);

/*
 * compress_oneshot's parameters from the input: a level (fuzz_zstd_level),
 * the size estimate zstd_get_params gets (len, unknown or any), then the
 * checksum and content-size flags. Its bare build reads them alike.
 */

/*
 * Chunk sizes for streaming: a xorshift sequence from a fuzzer-chosen seed,
 * each chunk in [0, max] (max 0: everything at once).
 */
struct fuzz_chunks {
	uint32_t state;
	uint32_t max;
};

void fuzz_chunks_init(struct fuzz_chunks *ch, struct fuzz_input *in);
size_t fuzz_chunk_next(struct fuzz_chunks *ch, size_t left);

/*
 * The output room of a one-shot decoding of src: the reference (1.5.4)
 * decodes it into FUZZ_OUT_MAX bytes, and again into FUZZ_OUT_LIMIT bytes
 * when that was too small. ref_size is its last answer (a size or an
 * error), cap the room it had, over set when even FUZZ_OUT_LIMIT was too
 * small (the content's size is then unknown: zo_case.over_cap). The
 * probe's output is in slot `slot` (FUZZ_SLOT_FRAME for FUZZ_OUT_MAX,
 * FUZZ_SLOT_REF for FUZZ_OUT_LIMIT), a buffer of exactly cap bytes: the
 * last round is the reference's one-shot call at cap, so a caller that
 * gives the reference that capacity has its result already. 0 when
 * memory runs out.
 */
struct fuzz_room {
	size_t ref_size;
	size_t cap;
	int over;
	enum fuzz_slot slot;
};

int fuzz_oneshot_room(struct fuzz_room *room, const uint8_t *src, size_t len);

/* One streaming decompressor call, as both libraries' *_decompress_stream. */
typedef size_t (*fuzz_dstream_step)(void *ctx, void *dst, size_t dst_size, size_t *dst_pos,
				   const void *src, size_t src_size, size_t *src_pos);

struct fuzz_dstream {
	fuzz_dstream_step step;
	void *ctx;
	int (*is_error)(size_t code);
	int kernel;		/* a stuck call is a contract violation (kernel only) */
	size_t produced;	/* out: the output the run ended with, error or not */
};

/*
 * Decompresses the first frame of src into dst[0..cap) in chunks until it
 * ends (0), fails, or stops moving with all input and room given: then
 * dstSize_tooSmall if dst is full, srcSize_wrong if the input ran out.
 * Returns the output size or an error code; *consumed gets the input used.
 */
size_t fuzz_dstream_run(struct fuzz_dstream *ds, const struct zo_case *c,
			struct fuzz_chunks ch, uint8_t *dst, size_t cap,
			const uint8_t *src, size_t len, size_t *consumed);

/* The kernel's zstd_decompress_stream as a fuzz_dstream step (ctx: a zstd_dstream). */
size_t fuzz_kernel_dstream_step(void *ctx, void *dst, size_t dst_size, size_t *dst_pos,
				const void *src, size_t src_size, size_t *src_pos);
int fuzz_kernel_is_error(size_t code);
/* The window of the frame at src as the reference reads it; 0 when it cannot. */
unsigned long long fuzz_frame_window(const uint8_t *src, size_t len);
/*
 * The kernel's streaming answer to a window bigger than its workspace's:
 * the window errors only (the wrapper ignores max_window: its static
 * workspace cannot grow, memory_allocation).
 */
int fuzz_window_refusal(size_t kret);

#endif
