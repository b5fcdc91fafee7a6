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

int kz_fan_type_is_fid(uint8_t type)
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

int kz_fan_type_has_name(uint8_t type)
{
	return type == FAN_EVENT_INFO_TYPE_DFID_NAME ||
	       type == FAN_EVENT_INFO_TYPE_OLD_DFID_NAME ||
	       type == FAN_EVENT_INFO_TYPE_NEW_DFID_NAME;
}

const char *kz_fan_type_name(uint8_t type)
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

int kz_fan_type_is_known(uint8_t type)
{
	return kz_fan_type_name(type)[0] != 'U';
}

static const char *const err_text[KZ_FAN_ERR_COUNT] = {
	[KZ_FAN_OK] = "well formed",
	[KZ_FAN_ERR_BUFFER_SHORT] = "buffer shorter than the event metadata",
	[KZ_FAN_ERR_TRAILING] = "trailing bytes that are not a whole event",
	[KZ_FAN_ERR_VERS] = "vers is not FANOTIFY_METADATA_VERSION",
	[KZ_FAN_ERR_METADATA_LEN] = "metadata_len is not FAN_EVENT_METADATA_LEN",
	[KZ_FAN_ERR_EVENT_SHORT] = "event_len smaller than metadata_len",
	[KZ_FAN_ERR_EVENT_PAST_BUFFER] = "event_len runs past the buffer",
	[KZ_FAN_ERR_INFO_HDR_PAST_EVENT] = "info record header runs past event_len",
	[KZ_FAN_ERR_RECORD_LEN_ZERO] = "info record length is zero",
	[KZ_FAN_ERR_RECORD_PAST_EVENT] = "info record runs past event_len",
	[KZ_FAN_ERR_RECORD_SHORT] = "info record shorter than its type's struct",
	[KZ_FAN_ERR_HANDLE_PAST_RECORD] = "handle_bytes runs past the info record",
	[KZ_FAN_ERR_NAME_NO_NUL] = "name without its NUL inside the info record",
	[KZ_FAN_ERR_INO32_HANDLE_SHORT] = "FILEID_INO32_GEN handle shorter than 8 bytes",
	[KZ_FAN_ERR_NOMEM] = "out of memory",
};

const char *kz_fan_strerror(enum kz_fan_err code)
{
	if ((unsigned int)code >= KZ_FAN_ERR_COUNT)
		return "unknown error";
	return err_text[code];
}

int kz_fan_format_error(const struct kz_fan_error *err, char *out, size_t cap)
{
	if (err->record == SIZE_MAX)
		return snprintf(out, cap, "event %zu at offset %zu: %s", err->event,
				err->offset, kz_fan_strerror(err->code));
	return snprintf(out, cap, "event %zu record %zu at offset %zu: %s", err->event,
			err->record, err->offset, kz_fan_strerror(err->code));
}
