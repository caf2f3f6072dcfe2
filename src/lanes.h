/* Four float lanes for the world's vector paths (private; world_near.c, world_sums.c and
 * world_lanes.c).
 *
 * Built on GCC/Clang vector extensions: plain IEEE operations lane by lane (SSE2 on
 * x86-64, NEON on ARM, SIMD128 or scalar code on wasm). Every helper here gives, in each
 * lane, the same bits as the scalar expression it names, so a vector path and the scalar
 * path it mirrors give the same results: determinism does not depend on which one ran.
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

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif defined(__aarch64__)
#include <arm_neon.h>
#endif

typedef float steer_f4 __attribute__((vector_size(16)));
typedef int32_t steer_i4 __attribute__((vector_size(16)));

/* Four floats from memory (any alignment). */
static inline steer_f4 steer_f4_load(const float *p)
{
    steer_f4 v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* Four 32-bit integers from memory (any alignment). */
static inline steer_i4 steer_i4_load(const uint32_t *p)
{
    steer_i4 v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* x in every lane. */
static inline steer_f4 steer_f4_splat(float x)
{
    return (steer_f4){x, x, x, x};
}

/* m ? a : b per lane; m is a comparison result (all bits set or clear). */
static inline steer_f4 steer_f4_select(steer_i4 m, steer_f4 a, steer_f4 b)
{
    return (steer_f4)(((steer_i4)a & m) | ((steer_i4)b & ~m));
}

/* The lanes of a comparison result as four bits (lane k is bit k). */
static inline unsigned steer_i4_bits(steer_i4 m)
{
#if defined(__SSE2__)
    return (unsigned)_mm_movemask_ps((__m128)m);
#else
    return (unsigned)(m[0] & 1) | (unsigned)(m[1] & 2) | (unsigned)(m[2] & 4) |
           (unsigned)(m[3] & 8);
#endif
}

/* sqrtf per lane: correctly rounded, so the same bits as the scalar call (negative
 * lanes give NaN; callers select them away as the scalar code branches them away). */
static inline steer_f4 steer_f4_sqrt(steer_f4 x)
{
#if defined(__SSE2__)
    return (steer_f4)_mm_sqrt_ps((__m128)x);
#elif defined(__wasm_simd128__)
    return (steer_f4)wasm_f32x4_sqrt((v128_t)x);
#elif defined(__aarch64__)
    return (steer_f4)vsqrtq_f32((float32x4_t)x);
#else
    return (steer_f4){sqrtf(x[0]), sqrtf(x[1]), sqrtf(x[2]), sqrtf(x[3])};
#endif
}

/* steer_is_finite per lane: x - x is 0 for finite x and NaN otherwise. */
static inline steer_i4 steer_f4_finite(steer_f4 x)
{
    return (x - x) == steer_f4_splat(0.0f);
}

/* floorf per lane, exact for |x| < 2^23 (callers check the range first: beyond it the
 * conversion to integers is undefined). */
static inline steer_f4 steer_f4_floor_small(steer_f4 x)
{
    steer_f4 t = __builtin_convertvector(__builtin_convertvector(x, steer_i4), steer_f4);
    return steer_f4_select(t > x, t - 1.0f, t);
}

/* |x| per lane (clears the sign bit, as the scalar x < 0 ? -x : x does for non-zero x;
 * for -0 both give a zero that compares equal). */
static inline steer_f4 steer_f4_abs(steer_f4 x)
{
    return (steer_f4)((steer_i4)x & 0x7fffffff);
}

/* Three lanes-wide coordinates: four 3D vectors, one per lane. */
typedef struct steer_v4 {
    steer_f4 x, y, z;
} steer_v4;

static inline steer_v4 steer_v4_add(steer_v4 a, steer_v4 b)
{
    return (steer_v4){a.x + b.x, a.y + b.y, a.z + b.z};
}

static inline steer_v4 steer_v4_sub(steer_v4 a, steer_v4 b)
{
    return (steer_v4){a.x - b.x, a.y - b.y, a.z - b.z};
}

static inline steer_v4 steer_v4_scale(steer_v4 v, steer_f4 s)
{
    return (steer_v4){v.x * s, v.y * s, v.z * s};
}

/* steer_add_scaled: a + b * s, the product rounded first. */
static inline steer_v4 steer_v4_add_scaled(steer_v4 a, steer_v4 b, steer_f4 s)
{
    return steer_v4_add(a, steer_v4_scale(b, s));
}

static inline steer_f4 steer_v4_dot(steer_v4 a, steer_v4 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

static inline steer_v4 steer_v4_cross(steer_v4 a, steer_v4 b)
{
    return (steer_v4){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

static inline steer_v4 steer_v4_select(steer_i4 m, steer_v4 a, steer_v4 b)
{
    return (steer_v4){steer_f4_select(m, a.x, b.x), steer_f4_select(m, a.y, b.y),
                      steer_f4_select(m, a.z, b.z)};
}

/* steer_v3_is_finite per lane. */
static inline steer_i4 steer_v4_finite(steer_v4 v)
{
    return ((v.x - v.x) + (v.y - v.y) + (v.z - v.z)) == steer_f4_splat(0.0f);
}

/* steer_normalize per lane: zero where the squared length is tiny or not finite. */
static inline steer_v4 steer_v4_normalize(steer_v4 v)
{
    steer_f4 len_sq = steer_v4_dot(v, v);
    steer_i4 ok = (len_sq > STEER_EPSILON_SQ) & steer_f4_finite(len_sq);
    steer_f4 safe = steer_f4_select(ok, len_sq, steer_f4_splat(1.0f));
    steer_v4 u = steer_v4_scale(v, 1.0f / steer_f4_sqrt(safe));
    return steer_v4_select(ok, u, (steer_v4){{0}, {0}, {0}});
}

#endif /* STEER_LANES */
#endif /* STEER_LANES_H */
