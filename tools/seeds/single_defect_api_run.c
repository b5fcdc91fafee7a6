// SPDX-License-Identifier: GPL-2.0
/*
 * Running an API case (single_defect_api.h) through the kernel's wrapper:
 * every buffer the wrapper sees is a guarded slot (fuzz_buf,
 * fuzz_workspace), so a removed check that lets a read or write out is
 * reported by ASan.
 */
#include <linux/zstd.h>
#include <string.h>

#include "ref_zstd.h"
#include "sample_data.h"
#include "single_defect_api.h"
#include "zstd_fuzz.h"

#define SEED		1

_Static_assert(SD_API_PARAMETER_OUT_OF_BOUND == ZSTD_error_parameter_outOfBound &&
	       SD_API_MEMORY_ALLOCATION == ZSTD_error_memory_allocation &&
	       SD_API_DST_TOO_SMALL == ZSTD_error_dstSize_tooSmall &&
	       SD_API_SRC_SIZE_WRONG == ZSTD_error_srcSize_wrong, "zstd_error_code values");
#define LOOPS_MAX	64

/* The case's parameters, with the defect's parameter when defect is set. */
static zstd_parameters params(const struct sd_api_case *c, int defect)
{
	zstd_parameters p = zstd_get_params(c->level, c->src_len);
	unsigned int *field[SD_API_PARAMS] = {
		&p.cParams.windowLog, &p.cParams.chainLog, &p.cParams.hashLog,
		&p.cParams.searchLog, &p.cParams.minMatch, &p.cParams.targetLength,
	};

	p.fParams.checksumFlag = c->checksum;
	if (defect && c->defect == SD_API_PARAM && c->param == SD_API_STRATEGY)
		p.cParams.strategy = (zstd_strategy)c->amount;
	else if (defect && c->defect == SD_API_PARAM)
		*field[c->param] = (unsigned int)c->amount;
	return p;
}

static const uint8_t *source(const struct sd_api_case *c)
{
	uint8_t *src = fuzz_buf(FUZZ_SLOT_INPUT, c->src_len);

	if (src)
		lib_sample_fill(src, c->src_len, (enum lib_sample_kind)c->kind, SEED);
	if (src && c->run)
		memset(src, src[0], c->run);
	return src;
}

/* The workspace the case hands over, of *size bytes (bound: the control's). */
static void *workspace(const struct sd_api_case *c, int defect, size_t bound, size_t *size)
{
	*size = bound;
	if (defect && c->defect == SD_API_WS_NULL)
		return NULL;
	if (defect && c->defect == SD_API_WS_SHORT)
		*size = bound - (size_t)c->amount;
	if (defect && c->defect == SD_API_WS_SIZE)
		*size = (size_t)c->amount;
	return fuzz_workspace(FUZZ_SLOT_KERNEL, *size);
}

static int error_of(size_t ret)
{
	return zstd_is_error(ret) ? (int)zstd_get_error_code(ret) : 0;
}

/* The frame decodes to the source through the reference. */
static const char *round_trip(const struct sd_api_case *c, const uint8_t *frame, size_t len)
{
	uint8_t *out = fuzz_buf(FUZZ_SLOT_REF, c->src_len);
	const uint8_t *src = source(c);
	size_t r = out && src ? ref_decompress(out, c->src_len, frame, len) : 0;

	if (!out || !src)
		return "out of memory";
	if (ref_is_error(r) || r != c->src_len || memcmp(out, src, r))
		return "its control's frame does not decode to its source through the reference";
	return NULL;
}

/* zstd_init_cctx + zstd_compress_cctx into cap bytes; *len: the frame's size. */
static const char *compress_cctx(const struct sd_api_case *c, int defect, size_t cap,
				 int *error, size_t *len)
{
	zstd_parameters p = params(c, 0), pd = params(c, defect);
	const uint8_t *src = source(c);
	uint8_t *dst = fuzz_buf(FUZZ_SLOT_FRAME, cap);
	size_t wsize, ret;
	void *ws = workspace(c, defect, zstd_cctx_workspace_bound(&p.cParams), &wsize);
	zstd_cctx *cctx;

	if (!src || !dst || (!ws && !(defect && c->defect == SD_API_WS_NULL)))
		return "out of memory";
	cctx = zstd_init_cctx(ws, wsize);
	*error = cctx ? 0 : SD_API_NULL;
	if (!cctx)
		return NULL;
	ret = zstd_compress_cctx(cctx, dst, cap, src, c->src_len, &pd);
	*error = error_of(ret);
	*len = ret;
	return !defect && !*error ? round_trip(c, dst, ret) : NULL;
}

/*
 * The least capacity the control compresses into: from its frame's size
 * (compressed into its bound) up, for the sequences' bit stream wants
 * some slack beyond what it writes.
 */
static const char *least_capacity(const struct sd_api_case *c, size_t *cap)
{
	size_t bound = zstd_compress_bound(c->src_len), len = 0;
	int error;
	const char *why = compress_cctx(c, 0, bound, &error, &len);

	for (*cap = len; !why && !error && *cap < bound; ++*cap) {
		why = compress_cctx(c, 0, *cap, &error, &len);
		if (!why && !error)
			return NULL;
		why = error == SD_API_DST_TOO_SMALL ? NULL : "its control fails but for room";
		error = 0;
	}
	return why ? why : error ? "its control fails into its bound" : NULL;
}

