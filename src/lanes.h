/* SPDX-License-Identifier: MIT */
/* Float lanes for the world's vector paths (private; world_near.c, world_sums.c,
 * world_lanes.c and the crowd filter).
 *
 * Built on GCC/Clang vector extensions: plain IEEE operations lane by lane (SSE2 or AVX2
 * on x86-64, NEON on ARM, SIMD128 or scalar code on wasm). Every helper here gives, in
 * each lane, the same bits as the scalar expression it names, so a vector path and the
 * scalar path it mirrors give the same results: determinism does not depend on which one
 * ran, nor on how many lanes it had.
 *
 * The width-neutral types (steer_fl, steer_il, steer_vl) hold STEER_LANES_WIDTH lanes:
 * four, or eight (sixteen) in a file compiled for AVX2 (AVX-512) that asks for them
 * (src/CMakeLists.txt compiles world_lanes_avx2.c and world_lanes_avx512.c with
 * STEER_LANES_AVX2 or STEER_LANES_AVX512 defined). Code written for exactly four lanes (the
 * neighbour search, the sums, the crowd filter) uses the four-lane names at the end of this file,
 * which exist only at width four.
 * STEER_LANES is 0 for other compilers or with STEER_NO_VECTOR (-DSTEER_SCALAR=ON), and
 * callers then keep to their scalar paths. */
#ifndef STEER_LANES_H
#define STEER_LANES_H

#include "steer/math.h"

#include <stdint.h>
#include <string.h>

#if (defined(__GNUC__) || defined(__clang__)) && !defined(STEER_NO_VECTOR)
#define STEER_LANES 1
#else
#define STEER_LANES 0
#endif

#if STEER_LANES

#if defined(STEER_LANES_AVX512) && defined(__AVX512F__)
#include <immintrin.h>
#define STEER_LANES_WIDTH 16
#elif defined(STEER_LANES_AVX2) && defined(__AVX2__)
#include <immintrin.h>
#define STEER_LANES_WIDTH 8
#elif defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif defined(__aarch64__)
#include <arm_neon.h>
#endif

#if !defined(STEER_LANES_WIDTH)
#define STEER_LANES_WIDTH 4
#endif

/* For the lane helpers a caller uses several times (a truncation, a sin/cos): GCC then
 * keeps them out of line, and a call passes its 32- and 64-byte vectors through memory,
 * which cost the sixteen-lane build of world_lanes.c some 13% of a wander step. */
#define STEER_LANES_INLINE static inline __attribute__((always_inline))

typedef float steer_fl __attribute__((vector_size(4 * STEER_LANES_WIDTH)));
typedef int32_t steer_il __attribute__((vector_size(4 * STEER_LANES_WIDTH)));

