/* SPDX-License-Identifier: GPL-2.0 */
/* SHA-256 (FIPS 180-4) of one buffer: names a fuzz input in reports. */
#ifndef SHA256_H
#define SHA256_H

#include <stddef.h>
#include <stdint.h>

void sha256(const void *data, size_t len, uint8_t digest[32]);
/* Lower-case hex digest into hex (65 bytes with the NUL). */
void sha256_hex(const void *data, size_t len, char hex[65]);

#endif
