/* steer/base.h - version, assertion hook and the conventions every header shares.
 *
 * Conventions (see docs/conventions.md):
 * - Every public symbol starts with `steer_` (types, functions) or `STEER_` (macros).
 * - Angles are radians. Distances are "world units"; times are seconds under the
 *   kinematic model and frames under the Reynolds per-frame model (docs/agent.md).
 * - No function keeps global state, reads a clock or calls rand(); randomness comes from
 *   a steer_rng the caller owns (steer/random.h).
 * - Bad numbers (NaN, infinity, zero-length vectors, zero or negative limits) never crash
 *   and never produce NaN: each function documents its result for them.
 */
#ifndef STEER_BASE_H
#define STEER_BASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define STEER_VERSION_MAJOR 0
#define STEER_VERSION_MINOR 1
#define STEER_VERSION_PATCH 0

/* Assertion used for programmer errors only (a NULL pointer where one is required).
 * Define STEER_ASSERT before including any steer header, and when building the library,
 * to route it to your engine's handler. Bad *numbers* never assert: they are handled and
 * documented. When assertions are compiled out (NDEBUG), a NULL argument makes the
 * function return its documented zero result. */
#ifndef STEER_ASSERT
#include <assert.h>
#define STEER_ASSERT(cond) assert(cond)
#endif

#endif /* STEER_BASE_H */
