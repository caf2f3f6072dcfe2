/* SPDX-License-Identifier: MIT */
/* steer/random.h - a small seeded random generator the caller owns (PCG32).
 *
 * The library never calls rand() or reads a clock: every function that needs
 * randomness takes a steer_rng*. The same seed and stream give the same sequence on
 * every platform, so runs can be replayed. A steer_rng is 16 bytes; give each agent or
 * each world its own, or derive several from one seed with different streams.
 */
#ifndef STEER_RANDOM_H
#define STEER_RANDOM_H

#include "steer/base.h"

STEER_EXTERN_C_BEGIN

/* PCG32 state (M.E. O'Neill's permuted congruential generator, XSH-RR output).
 * Treat the fields as private; copy the struct to fork or save a generator. */
typedef struct steer_rng {
    uint64_t state;
    uint64_t inc; /* stream selector, always odd */
} steer_rng;

/* A generator seeded with `seed` on stream `stream`. Different streams with the same
 * seed give independent sequences. */
STEER_API steer_rng steer_rng_make(uint64_t seed, uint64_t stream);

/* Next 32 random bits. */
STEER_API uint32_t steer_rng_u32(steer_rng *rng);

/* Uniform float in [0, 1): 24 random bits, so every value is exactly representable. */
STEER_API float steer_rng_float(steer_rng *rng);

/* Uniform float in [lo, hi). Returns lo when hi <= lo or either is not finite. */
STEER_API float steer_rng_range(steer_rng *rng, float lo, float hi);

/* Uniform integer in [0, bound) without modulo bias. Returns 0 when bound is 0. A NULL
 * rng asserts, then gives 0 (as do steer_rng_u32 and steer_rng_float; steer_rng_range
 * gives lo). */
STEER_API uint32_t steer_rng_below(steer_rng *rng, uint32_t bound);

STEER_EXTERN_C_END

#endif /* STEER_RANDOM_H */