/* A lane's worth of floats from memory (any alignment). */
static inline steer_fl steer_fl_load(const float *p)
{
    steer_fl v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* A lane's worth of 32-bit integers from memory (any alignment). */
static inline steer_il steer_il_load(const uint32_t *p)
{
    steer_il v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* x in every lane. */
static inline steer_fl steer_fl_splat(float x)
{
#if STEER_LANES_WIDTH == 16
    return (steer_fl){x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x};
#elif STEER_LANES_WIDTH == 8
    return (steer_fl){x, x, x, x, x, x, x, x};
#else
    return (steer_fl){x, x, x, x};
#endif
}

/* m ? a : b per lane; m is a comparison result (all bits set or clear). */
static inline steer_fl steer_fl_select(steer_il m, steer_fl a, steer_fl b)
{
    return (steer_fl)(((steer_il)a & m) | ((steer_il)b & ~m));
}

/* m ? a : b per lane, for integers. */
static inline steer_il steer_il_select(steer_il m, steer_il a, steer_il b)
{
    return (a & m) | (b & ~m);
}

/* The lanes of a comparison result as bits (lane k is bit k). */
static inline unsigned steer_il_bits(steer_il m)
{
#if STEER_LANES_WIDTH == 16
    return (unsigned)_mm512_test_epi32_mask((__m512i)m, (__m512i)m);
#elif STEER_LANES_WIDTH == 8
    return (unsigned)_mm256_movemask_ps((__m256)m);
#elif defined(__SSE2__)
    return (unsigned)_mm_movemask_ps((__m128)m);
#else
    return (unsigned)(m[0] & 1) | (unsigned)(m[1] & 2) | (unsigned)(m[2] & 4) |
           (unsigned)(m[3] & 8);
#endif
}

/* sqrtf per lane: correctly rounded, so the same bits as the scalar call (negative
 * lanes give NaN; callers select them away as the scalar code branches them away). */
static inline steer_fl steer_fl_sqrt(steer_fl x)
{
#if STEER_LANES_WIDTH == 16
    return (steer_fl)_mm512_sqrt_ps((__m512)x);
#elif STEER_LANES_WIDTH == 8
    return (steer_fl)_mm256_sqrt_ps((__m256)x);
#elif defined(__SSE2__)
    return (steer_fl)_mm_sqrt_ps((__m128)x);
#elif defined(__wasm_simd128__)
    return (steer_fl)wasm_f32x4_sqrt((v128_t)x);
#elif defined(__aarch64__)
    return (steer_fl)vsqrtq_f32((float32x4_t)x);
#else
    return (steer_fl){sqrtf(x[0]), sqrtf(x[1]), sqrtf(x[2]), sqrtf(x[3])};
#endif
}

/* steer_is_finite per lane: x - x is 0 for finite x and NaN otherwise. */
static inline steer_il steer_fl_finite(steer_fl x)
{
    return (x - x) == steer_fl_splat(0.0f);
}

/* floorf per lane, exact for |x| < 2^23 (callers check the range first: beyond it the
 * conversion to integers is undefined). */
static inline steer_fl steer_fl_floor_small(steer_fl x)
{
    steer_fl t = __builtin_convertvector(__builtin_convertvector(x, steer_il), steer_fl);
    return steer_fl_select(t > x, t - 1.0f, t);
}

/* |x| per lane (clears the sign bit, as the scalar x < 0 ? -x : x does for non-zero x;
 * for -0 both give a zero that compares equal). */
static inline steer_fl steer_fl_abs(steer_fl x)
{
    return (steer_fl)((steer_il)x & 0x7fffffff);
}

/* Three lanes-wide coordinates: a 3D vector per lane. */
typedef struct steer_vl {
    steer_fl x, y, z;
} steer_vl;

static inline steer_vl steer_vl_add(steer_vl a, steer_vl b)
{
    return (steer_vl){a.x + b.x, a.y + b.y, a.z + b.z};
}

static inline steer_vl steer_vl_sub(steer_vl a, steer_vl b)
{
    return (steer_vl){a.x - b.x, a.y - b.y, a.z - b.z};
}

static inline steer_vl steer_vl_scale(steer_vl v, steer_fl s)
{
    return (steer_vl){v.x * s, v.y * s, v.z * s};
}

/* steer_add_scaled: a + b * s, the product rounded first. */
static inline steer_vl steer_vl_add_scaled(steer_vl a, steer_vl b, steer_fl s)
{
    return steer_vl_add(a, steer_vl_scale(b, s));
}

static inline steer_fl steer_vl_dot(steer_vl a, steer_vl b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

static inline steer_vl steer_vl_cross(steer_vl a, steer_vl b)
{
    return (steer_vl){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

static inline steer_vl steer_vl_select(steer_il m, steer_vl a, steer_vl b)
{
    return (steer_vl){steer_fl_select(m, a.x, b.x), steer_fl_select(m, a.y, b.y),
                      steer_fl_select(m, a.z, b.z)};
}

/* steer_v3_is_finite per lane. */
static inline steer_il steer_vl_finite(steer_vl v)
{
    return ((v.x - v.x) + (v.y - v.y) + (v.z - v.z)) == steer_fl_splat(0.0f);
}

/* steer_normalize per lane: zero where the squared length is tiny or not finite. */
static inline steer_vl steer_vl_normalize(steer_vl v)
{
    steer_fl len_sq = steer_vl_dot(v, v);
    steer_il ok = (len_sq > STEER_EPSILON_SQ) & steer_fl_finite(len_sq);
    steer_fl safe = steer_fl_select(ok, len_sq, steer_fl_splat(1.0f));
    steer_vl u = steer_vl_scale(v, 1.0f / steer_fl_sqrt(safe));
    return steer_vl_select(ok, u, (steer_vl){{0}, {0}, {0}});
}

/* 0, 1, 2, ... in the lanes. */
#if STEER_LANES_WIDTH == 16
#define STEER_IL_IOTA 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
#elif STEER_LANES_WIDTH == 8
#define STEER_IL_IOTA 0, 1, 2, 3, 4, 5, 6, 7
#else
#define STEER_IL_IOTA 0, 1, 2, 3
#endif

/* GCC's two-vector shuffle moves whole registers: the interleaved xyz of a block of agents
 * then moves in six shuffles each way instead of one float at a time (some 9% of a wander
 * step). Other compilers copy lane by lane; the values are the same. */
#if defined(__GNUC__) && !defined(__clang__)
#define STEER_VL_SHUFFLE 1
#else
#define STEER_VL_SHUFFLE 0
#endif

/* The three lanes-wide coordinates of STEER_LANES_WIDTH consecutive xyz triples. */
static inline steer_vl steer_vl_load_xyz(const float *p)
{
    steer_vl r;
#if STEER_VL_SHUFFLE
    const int w = STEER_LANES_WIDTH;
    const steer_il iota = {STEER_IL_IOTA};
    steer_fl a = steer_fl_load(p), b = steer_fl_load(p + w), c = steer_fl_load(p + 2 * w);
    steer_fl *out[3] = {&r.x, &r.y, &r.z};
    for (int axis = 0; axis < 3; axis++) {
        /* Lane k wants float 3k + axis of a, b, c: from a or b first, then c's. */
        steer_il want = iota * 3 + axis;
        steer_fl ab = __builtin_shuffle(a, b, want);
        *out[axis] = __builtin_shuffle(ab, c, steer_il_select(want < 2 * w, iota, want - w));
    }
#else
    for (int k = 0; k < STEER_LANES_WIDTH; k++) {
        r.x[k] = p[3 * k];
        r.y[k] = p[3 * k + 1];
        r.z[k] = p[3 * k + 2];
    }
#endif
    return r;
}

/* The inverse: v's lanes as STEER_LANES_WIDTH consecutive xyz triples at p. */
static inline void steer_vl_store_xyz(float *p, steer_vl v)
{
#if STEER_VL_SHUFFLE
    const int w = STEER_LANES_WIDTH;
    const steer_il iota = {STEER_IL_IOTA};
    for (int part = 0; part < 3; part++) {
        /* Float j of the part is coordinate j % 3 of lane j / 3: x or y first, then z. */
        steer_il j = iota + part * w, lane = j / 3, axis = j - lane * 3;
        steer_fl xy = __builtin_shuffle(v.x, v.y, steer_il_select(axis == 0, lane, lane + w));
        steer_fl out = __builtin_shuffle(xy, v.z, steer_il_select(axis == 2, lane + w, iota));
        memcpy(p + part * w, &out, sizeof out);
    }
#else
    for (int k = 0; k < STEER_LANES_WIDTH; k++) {
        p[3 * k] = v.x[k];
        p[3 * k + 1] = v.y[k];
        p[3 * k + 2] = v.z[k];
    }
#endif
}

/* v's lanes and t's as STEER_LANES_WIDTH consecutive xyzt quadruples at p. */
static inline void steer_vl_store_xyzt(float *p, steer_vl v, steer_fl t)
{
#if STEER_VL_SHUFFLE
    const int w = STEER_LANES_WIDTH;
    const steer_il iota = {STEER_IL_IOTA};
    for (int part = 0; part < 4; part++) {
        /* Float j of the part is field j % 4 of lane j / 4: x or y, z or t, then either. */
        steer_il j = iota + part * w, lane = j / 4, field = j - lane * 4;
        steer_fl xy = __builtin_shuffle(v.x, v.y, steer_il_select(field == 0, lane, lane + w));
        steer_fl zt = __builtin_shuffle(v.z, t, steer_il_select(field == 2, lane, lane + w));
        steer_fl out = __builtin_shuffle(xy, zt, steer_il_select(field < 2, iota, iota + w));
        memcpy(p + part * w, &out, sizeof out);
    }
#else
    for (int k = 0; k < STEER_LANES_WIDTH; k++) {
        p[4 * k] = v.x[k];
        p[4 * k + 1] = v.y[k];
        p[4 * k + 2] = v.z[k];
        p[4 * k + 3] = t[k];
    }
#endif
}

/* Four consecutive 4-byte words from each of STEER_LANES_WIDTH records `stride` bytes
 * apart, from p on, as four lane vectors: out[f] holds word f of every record, its bits
 * unchanged (a count reads back through a cast to steer_il). Where the
 * instruction set allows, each record's four floats come in one 16-byte load and four
 * of them are transposed at once: per-lane inserts took about a tenth of the
 * instructions of a block of sixteen wanderers. */
static inline void steer_fl_load_quads(const float *p, size_t stride, steer_fl out[4])
{
    const char *c = (const char *)p;
#if STEER_LANES_WIDTH == 16 || STEER_LANES_WIDTH == 8 || defined(__SSE2__)
    /* Row q holds records q, q + 4, ... in its 16-byte parts; a 4 x 4 transpose inside
     * each part leaves word f of records 4L .. 4L + 3 in part L of out[f]. */
#define STEER_QUAD(r) _mm_loadu_ps((const float *)(c + (size_t)(r)*stride))
#if STEER_LANES_WIDTH == 16
#define STEER_MM(op) _mm512_##op
    __m512 row[4];
    for (int q = 0; q < 4; q++) {
        __m512 r = _mm512_insertf32x4(_mm512_castps128_ps512(STEER_QUAD(q)), STEER_QUAD(q + 4), 1);
        r = _mm512_insertf32x4(r, STEER_QUAD(q + 8), 2);
        row[q] = _mm512_insertf32x4(r, STEER_QUAD(q + 12), 3);
    }
#elif STEER_LANES_WIDTH == 8
#define STEER_MM(op) _mm256_##op
    __m256 row[4];
    for (int q = 0; q < 4; q++)
        row[q] = _mm256_insertf128_ps(_mm256_castps128_ps256(STEER_QUAD(q)), STEER_QUAD(q + 4), 1);
#else
#define STEER_MM(op) _mm_##op
    __m128 row[4];
    for (int q = 0; q < 4; q++) row[q] = STEER_QUAD(q);
#endif
    __typeof__(STEER_MM(castps_pd)(row[0])) t[4] = {
        STEER_MM(castps_pd)(STEER_MM(unpacklo_ps)(row[0], row[1])),
        STEER_MM(castps_pd)(STEER_MM(unpacklo_ps)(row[2], row[3])),
        STEER_MM(castps_pd)(STEER_MM(unpackhi_ps)(row[0], row[1])),
        STEER_MM(castps_pd)(STEER_MM(unpackhi_ps)(row[2], row[3]))};
    out[0] = (steer_fl)STEER_MM(castpd_ps)(STEER_MM(unpacklo_pd)(t[0], t[1]));
    out[1] = (steer_fl)STEER_MM(castpd_ps)(STEER_MM(unpackhi_pd)(t[0], t[1]));
    out[2] = (steer_fl)STEER_MM(castpd_ps)(STEER_MM(unpacklo_pd)(t[2], t[3]));
    out[3] = (steer_fl)STEER_MM(castpd_ps)(STEER_MM(unpackhi_pd)(t[2], t[3]));
#undef STEER_MM
#undef STEER_QUAD
#else
    /* memcpy: a record's words need not be floats (a count, say). */
    for (int k = 0; k < STEER_LANES_WIDTH; k++) {
        for (int f = 0; f < 4; f++) {
            float x;
            memcpy(&x, c + (size_t)k * stride + (size_t)f * sizeof x, sizeof x);
            out[f][k] = x;
        }
    }
#endif
}

#if STEER_LANES_WIDTH == 4
/* The four-lane names, for code that relies on exactly four lanes (four candidates per
 * group, four-bit masks): the same types and the helpers it uses. */
typedef steer_fl steer_f4;
typedef steer_il steer_i4;
typedef steer_vl steer_v4;
#define steer_f4_load   steer_fl_load
#define steer_i4_load   steer_il_load
#define steer_f4_splat  steer_fl_splat
#define steer_f4_select steer_fl_select
#define steer_i4_bits   steer_il_bits
#define steer_v4_add    steer_vl_add
#define steer_v4_scale  steer_vl_scale
#define steer_v4_select steer_vl_select
#endif

#endif /* STEER_LANES */
#endif /* STEER_LANES_H */
