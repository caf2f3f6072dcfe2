/* SPDX-License-Identifier: MIT */
/* Zero-safe vector helpers (the out-of-line parts) and the library's own trigonometry.
 *
 * Why our own sin/cos/atan2: libm implementations differ between glibc versions,
 * compilers' builtins and wasi-libc, which would make the same seed give different
 * trajectories on different platforms. These use only +, -, *, / and floor, which are
 * correctly rounded IEEE operations everywhere (with -ffp-contract=off). The
 * polynomials are the classic Cephes single-precision minimax fits. */
#include "steer/math.h"

#include <float.h>
#include <math.h>

float steer_wrap_angle(float a)
{
    if (!steer_is_finite(a)) return 0.0f;
    if (a > STEER_PI || a <= -STEER_PI) {
        if (a < STEER_WRAP_EXACT_FROM && a > -STEER_WRAP_EXACT_FROM)
            a -= STEER_TAU * floorf((a + STEER_PI) / STEER_TAU);
        else
            a = fmodf(a, STEER_TAU); /* exact (C11 F.10.7.1), so the same on every libm */
        /* Rounding can leave a hair outside the interval; fold it back. After fmodf,
         * |a| < STEER_TAU and each fold is exact (Sterbenz). */
        if (a <= -STEER_PI) a += STEER_TAU;
        if (a > STEER_PI) a -= STEER_TAU;
    }
    return a;
}

steer_vec3 steer_truncate_huge(steer_vec3 v, float max_length)
{
    if (!steer_v3_is_finite(v) || !(max_length >= FLT_MIN)) return steer_v3_zero();
    float m = fmaxf(fabsf(v.x), fmaxf(fabsf(v.y), fabsf(v.z)));
    if (!(m > 0.0f)) return steer_v3_zero();
    /* Divided rather than multiplied by 1/m, which is subnormal for m near FLT_MAX. */
    steer_vec3 u = steer_v3(v.x / m, v.y / m, v.z / m);
    float len_u = sqrtf(steer_length_sq(u)); /* in [1, sqrt 3]: |v| = m * len_u */
    if (max_length / m >= len_u) return v;
    return steer_scale(u, max_length / len_u);
}

/* Polynomials valid on [-pi/4, pi/4]. */
static float steer_sin_poly(float r)
{
    float z = r * r;
    return ((-1.9515295891e-4f * z + 8.3321608736e-3f) * z - 1.6666654611e-1f) * z * r + r;
}

static float steer_cos_poly(float r)
{
    float z = r * r;
    return ((2.443315711809948e-5f * z - 1.388731625493765e-3f) * z + 4.166664568298827e-2f) * z *
               z -
           0.5f * z + 1.0f;
}

void steer_sincos(float x, float *s, float *c)
{
    STEER_ASSERT(s != NULL && c != NULL);
    if (s == NULL || c == NULL) return;
    if (!steer_is_finite(x) || x > 1e7f || x < -1e7f) {
        *s = 0.0f;
        *c = 1.0f;
        return;
    }
    /* Reduce x = k*(pi/2) + r with pi/2 split in three parts (Cody-Waite), so that
     * k*part is exact in float for the k we accept. */
    float k = floorf(x * 0.63661977236758134f + 0.5f);
    float r = ((x - k * 1.5703125f) - k * 4.837512969970703125e-4f) - k * 7.54978995489188216e-8f;
    float sr = steer_sin_poly(r);
    float cr = steer_cos_poly(r);
    int q = (int)(k - 4.0f * floorf(k * 0.25f)); /* k mod 4, also for negative k */
    switch (q) {
    case 0:
        *s = sr;
        *c = cr;
        break;
    case 1:
        *s = cr;
        *c = -sr;
        break;
    case 2:
        *s = -sr;
        *c = -cr;
        break;
    default:
        *s = -cr;
        *c = sr;
        break;
    }
}

float steer_sin(float x)
{
    float s, c;
    steer_sincos(x, &s, &c);
    return steer_is_finite(x) ? s : 0.0f;
}

float steer_cos(float x)
{
    float s, c;
    steer_sincos(x, &s, &c);
    return steer_is_finite(x) ? c : 0.0f;
}

/* atan for x >= 0. */
static float steer_atan_pos(float x)
{
    float base = 0.0f;
    if (x > 2.414213562373095f) {
        base = 0.5f * STEER_PI;
        x = -1.0f / x;
    } else if (x > 0.4142135623730950f) {
        base = 0.25f * STEER_PI;
        x = (x - 1.0f) / (x + 1.0f);
    }
    float z = x * x;
    float p = (((8.05374449538e-2f * z - 1.38776856032e-1f) * z + 1.99777106478e-1f) * z -
               3.33329491539e-1f) *
                  z * x +
              x;
    return base + p;
}

float steer_atan2(float y, float x)
{
    if (!steer_is_finite(y) || !steer_is_finite(x)) {
        if (y != y || x != x) return 0.0f;
        /* Infinities: fall back to the direction of the signs. */
        float sy = y > 0.0f ? 1.0f : (y < 0.0f ? -1.0f : 0.0f);
        float sx = x > 0.0f ? 1.0f : (x < 0.0f ? -1.0f : 0.0f);
        if (steer_is_finite(y)) sy = 0.0f;
        if (steer_is_finite(x)) sx = 0.0f;
        return steer_atan2(sy, sx);
    }
    if (x == 0.0f) {
        if (y > 0.0f) return 0.5f * STEER_PI;
        if (y < 0.0f) return -0.5f * STEER_PI;
        return 0.0f;
    }
    float ay = y < 0.0f ? -y : y;
    float ax = x < 0.0f ? -x : x;
    float a = steer_atan_pos(ay / ax); /* ay/ax may be 0 or +inf; both handled */
    if (x < 0.0f) a = STEER_PI - a;
    /* y < 0 so small beside x < 0 that a rounds to pi: -pi is outside (-pi, pi] and
     * names the same direction as pi, which is returned instead. */
    return y < 0.0f && a < STEER_PI ? -a : a;
}
