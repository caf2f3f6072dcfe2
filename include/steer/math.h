/* SPDX-License-Identifier: MIT */
/* steer/math.h - 3D vectors, zero-safe helpers and the library's own trigonometry.
 *
 * Function index
 *   steer_v3, steer_v3_zero, steer_add, steer_sub, steer_scale, steer_dot, steer_cross,
 *   steer_length, steer_length_sq, steer_distance, steer_normalize, steer_truncate,
 *   steer_lerp, steer_is_finite, steer_v3_is_finite, steer_clampf, steer_wrap_angle,
 *   steer_sin, steer_cos, steer_atan2, steer_sqrt
 *
 * Every vector is 3D. A 2D game uses x,y and leaves z at 0; a ground game with Y up
 * uses x,z. The agent's `space` field (steer/agent.h) says which plane it lives in.
 *
 * Zero-safe: normalising or truncating a zero, tiny or non-finite vector gives zero.
 * The trigonometric functions are the library's own (polynomials in plain float
 * arithmetic), so results are bit-identical across compilers, libm versions and
 * WebAssembly; see docs/determinism.md.
 */
#ifndef STEER_MATH_H
#define STEER_MATH_H

#include <math.h>

#include "steer/base.h"

STEER_EXTERN_C_BEGIN

#define STEER_PI  3.14159265358979323846f
#define STEER_TAU 6.28318530717958647692f

/* Vectors whose squared length is below this are treated as zero length. */
#define STEER_EPSILON_SQ 1e-12f

/* A 3D vector of floats. Units depend on use: world units, units/s or units/s^2. */
typedef struct steer_vec3 {
    float x, y, z;
} steer_vec3;

/* Build a vector. */
static inline steer_vec3 steer_v3(float x, float y, float z)
{
    steer_vec3 v = {x, y, z};
    return v;
}

/* The zero vector. */
static inline steer_vec3 steer_v3_zero(void)
{
    return steer_v3(0.0f, 0.0f, 0.0f);
}

/* a + b */
static inline steer_vec3 steer_add(steer_vec3 a, steer_vec3 b)
{
    return steer_v3(a.x + b.x, a.y + b.y, a.z + b.z);
}

/* a - b */
static inline steer_vec3 steer_sub(steer_vec3 a, steer_vec3 b)
{
    return steer_v3(a.x - b.x, a.y - b.y, a.z - b.z);
}

/* v * s */
static inline steer_vec3 steer_scale(steer_vec3 v, float s)
{
    return steer_v3(v.x * s, v.y * s, v.z * s);
}

/* a + b * s, written out so no compiler fuses it into an FMA differently per target. */
static inline steer_vec3 steer_add_scaled(steer_vec3 a, steer_vec3 b, float s)
{
    return steer_add(a, steer_scale(b, s));
}

