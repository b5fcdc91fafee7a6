// SPDX-License-Identifier: GPL-2.0
/*
 * Decoding a single-defect input the ways the one-shot call does not:
 * streamed by a caller that keeps calling (single_defect_drive.h), and
 * through unzstd() (lib/decompress_unzstd.c) with callbacks that give the
 * whole input at once and take at most SD_UNZSTD_OUT_MAX bytes of output.
 */
#include <linux/zstd.h>
#include <stdlib.h>
#include <string.h>

#include "kz.h"
#include "ref_zstd.h"
#include "single_defect_drive.h"
#include "zstd_fuzz.h"

/* More calls than the decoder's ZSTD_NO_FORWARD_PROGRESS_MAX (16) after the input ends. */
#define EXTRA_CALLS	64

/* As include/linux/decompress/unzstd.h declares it. */
int unzstd(unsigned char *inbuf, long len, long (*fill)(void *, unsigned long),
	   long (*flush)(void *, unsigned long), unsigned char *output, long *pos,
	   void (*error)(char *x));

static size_t kernel_step(void *ctx, void *dst, size_t dst_size, size_t *dst_pos,
			  const void *src, size_t src_size, size_t *src_pos)
{
	zstd_out_buffer out = { dst, dst_size, *dst_pos };
	zstd_in_buffer in = { src, src_size, *src_pos };
	size_t ret = zstd_decompress_stream(ctx, &out, &in);

	*dst_pos = out.pos;
	*src_pos = in.pos;
	return ret;
}

static size_t ref_step(void *ctx, void *dst, size_t dst_size, size_t *dst_pos,
		       const void *src, size_t src_size, size_t *src_pos)
{
	return ref_dstream_step(ctx, dst, dst_size, dst_pos, src, src_size, src_pos);
}

static size_t stream_loop(fuzz_dstream_step step, void *ctx, int (*is_error)(size_t),
			  void *dst, size_t cap, const uint8_t *src, size_t len, size_t chunk)
{
	size_t in_pos = 0, out_pos = 0, ret = 1;

	for (size_t calls = 0; calls < len + EXTRA_CALLS; calls++) {
		size_t in_end = chunk && in_pos + chunk < len ? in_pos + chunk : len;

		ret = step(ctx, dst, cap, &out_pos, src, in_end, &in_pos);
		if (is_error(ret) || !ret)
			return is_error(ret) ? ret : out_pos;
	}
	return ret;	/* still waiting: a hint, not a size */
}

static int kernel_is_error(size_t code)
{
	return zstd_is_error(code);
}

/* One call with an argument out of its range: an input or output position past its size. */
static size_t past_call(fuzz_dstream_step step, void *ctx, enum sd_drive drive, void *dst,
			size_t cap, const uint8_t *src, size_t len)
{
	size_t in_pos = drive == SD_STREAM_IN_PAST ? len + 1 : 0;
	size_t out_pos = drive == SD_STREAM_OUT_PAST ? cap + 1 : 0;

	return step(ctx, dst, cap, &out_pos, src, len, &in_pos);
}

static size_t stream(fuzz_dstream_step step, void *ctx, int (*is_error)(size_t),
		     enum sd_drive drive, void *dst, size_t cap, const uint8_t *src, size_t len)
{
	if (drive == SD_STREAM_IN_PAST || drive == SD_STREAM_OUT_PAST)
		return past_call(step, ctx, drive, dst, cap, src, len);
	return stream_loop(step, ctx, is_error, dst, cap, src, len, drive == SD_STREAM_BYTES);
}

static size_t kernel_decode(enum sd_drive drive, void *dst, size_t cap, const uint8_t *src,
			    size_t len)
{
	size_t size = zstd_dstream_workspace_bound(SD_STREAM_WINDOW);
	zstd_frame_header fh;
	zstd_dstream *zds;
	void *wksp;

	if (drive == SD_ONESHOT)
		return kz_decompress(dst, cap, src, len);
	if (drive == SD_HEADER_NULL)
		return zstd_get_frame_header(&fh, NULL, len);
	wksp = fuzz_workspace(FUZZ_SLOT_FRAME, size);
	zds = wksp ? zstd_init_dstream(SD_STREAM_WINDOW, wksp, size) : NULL;
	return zds ? stream(kernel_step, zds, kernel_is_error, drive, dst, cap, src, len) :
		     (size_t)-1;
}

size_t sd_decode(int kernel, enum sd_drive drive, void *dst, size_t cap, const uint8_t *src,
		 size_t len)
{
	struct ref_frame_header fh;
	struct ref_dstream *rds;
	size_t ret;

	if (kernel)
		return kernel_decode(drive, dst, cap, src, len);
	if (drive == SD_ONESHOT)
		return ref_decompress(dst, cap, src, len);
	if (drive == SD_HEADER_NULL)
		return ref_get_frame_header(&fh, NULL, len);
	rds = ref_dstream_create(SD_STREAM_WINDOW);
	if (!rds)
		return (size_t)-1;
	ret = stream(ref_step, rds, ref_is_error, drive, dst, cap, src, len);
	ref_dstream_free(rds);
	return ret;
}

/* The callbacks take no context: one input at a time, in these. */
static struct unzstd_io {
	const uint8_t *src;
	size_t len, pos, out;
	const char *message;
} cb;

static long fill(void *buf, unsigned long size)
{
	size_t n = cb.len - cb.pos < size ? cb.len - cb.pos : size;

	if (!n)
		return -1;	/* the end: 0 would be "nothing yet", forever */
	memcpy(buf, cb.src + cb.pos, n);
	cb.pos += n;
	return (long)n;
}

static long flush(void *buf, unsigned long size)
{
	(void)buf;
	if (size > SD_UNZSTD_OUT_MAX - cb.out)
		return 0;	/* past the limit: unzstd reports a failed flush */
	cb.out += size;
	return (long)size;
}

static void error(char *message)
{
	cb.message = message;
}

int sd_is_unzstd(enum sd_drive drive)
{
	return drive == SD_UNZSTD_ONE || drive == SD_UNZSTD_FILL || drive == SD_UNZSTD_FLUSH;
}

int sd_unzstd(enum sd_drive drive, const uint8_t *src, size_t len, const char **message)
{
	/* One buffer: unzstd tells zstd it never ends; wild copies need the slack. */
	uint8_t *out = fuzz_buf(FUZZ_SLOT_KERNEL, SD_UNZSTD_OUT_MAX + 64);
	uint8_t *in = fuzz_buf(FUZZ_SLOT_INPUT, len);
	long pos;
	int ret;

	cb = (struct unzstd_io){ src, len, 0, 0, "(no message)" };
	if (!out || (len && !in))
		return *message = "out of memory", -1;
	if (len)
		memcpy(in, src, len);
	if (drive == SD_UNZSTD_ONE)
		ret = unzstd(in, (long)len, NULL, NULL, out, &pos, error);
	else if (drive == SD_UNZSTD_FILL)
		ret = unzstd(NULL, 0, fill, flush, NULL, &pos, error);
	else
		ret = unzstd(in, (long)len, NULL, flush, NULL, &pos, error);
	*message = cb.message;
	return ret ? -1 : 0;
}
