// SPDX-License-Identifier: GPL-2.0
/*
 * What the reference parser knows about record types and errors: the
 * types come from the tree's uapi header, so a newer tree adds RANGE and
 * MNT without a change here.
 */
#include <stdint.h>
#include <stdio.h>
#include <linux/fanotify.h>

#include "fanotify_parse.h"

int fo_type_is_fid(uint8_t type)
{
	switch (type) {
	case FAN_EVENT_INFO_TYPE_FID:
	case FAN_EVENT_INFO_TYPE_DFID:
	case FAN_EVENT_INFO_TYPE_DFID_NAME:
	case FAN_EVENT_INFO_TYPE_OLD_DFID_NAME:
	case FAN_EVENT_INFO_TYPE_NEW_DFID_NAME:
		return 1;
	}
	return 0;
}

int fo_type_has_name(uint8_t type)
{
	return type == FAN_EVENT_INFO_TYPE_DFID_NAME ||
	       type == FAN_EVENT_INFO_TYPE_OLD_DFID_NAME ||
	       type == FAN_EVENT_INFO_TYPE_NEW_DFID_NAME;
}

const char *fo_type_name(uint8_t type)
{
	switch (type) {
	case FAN_EVENT_INFO_TYPE_FID:		return "FID";
	case FAN_EVENT_INFO_TYPE_DFID:		return "DFID";
	case FAN_EVENT_INFO_TYPE_DFID_NAME:	return "DFID_NAME";
	case FAN_EVENT_INFO_TYPE_OLD_DFID_NAME:	return "OLD_DFID_NAME";
	case FAN_EVENT_INFO_TYPE_NEW_DFID_NAME:	return "NEW_DFID_NAME";
	case FAN_EVENT_INFO_TYPE_PIDFD:		return "PIDFD";
	case FAN_EVENT_INFO_TYPE_ERROR:		return "ERROR";
#ifdef FAN_EVENT_INFO_TYPE_RANGE
	case FAN_EVENT_INFO_TYPE_RANGE:		return "RANGE";
#endif
#ifdef FAN_EVENT_INFO_TYPE_MNT
	case FAN_EVENT_INFO_TYPE_MNT:		return "MNT";
#endif
	}
	return "UNKNOWN";
}

int fo_type_is_known(uint8_t type)
{
	return fo_type_name(type)[0] != 'U';
}

static const char *const err_text[FO_ERR_COUNT] = {
	[FO_OK] = "well formed",
	[FO_ERR_BUFFER_SHORT] = "buffer shorter than the event metadata",
	[FO_ERR_TRAILING] = "trailing bytes that are not a whole event",
	[FO_ERR_VERS] = "vers is not FANOTIFY_METADATA_VERSION",
	[FO_ERR_METADATA_LEN] = "metadata_len is not FAN_EVENT_METADATA_LEN",
	[FO_ERR_EVENT_SHORT] = "event_len smaller than metadata_len",
	[FO_ERR_EVENT_PAST_BUFFER] = "event_len runs past the buffer",
	[FO_ERR_INFO_HDR_PAST_EVENT] = "info record header runs past event_len",
	[FO_ERR_RECORD_LEN_ZERO] = "info record length is zero",
	[FO_ERR_RECORD_PAST_EVENT] = "info record runs past event_len",
	[FO_ERR_RECORD_SHORT] = "info record shorter than its type's struct",
	[FO_ERR_HANDLE_PAST_RECORD] = "handle_bytes runs past the info record",
	[FO_ERR_NAME_NO_NUL] = "name without its NUL inside the info record",
	[FO_ERR_INO32_HANDLE_SHORT] = "FILEID_INO32_GEN handle shorter than 8 bytes",
	[FO_ERR_NOMEM] = "out of memory",
};

const char *fo_strerror(enum fo_err code)
{
	if ((unsigned int)code >= FO_ERR_COUNT)
		return "unknown error";
	return err_text[code];
}

int fo_format_error(const struct fo_error *err, char *out, size_t cap)
{
	if (err->record == SIZE_MAX)
		return snprintf(out, cap, "event %zu at offset %zu: %s", err->event,
				err->offset, fo_strerror(err->code));
	return snprintf(out, cap, "event %zu record %zu at offset %zu: %s", err->event,
			err->record, err->offset, fo_strerror(err->code));
}
