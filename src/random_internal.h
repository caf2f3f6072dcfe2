/* SPDX-License-Identifier: MIT */
/* The PCG32 step and the float draws inline (private): random.c's public functions are
 * these, and the world's vector path (world_lanes.c) calls them per lane without a call
 * per draw. */
#ifndef STEER_RANDOM_INTERNAL_H
#define STEER_RANDOM_INTERNAL_H

#include "steer/math.h"
#include "steer/random.h"

#define STEER_PCG_MULT 6364136223846793005ULL

/* steer_rng_u32 for a non-NULL generator. */
static inline uint32_t steer__rng_u32(steer_rng *rng)
{
    uint64_t old = rng->state;
    rng->state = old * STEER_PCG_MULT + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

/* steer_rng_float for a non-NULL generator. */
static inline float steer__rng_float(steer_rng *rng)
{
    return (float)(steer__rng_u32(rng) >> 8) * (1.0f / 16777216.0f);
}

/* steer_rng_range for a non-NULL generator. */
static inline float steer__rng_range(steer_rng *rng, float lo, float hi)
{
    if (!steer_is_finite(lo) || !steer_is_finite(hi) || !(hi > lo)) return lo;
    float v = lo + (hi - lo) * steer__rng_float(rng);
    return v < hi ? v : lo; /* rounding can reach hi; keep the interval half-open */
}

#endif /* STEER_RANDOM_INTERNAL_H */
