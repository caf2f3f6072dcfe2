/* SPDX-License-Identifier: MIT */
/* PCG32 per lane (private): each lane steps its own generator exactly as
 * steer__rng_u32 (random_internal.h) does, so the vector path draws the same numbers as
 * the scalar one, a whole block's draws in a few vector operations instead of one
 * generator at a time. Needs lanes.h's STEER_LANES. */
#ifndef STEER_LANES_RANDOM_H
#define STEER_LANES_RANDOM_H

#include "lanes.h"
#include "random_internal.h"

#if STEER_LANES

typedef uint64_t steer_ul __attribute__((vector_size(8 * STEER_LANES_WIDTH)));
typedef uint32_t steer_ul32 __attribute__((vector_size(4 * STEER_LANES_WIDTH)));

/* The lanes' generators: lane k's steer_rng is {state[k], inc[k]}. */
typedef struct steer_lanes_rng {
    steer_ul state, inc;
} steer_lanes_rng;

/* steer__rng_u32 per lane. */
static inline steer_ul32 steer_lanes_rng_u32(steer_lanes_rng *r)
{
    steer_ul old = r->state;
    r->state = old * STEER_PCG_MULT + r->inc;
    steer_ul32 xorshifted = __builtin_convertvector(((old >> 18u) ^ old) >> 27u, steer_ul32);
    steer_ul32 rot = __builtin_convertvector(old >> 59u, steer_ul32);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

/* steer__rng_float per lane: the top 24 bits, exact as a float. */
static inline steer_fl steer_lanes_rng_float(steer_lanes_rng *r)
{
    steer_il top = (steer_il)(steer_lanes_rng_u32(r) >> 8u);
    return __builtin_convertvector(top, steer_fl) * (1.0f / 16777216.0f);
}

/* steer__rng_range per lane for finite lo < hi, the same in every lane. */
static inline steer_fl steer_lanes_rng_range(steer_lanes_rng *r, float lo, float hi)
{
    steer_fl v = lo + (hi - lo) * steer_lanes_rng_float(r);
    return steer_fl_select(v < hi, v, steer_fl_splat(lo));
}

#endif /* STEER_LANES */

#endif /* STEER_LANES_RANDOM_H */