static const char *run_cctx(const struct sd_api_case *c, int defect, int *error,
			    void (*before)(void))
{
	size_t cap = zstd_compress_bound(c->src_len), len = 0;
	const char *why;

	if (c->defect == SD_API_DST_SIZE)
		cap = (size_t)c->amount + !defect;
	if (c->defect == SD_API_DST_SHORT) {
		why = least_capacity(c, &cap);
		if (why)
			return why;
		if (defect && cap < (size_t)c->amount)
			return "its defect asks for less than no room";
		cap -= defect ? (size_t)c->amount : 0;
	}
	if (before)
		before();
	return compress_cctx(c, defect, cap, error, &len);
}

/* The extra call of an OUT_POS / IN_POS case: its buffers at their size, pos past it if defect. */
static size_t pos_call(const struct sd_api_case *c, int defect, zstd_cstream *cs,
		       zstd_out_buffer *out, zstd_in_buffer *in)
{
	zstd_out_buffer o = *out;
	zstd_in_buffer i = *in;
	size_t over = defect ? (size_t)c->amount : 0, ret;

	if (c->defect == SD_API_OUT_POS) {
		o.size = o.pos;
		o.pos += over;
	} else {
		i.pos = i.size + over;
	}
	if (c->call == SD_API_CALL_COMPRESS)
		ret = zstd_compress_stream(cs, &o, &i);
	else if (c->call == SD_API_CALL_FLUSH)
		ret = zstd_flush_stream(cs, &o);
	else
		ret = zstd_end_stream(cs, &o);
	return ret;
}

/* compress_stream until the input is in, the extra call, flush, end_stream until done. */
static size_t stream_calls(const struct sd_api_case *c, int defect, zstd_cstream *cs,
			   zstd_out_buffer *out, zstd_in_buffer *in)
{
	size_t ret = 0;
	int n;

	for (n = 0; n < LOOPS_MAX && in->pos < in->size && !zstd_is_error(ret); n++)
		ret = zstd_compress_stream(cs, out, in);
	if (!zstd_is_error(ret) && (c->defect == SD_API_OUT_POS || c->defect == SD_API_IN_POS))
		ret = pos_call(c, defect, cs, out, in);
	if (!zstd_is_error(ret))
		ret = zstd_flush_stream(cs, out);
	for (n = 0, ret = zstd_is_error(ret) ? ret : 1; n < LOOPS_MAX && ret && !zstd_is_error(ret); n++)
		ret = zstd_end_stream(cs, out);
	return ret;
}

static const char *run_stream(const struct sd_api_case *c, int defect, int *error)
{
	zstd_parameters p = params(c, 0), pd = params(c, defect);
	const uint8_t *src = source(c);
	size_t cap = zstd_compress_bound(c->src_len) + 64, wsize, ret;
	uint8_t *dst = fuzz_buf(FUZZ_SLOT_FRAME, cap);
	void *ws = workspace(c, defect, zstd_cstream_workspace_bound(&p.cParams), &wsize);
	unsigned long long pledged = c->src_len;
	zstd_out_buffer out = { .dst = dst, .size = cap, .pos = 0 };
	zstd_in_buffer in = { .src = src, .size = c->src_len, .pos = 0 };
	zstd_cstream *cs;

	if (!src || !dst || (!ws && !(defect && c->defect == SD_API_WS_NULL)))
		return "out of memory";
	if (defect && c->defect == SD_API_PLEDGE)
		pledged += (unsigned long long)c->amount;
	cs = zstd_init_cstream(&pd, pledged, ws, wsize);
	*error = cs ? 0 : SD_API_NULL;
	if (!cs)
		return NULL;
	ret = stream_calls(c, defect, cs, &out, &in);
	*error = error_of(ret);
	if (!defect && !*error && ret)
		return "its control's stream does not end";
	return !defect && !*error ? round_trip(c, dst, out.pos) : NULL;
}

/* zstd_init_dctx or zstd_init_dstream on their bound (or the defect's workspace). */
static const char *run_dinit(const struct sd_api_case *c, int defect, int *error)
{
	size_t bound = c->entry == SD_API_INIT_DCTX ? zstd_dctx_workspace_bound() :
						      zstd_dstream_workspace_bound(FUZZ_WINDOW_DEFAULT);
	size_t wsize;
	void *ws = workspace(c, defect, bound, &wsize), *ctx;

	if (!ws && !(defect && c->defect == SD_API_WS_NULL))
		return "out of memory";
	if (c->entry == SD_API_INIT_DCTX)
		ctx = zstd_init_dctx(ws, wsize);
	else
		ctx = zstd_init_dstream(FUZZ_WINDOW_DEFAULT, ws, wsize);
	*error = ctx ? 0 : SD_API_NULL;
	return NULL;
}

const char *sd_api_run(const struct sd_api_case *c, int defect, int *error, void (*before)(void))
{
	*error = 0;
	if (before && c->entry != SD_API_COMPRESS_CCTX)
		before();
	switch (c->entry) {
	case SD_API_COMPRESS_CCTX:
		return run_cctx(c, defect, error, before);
	case SD_API_STREAM:
		return run_stream(c, defect, error);
	default:
		return run_dinit(c, defect, error);
	}
}