/* Dot product. */
static inline float steer_dot(steer_vec3 a, steer_vec3 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

/* Cross product (right-handed). */
static inline steer_vec3 steer_cross(steer_vec3 a, steer_vec3 b)
{
    return steer_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

/* Squared length. */
static inline float steer_length_sq(steer_vec3 v)
{
    return steer_dot(v, v);
}

/* Square root; returns 0 for negative or NaN input (never NaN). sqrtf is correctly
 * rounded by IEEE 754, so this is deterministic everywhere. */
static inline float steer_sqrt(float x)
{
    return x > 0.0f ? sqrtf(x) : 0.0f;
}

/* Length; 0 for a non-finite vector whose squared length is NaN. */
static inline float steer_length(steer_vec3 v)
{
    return steer_sqrt(steer_length_sq(v));
}

/* Distance between two points. */
static inline float steer_distance(steer_vec3 a, steer_vec3 b)
{
    return steer_length(steer_sub(a, b));
}

/* True when x is neither NaN nor infinite. */
static inline bool steer_is_finite(float x)
{
    return x - x == 0.0f;
}

/* True when all three components are finite. (x - x is 0 for a finite x and NaN
 * otherwise, so one comparison of the sum decides, without a branch per component.) */
static inline bool steer_v3_is_finite(steer_vec3 v)
{
    return (v.x - v.x) + (v.y - v.y) + (v.z - v.z) == 0.0f;
}

/* Clamp x into [lo, hi]. NaN x gives lo. */
static inline float steer_clampf(float x, float lo, float hi)
{
    if (!(x >= lo)) return lo;
    return x > hi ? hi : x;
}

/* Unit vector along v; the zero vector when v is zero, tiny or non-finite. (Inline:
 * it sits in every behaviour's and the world's inner loops.) */
static inline steer_vec3 steer_normalize(steer_vec3 v)
{
    float len_sq = steer_length_sq(v);
    if (!(len_sq > STEER_EPSILON_SQ) || !steer_is_finite(len_sq)) return steer_v3_zero();
    return steer_scale(v, 1.0f / sqrtf(len_sq));
}

/* steer_truncate for a finite v whose squared length overflows float (|v| above about
 * 1.8e19): measured after dividing by its largest component. Non-finite v, or a
 * max_length below FLT_MIN (as steer_truncate), gives zero. */
STEER_API steer_vec3 steer_truncate_huge(steer_vec3 v, float max_length);

/* v shortened to at most max_length (Reynolds' truncate). A max_length below FLT_MIN
 * (1.2e-38: zero, negative, NaN or subnormal) gives zero: a subnormal limit has too few
 * bits to round the result under it. A non-finite v, or one so tiny (below about 1e-19)
 * that its squared length underflows, gives zero. A finite v of any length is shortened
 * along its own direction (beyond about 1.8e19 by steer_truncate_huge). */
static inline steer_vec3 steer_truncate(steer_vec3 v, float max_length)
{
    /* One comparison, as before: >= FLT_MIN also refuses NaN, zero and negatives. */
    if (!(max_length >= 1.17549435e-38f)) return steer_v3_zero(); /* FLT_MIN */
    float len_sq = steer_length_sq(v);
    if (!steer_is_finite(len_sq)) return steer_truncate_huge(v, max_length);
    /* An underflowed square (0 or subnormal for a nonzero v) cannot be compared with
     * max_length^2, which may have underflowed too: 6e-29 passed a 1e-38 limit (fuzz). */
    if (len_sq < 1.17549435e-38f) return steer_v3_zero(); /* FLT_MIN */
    if (len_sq <= max_length * max_length) return v;
    float len = sqrtf(len_sq), k = max_length / len;
    /* A subnormal ratio (a limit 1e38 times below |v|) has lost bits: scale in two
     * normal steps instead, or the result overshoots the limit (fuzz). */
    if (k < 1.17549435e-38f)
        return steer_v3(v.x / len * max_length, v.y / len * max_length, v.z / len * max_length);
    return steer_scale(v, k);
}

/* a + (b - a) * t */
static inline steer_vec3 steer_lerp(steer_vec3 a, steer_vec3 b, float t)
{
    return steer_add(a, steer_scale(steer_sub(b, a), t));
}

/* Scalar lerp: a + (b - a) * t */
static inline float steer_lerpf(float a, float b, float t)
{
    return a + (b - a) * t;
}

/* From this |angle| on, steer_wrap_angle reduces with the exact remainder fmodf: below
 * it, a - STEER_TAU * floor((a + pi) / STEER_TAU) as always (its rounding left the
 * interval from about 2e8). */
#define STEER_WRAP_EXACT_FROM 1e5f

/* Wrap an angle into (-pi, pi]: every finite input gives a result in that interval.
 * Non-finite input gives 0. Exact for |a| <= 3*pi; larger angles are reduced with a
 * remainder first (from |a| >= STEER_WRAP_EXACT_FROM the exact remainder
 * fmodf(a, STEER_TAU), which for such angles, whose float spacing is a large part of a
 * turn, is only a valid angle, not a meaningful one). */
STEER_API float steer_wrap_angle(float a);

/* Sine and cosine of x radians, |error| < 3e-7 for |x| <= 100 (tested against libm);
 * accuracy degrades slowly beyond. Non-finite x gives 0; |x| > 1e7 gives sin 0, cos 1. */
STEER_API float steer_sin(float x);
STEER_API float steer_cos(float x);

/* Both at once (cheaper than two calls). Non-finite x or |x| > 1e7 gives s = 0, c = 1.
 * A NULL s or c asserts, then nothing is written. */
STEER_API void steer_sincos(float x, float *s, float *c);

/* atan2(y, x) in (-pi, pi], |error| < 3e-7 rad (tested against libm). atan2(0, 0) is 0; NaN input
 * gives 0. Never -pi: y < 0 so small beside x < 0 that the angle rounds to -pi gives +pi
 * (the same direction), as does y = -0 with x < 0. */
STEER_API float steer_atan2(float y, float x);

STEER_EXTERN_C_END

#endif /* STEER_MATH_H */
