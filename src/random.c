/* PCG32 (XSH-RR 64/32). Chosen over xorshift for its small state, good statistical
 * quality and independent streams; the constants are the reference ones. */
#include "steer/random.h"

#include "steer/math.h"

#define STEER_PCG_MULT 6364136223846793005ULL

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
    uint64_t old = rng->state;
    rng->state = old * STEER_PCG_MULT + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

float steer_rng_float(steer_rng *rng)
{
    return (float)(steer_rng_u32(rng) >> 8) * (1.0f / 16777216.0f);
}

float steer_rng_range(steer_rng *rng, float lo, float hi)
{
    if (!steer_is_finite(lo) || !steer_is_finite(hi) || !(hi > lo)) return lo;
    float v = lo + (hi - lo) * steer_rng_float(rng);
    return v < hi ? v : lo; /* rounding can reach hi; keep the interval half-open */
}

uint32_t steer_rng_below(steer_rng *rng, uint32_t bound)
{
    if (bound == 0u) return 0u;
    uint32_t threshold = (0u - bound) % bound;
    for (;;) {
        uint32_t r = steer_rng_u32(rng);
        if (r >= threshold) return r % bound;
    }
}
