// SPDX-License-Identifier: GPL-2.0
/*
 * f2fs's compressed cluster (fs/f2fs/compress.c, the calls in
 * fuzz/caller_shapes.c) with the data from the input: a cluster of
 * 4 << log pages (16 KiB to 1 MiB), the payload repeated to fill it;
 * i_compress_level 1..22; zstd_get_params(level, cluster size),
 * zstd_init_cstream(&params, 0, ...) on exactly its cstream bound, one
 * zstd_compress_stream and one zstd_end_stream into the cluster less a
 * page and the 24-byte header. Data left in the stream is -EAGAIN (the
 * cluster is written raw) and not judged. Otherwise the frame keeps the
 * API's promises and decodes to the cluster through the wrapper, libzstd
 * 1.5.4 and zstd 1.5.7, and through f2fs's own zstd_decompress_pages: one
 * zstd_decompress_stream on a dstream whose window is the cluster's size.
 * Any error is a finding. PARAMS: level, estimated_src_size (the cluster).
 */
#include <linux/zstd.h>
#include <stdlib.h>

#include "caller_shapes.h"
#include "compress_check.h"
#include "fuzz_timing.h"
#include "zstd_fuzz.h"
#include "zstd_params.h"

#define TARGET "compress_f2fs"

struct cluster {
	struct zo_case *c;
	struct fuzz_zparams z;
	const uint8_t *src;	/* the cluster */
	size_t rlen;
	char text[128];
};

/* The level, then the cluster size of log_cluster_size, from the input or named. */
static void choose(struct cluster *s, struct fuzz_input *in)
{
	int log, ok = 0;

	fuzz_zparams_caller_level(&s->z, in, 1, FUZZ_F2FS_LEVEL_MAX, 1);
	fuzz_zparams_named_check(s->z.level >= 1 && s->z.level <= FUZZ_F2FS_LEVEL_MAX, "level",
				 s->z.level, "an f2fs zstd level (1..22)");
	log = (int)fuzz_input_u32(in, FUZZ_F2FS_LOG_MIN, FUZZ_F2FS_LOG_MAX, FUZZ_F2FS_LOG_MIN);
	fuzz_zparams_caller_size(&s->z, FUZZ_F2FS_CLUSTER(log));
	for (log = FUZZ_F2FS_LOG_MIN; log <= FUZZ_F2FS_LOG_MAX; log++)
		ok |= s->z.estimate == FUZZ_F2FS_CLUSTER(log);
	fuzz_zparams_named_check(ok, "estimated_src_size", (long long)s->z.estimate,
				 "an f2fs cluster size (16384..1048576, a power of 2)");
	s->rlen = s->z.estimate;
	s->z.p = zstd_get_params(s->z.level, s->rlen);
	fuzz_zparams_text(&s->z, s->text, sizeof(s->text));
	s->c->params = s->text;
}

/* f2fs's zstd_decompress_pages on the frame: the cluster back, exactly. */
static void f2fs_decodes(const struct cluster *s, const uint8_t *cdata, size_t clen)
{
	size_t wsize, ret;
	uint8_t *out = fuzz_buf(FUZZ_SLOT_REF, s->rlen);
	void *wksp;
	zstd_dstream *ds;

	FUZZ_LIB(wsize = zstd_dstream_workspace_bound(s->rlen));
	wksp = fuzz_workspace(FUZZ_SLOT_STREAM, wsize);
	if (!out || !wksp)
		abort();
	fuzz_poison(out, s->rlen, FUZZ_SLOT_STREAM);
	FUZZ_LIB(ds = zstd_init_dstream(s->rlen, wksp, wsize));
	if (!ds)
		zo_contract(s->c, "zstd_init_dstream(%zu) failed on its bound", s->rlen);
	FUZZ_LIB(ret = fuzz_f2fs_decompress(ds, cdata, clen, out, s->rlen));
	fuzz_cframe_caller_decodes(s->c, "f2fs zstd_decompress_pages", ret, out, s->src, s->rlen);
}

static void compress_cluster(const struct cluster *s)
{
	size_t wsize, clen;
	uint8_t *cdata = fuzz_buf(FUZZ_SLOT_FRAME, FUZZ_F2FS_DST_SIZE(s->rlen));
	void *wksp;
	zstd_cstream *cs;

	FUZZ_LIB(wsize = zstd_cstream_workspace_bound(&s->z.p.cParams));
	wksp = fuzz_workspace(FUZZ_SLOT_KERNEL, wsize);
	if (!cdata || !wksp)
		abort();
	FUZZ_LIB(cs = zstd_init_cstream(&s->z.p, 0, wksp, wsize));
	if (!cs)
		zo_contract(s->c, "zstd_init_cstream failed on a workspace of its bound, %zu bytes",
			    wsize);
	FUZZ_LIB(clen = fuzz_f2fs_compress(cs, s->src, s->rlen, cdata));
	if (clen == FUZZ_GAVE_UP)
		return;
	if (zstd_is_error(clen))
		zo_contract(s->c, "zstd_compress_stream or zstd_end_stream into %zu bytes failed: %s",
			    FUZZ_F2FS_DST_SIZE(s->rlen), zstd_get_error_name(clen));
	fuzz_cframe_promises(s->c, &s->z, FUZZ_FCS_EITHER, cdata, clen, s->rlen, 1);
	fuzz_cframe_roundtrip(s->c, cdata, clen, s->src, s->rlen);
	f2fs_decodes(s, cdata, clen);
}

static void check_input(struct zo_case *c, struct fuzz_input *in)
{
	struct cluster s = { .c = c };

	choose(&s, in);
	s.src = fuzz_tiled(in, s.rlen);
	compress_cluster(&s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_case_run(TARGET, data, size, check_input);
}
