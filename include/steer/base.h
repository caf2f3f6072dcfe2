/* SPDX-License-Identifier: MIT */
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

/* The version of these headers (docs/api-stability.md says how versions move). Compare
 * it with steer_version() at start-up to check that a shared library is the one the game
 * was built against: the major number must match, and while it is 0 the minor as well. */
#define STEER_VERSION_MAJOR  0
#define STEER_VERSION_MINOR  1
#define STEER_VERSION_PATCH  0
#define STEER_VERSION_STRING "0.1.0"
/* One number: major * 10000 + minor * 100 + patch (0.1.0 is 100). */
#define STEER_VERSION                                                                              \
    (STEER_VERSION_MAJOR * 10000 + STEER_VERSION_MINOR * 100 + STEER_VERSION_PATCH)

/* STEER_API marks the functions of the public API, the only symbols the shared library
 * exports (everything else is built with hidden visibility). On Windows, define
 * STEER_SHARED when using the DLL; the library's own build defines STEER_BUILDING_SHARED. */
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(STEER_BUILDING_SHARED)
#define STEER_API __declspec(dllexport)
#elif defined(STEER_SHARED)
#define STEER_API __declspec(dllimport)
#else
#define STEER_API
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define STEER_API __attribute__((visibility("default")))
#else
#define STEER_API
#endif

/* C linkage for every declaration when a header is included from C++. */
#ifdef __cplusplus
#define STEER_EXTERN_C_BEGIN extern "C" {
#define STEER_EXTERN_C_END   }
#else
#define STEER_EXTERN_C_BEGIN
#define STEER_EXTERN_C_END
#endif

/* Assertion used for programmer errors only (a NULL pointer where one is required).
 * Define STEER_ASSERT before including any steer header, and when building the library,
 * to route it to your engine's handler. Bad *numbers* never assert: they are handled and
 * documented. When assertions are compiled out (NDEBUG), a NULL argument makes the
 * function return its documented zero result. */
#ifndef STEER_ASSERT
#include <assert.h>
#define STEER_ASSERT(cond) assert(cond)
#endif

STEER_EXTERN_C_BEGIN

/* The version of the library actually linked, as STEER_VERSION (major * 10000 + minor *
 * 100 + patch). Differs from STEER_VERSION when a game loads another build's shared
 * library. */
STEER_API int steer_version(void);

/* The linked library's version as text, "major.minor.patch" (a static string). */
STEER_API const char *steer_version_string(void);

STEER_EXTERN_C_END

#endif /* STEER_BASE_H */
