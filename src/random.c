/* SPDX-License-Identifier: MIT */
/* PCG32 (XSH-RR 64/32). Chosen over xorshift for its small state, good statistical
 * quality and independent streams; the constants are the reference ones. */
#include "random_internal.h"

steer_rng steer_rng_make(uint64_t seed, uint64_t stream)
{
    steer_rng rng;
    rng.state = 0u;
    rng.inc = (stream << 1u) | 1u;
    steer_rng_u32(&rng);
    rng.state += seed;
    steer_rng_u32(&rng);
    return rng;
}

uint32_t steer_rng_u32(steer_rng *rng)
{
    STEER_ASSERT(rng != NULL);
    if (rng == NULL) return 0u;
    return steer__rng_u32(rng);
}

float steer_rng_float(steer_rng *rng)
{
    STEER_ASSERT(rng != NULL);
    return rng != NULL ? steer__rng_float(rng) : 0.0f;
}

float steer_rng_range(steer_rng *rng, float lo, float hi)
{
    STEER_ASSERT(rng != NULL);
    return rng != NULL ? steer__rng_range(rng, lo, hi) : lo;
}

uint32_t steer_rng_below(steer_rng *rng, uint32_t bound)
{
    STEER_ASSERT(rng != NULL);
    /* Without the check a NULL rng draws 0 forever, below the rejection threshold. */
    if (rng == NULL || bound == 0u) return 0u;
    uint32_t threshold = (0u - bound) % bound;
    for (;;) {
        uint32_t r = steer_rng_u32(rng);
        if (r >= threshold) return r % bound;
    }
}
