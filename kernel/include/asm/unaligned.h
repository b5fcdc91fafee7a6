/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stand-in for the kernel's unaligned accessors.
 *
 * Reads go through memcpy into an unqualified integer of the pointee's
 * size: a __typeof__(*ptr) temporary would be const for const pointers,
 * and a cast-and-dereference would be undefined on unaligned addresses.
 */
#ifndef KHARNESS_ASM_UNALIGNED_H
#define KHARNESS_ASM_UNALIGNED_H

#include <linux/types.h>
#include <linux/swab.h>

static inline u16 kh_load16(const void *p) { u16 v; __builtin_memcpy(&v, p, 2); return v; }
static inline u32 kh_load32(const void *p) { u32 v; __builtin_memcpy(&v, p, 4); return v; }
static inline u64 kh_load64(const void *p) { u64 v; __builtin_memcpy(&v, p, 8); return v; }
static inline void kh_store16(void *p, u16 v) { __builtin_memcpy(p, &v, 2); }
static inline void kh_store32(void *p, u32 v) { __builtin_memcpy(p, &v, 4); }
static inline void kh_store64(void *p, u64 v) { __builtin_memcpy(p, &v, 8); }

#define kh_bad_unaligned_size() __builtin_trap()

#define get_unaligned(ptr)						\
	__builtin_choose_expr(sizeof(*(ptr)) == 1, *(const u8 *)(ptr),	\
	__builtin_choose_expr(sizeof(*(ptr)) == 2, kh_load16(ptr),	\
	__builtin_choose_expr(sizeof(*(ptr)) == 4, kh_load32(ptr),	\
	__builtin_choose_expr(sizeof(*(ptr)) == 8, kh_load64(ptr),	\
	(kh_bad_unaligned_size(), 0)))))

#define put_unaligned(val, ptr) do {					\
	void *__pu_p = (ptr);						\
	switch (sizeof(*(ptr))) {					\
	case 1: *(u8 *)__pu_p = (u8)(val); break;			\
	case 2: kh_store16(__pu_p, (u16)(val)); break;			\
	case 4: kh_store32(__pu_p, (u32)(val)); break;			\
	case 8: kh_store64(__pu_p, (u64)(val)); break;			\
	default: kh_bad_unaligned_size();				\
	}								\
} while (0)

#ifdef __LITTLE_ENDIAN
# define kh_le16(x) (x)
# define kh_le32(x) (x)
# define kh_le64(x) (x)
# define kh_be16(x) swab16(x)
# define kh_be32(x) swab32(x)
# define kh_be64(x) swab64(x)
#else
# define kh_le16(x) swab16(x)
# define kh_le32(x) swab32(x)
# define kh_le64(x) swab64(x)
# define kh_be16(x) (x)
# define kh_be32(x) (x)
# define kh_be64(x) (x)
#endif

static inline u16 get_unaligned_le16(const void *p) { return kh_le16(kh_load16(p)); }
static inline u32 get_unaligned_le32(const void *p) { return kh_le32(kh_load32(p)); }
static inline u64 get_unaligned_le64(const void *p) { return kh_le64(kh_load64(p)); }
static inline u16 get_unaligned_be16(const void *p) { return kh_be16(kh_load16(p)); }
static inline u32 get_unaligned_be32(const void *p) { return kh_be32(kh_load32(p)); }
static inline u64 get_unaligned_be64(const void *p) { return kh_be64(kh_load64(p)); }
static inline void put_unaligned_le16(u16 v, void *p) { kh_store16(p, kh_le16(v)); }
static inline void put_unaligned_le32(u32 v, void *p) { kh_store32(p, kh_le32(v)); }
static inline void put_unaligned_le64(u64 v, void *p) { kh_store64(p, kh_le64(v)); }
static inline void put_unaligned_be16(u16 v, void *p) { kh_store16(p, kh_be16(v)); }
static inline void put_unaligned_be32(u32 v, void *p) { kh_store32(p, kh_be32(v)); }
static inline void put_unaligned_be64(u64 v, void *p) { kh_store64(p, kh_be64(v)); }

#endif
