/* SPDX-License-Identifier: MIT */
/* fuzz_input.h - reading typed values out of a fuzzer's byte string, and the check
 * every target uses for its properties.
 *
 * The same entry point (LLVMFuzzerTestOneInput) runs under libFuzzer (make fuzz) and
 * under the replay driver in the normal test suite (fuzz_replay.c), so a property that
 * fails aborts the process in both: libFuzzer saves the input, CTest fails the test.
 *
 * Reading past the end gives zeros, so every input, however short, is a valid run.
 * Floats come in three flavours chosen by a selector byte: special values (zero, signed
 * zero, the extremes, denormals, infinities, NaN), moderate numbers on a 1/256 grid in
 * [-128, 128) (where games live and where the fuzzer mutates most usefully), and raw bit
 * patterns (anything a float can hold). The reader remembers whether it handed out a
 * non-finite value, so a target can assert properties that hold "given finite input".
 */
#ifndef STEER_FUZZ_INPUT_H
#define STEER_FUZZ_INPUT_H

#include "steer/agent.h"
#include "steer/behaviours.h"
#include "steer/crowd.h"
#include "steer/flock.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The fuzzer's entry point, defined once per target. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A property of the library failed: say which and stop the process (libFuzzer keeps the
 * input as a crash; the replay test fails). */
#define FUZZ_REQUIRE(cond, ...)                                                                    \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: property failed: %s: ", __FILE__, __LINE__, #cond);            \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, "\n");                                                                 \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

typedef struct fuzz_input {
    const uint8_t *data;
    size_t size, at;
    int nonfinite; /* floats handed out that were NaN or infinite */
    float max_abs; /* largest finite magnitude handed out */
} fuzz_input;

static inline fuzz_input fuzz_input_make(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size, 0, 0, 0.0f};
    return in;
}

static inline int fuzz_input_left(const fuzz_input *in)
{
    return in->at < in->size ? 1 : 0;
}

static inline uint8_t fuzz_u8(fuzz_input *in)
{
    return in->at < in->size ? in->data[in->at++] : 0u;
}

static inline uint32_t fuzz_u32(fuzz_input *in)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) v |= (uint32_t)fuzz_u8(in) << (8 * i);
    return v;
}

/* An integer in [0, n) (n >= 1). */
static inline int fuzz_below(fuzz_input *in, int n)
{
    return n <= 256 ? (int)(fuzz_u8(in) % (unsigned)n) : (int)(fuzz_u32(in) % (unsigned)n);
}

static inline int fuzz_bool(fuzz_input *in)
{
    return fuzz_u8(in) & 1u;
}

static inline float fuzz_note(fuzz_input *in, float f)
{
    if (!isfinite(f))
        in->nonfinite++;
    else if (fabsf(f) > in->max_abs)
        in->max_abs = fabsf(f);
    return f;
}

/* Any float, weighted towards the values that break arithmetic (see the file comment). */
static inline float fuzz_float(fuzz_input *in)
{
    static const float special[] = {
        0.0f,       -0.0f,      1.0f,   -1.0f,   0.5f,     1e-30f,          1e-45f,
        FLT_MIN,    1e20f,      -1e20f, FLT_MAX, -FLT_MAX, (float)INFINITY, -(float)INFINITY,
        (float)NAN, 3.14159265f};
    uint8_t sel = fuzz_u8(in);
    if (sel < 24) return fuzz_note(in, special[sel % (sizeof special / sizeof special[0])]);
    if (sel < 224) {
        int16_t q = (int16_t)(uint16_t)(fuzz_u8(in) | (uint16_t)fuzz_u8(in) << 8);
        return fuzz_note(in, (float)q / 256.0f);
    }
    uint32_t bits = fuzz_u32(in);
    float f;
    memcpy(&f, &bits, sizeof f);
    return fuzz_note(in, f);
}

/* A finite float in [lo, hi], 256 steps (for sizes that would otherwise make a run take
 * forever, never for the values under test). */
static inline float fuzz_float_in(fuzz_input *in, float lo, float hi)
{
    float u = (float)fuzz_u8(in) / 255.0f;
    return lo + (hi - lo) * u;
}

static inline steer_vec3 fuzz_vec3(fuzz_input *in)
{
    float x = fuzz_float(in), y = fuzz_float(in), z = fuzz_float(in);
    return steer_v3(x, y, z);
}

static inline int fuzz_vec3_is_finite(steer_vec3 v)
{
    return isfinite(v.x) && isfinite(v.y) && isfinite(v.z);
}

static inline int fuzz_steering_has_nan(steer_steering s)
{
    return isnan(s.linear.x) || isnan(s.linear.y) || isnan(s.linear.z) || isnan(s.angular);
}

/* ---- generators shared by the targets (the draw order is part of what a saved input
 * means: change it and the corpus replays other cases) ---- */

/* An agent with every field drawn: any space, model and facing, any floats. */
static inline steer_agent fuzz_agent(fuzz_input *in)
{
    steer_agent a = fuzz_bool(in) ? steer_agent_default() : steer_agent_default_reynolds();
    a.space = (steer_space)fuzz_below(in, 3);
    a.model = (steer_model)fuzz_below(in, 2);
    a.facing = (steer_facing)fuzz_below(in, 2);
    a.position = fuzz_vec3(in);
    a.velocity = fuzz_vec3(in);
    a.orientation = fuzz_float(in);
    a.rotation = fuzz_float(in);
    a.max_speed = fuzz_float(in);
    a.max_accel = fuzz_float(in);
    a.max_force = fuzz_float(in);
    a.mass = fuzz_float(in);
    a.max_rotation = fuzz_float(in);
    a.max_angular_accel = fuzz_float(in);
    a.radius = fuzz_float(in);
    return a;
}

static inline steer_arrive_params fuzz_arrive(fuzz_input *in)
{
    steer_arrive_params p = steer_arrive_default(); /* the switches keep their defaults */
    p.target_radius = fuzz_float(in);
    p.slow_radius = fuzz_float(in);
    p.time_to_target = fuzz_float(in);
    p.step = fuzz_float(in);
    p.rest_speed = fuzz_float(in);
    return p;
}

static inline steer_neighbourhood fuzz_neighbourhood(fuzz_input *in)
{
    steer_neighbourhood nb;
    nb.radius = fuzz_float(in);
    nb.cos_view = fuzz_float(in);
    return nb;
}

/* Every field of the ORCA filter's settings; max_neighbours also below 0 and above 32. */
static inline steer_orca_params fuzz_orca(fuzz_input *in)
{
    steer_orca_params p = steer_orca_default();
    p.radius = fuzz_float(in);
    p.neighbour_dist = fuzz_float(in);
    p.max_neighbours = fuzz_below(in, STEER_ORCA_MAX_NEIGHBOURS + 8) - 4;
    p.time_horizon = fuzz_float(in);
    p.time_horizon_obstacles = fuzz_float(in);
    p.responsibility = fuzz_float(in);
    p.clearance = fuzz_float(in);
    p.sidestep = fuzz_float(in);
    return p;
}

#endif /* STEER_FUZZ_INPUT_H */
