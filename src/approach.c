/* SPDX-License-Identifier: MIT */
/* The "random approach" waypoint rule (docs/origins.md) and its leg bound
 * (steer/approach.h, docs/paths.md). */
#include "steer/approach.h"

#include "steering_internal.h"

#include <math.h>

/* Below this distance the walker is on the target: go there (a zero-length leg). */
#define STEER_APPROACH_AT_TARGET 1e-6f

/* Relative slack added to every worst-case step of the leg bound, so float rounding in a
 * real walk can never take it past the bound. */
#define STEER_APPROACH_BOUND_SLACK 1e-4

/* Iterations after which the leg bound gives up (-1): progress is too slow to matter. */
#define STEER_APPROACH_BOUND_ITERATIONS 100000

steer_approach_params steer_approach_default(void)
{
    steer_approach_params p;
    p.min_step = 1.0f;
    p.max_step = 10.0f;
    p.step_factor = 0.5f;
    p.aggro_distance = 30.0f;
    p.max_fov = 0.5f * STEER_PI;
    p.fov_scale = 0.5f;
    return p;
}

/* The parameters after the bad-value rules of the header. */
static steer_approach_params steer_approach_read(const steer_approach_params *params)
{
    steer_approach_params p = params != NULL ? *params : steer_approach_default();
    p.min_step = steer__nonneg(p.min_step);
    p.max_step = steer__nonneg(p.max_step);
    if (p.max_step < p.min_step) p.max_step = p.min_step;
    p.step_factor = steer__nonneg(p.step_factor);
    p.aggro_distance = steer__nonneg(p.aggro_distance);
    p.max_fov = steer__nonneg(p.max_fov);
    p.fov_scale = steer__nonneg(p.fov_scale);
    return p;
}

static float steer_approach_step(const steer_approach_params *p, float d)
{
    return steer_clampf(d * p->step_factor, p->min_step, p->max_step);
}

static bool steer_approach_is_final(const steer_approach_params *p, float d)
{
    return d < STEER_APPROACH_AT_TARGET || steer_approach_step(p, d) > d;
}

/* The walker's field of view: lerp(0, max_fov, clamp(d, 0, aggro) / aggro) * fov_scale. */
static float steer_approach_limit(const steer_approach_params *p, float d)
{
    float t = 1.0f;
    if (p->aggro_distance > 0.0f) t = steer_clampf(d, 0.0f, p->aggro_distance) / p->aggro_distance;
    return steer_clampf(steer_lerpf(0.0f, p->max_fov, t) * p->fov_scale, 0.0f, STEER_PI);
}

/* v turned by `angle` about the space's up axis. The part in the plane is turned with
 * the space's own orientation convention, so "left" matches the agent's orientation;
 * the part along the up axis (3D only) is kept. */
static steer_vec3 steer_turn_about_up(steer_space space, steer_vec3 v, float angle)
{
    steer_vec3 up = steer_space_up(space);
    float along = steer_dot(v, up);
    steer_vec3 flat = steer_sub(v, steer_scale(up, along));
    float orientation = steer_space_orientation(space, flat, 0.0f);
    /* A leg so long its square overflows (a max_step near FLT_MAX) is measured in double:
     * steer_length's inf times the heading's 0 was NaN. */
    float len = steer_length(flat);
    if (!steer_is_finite(len)) len = steer__length_wide(flat.x, flat.y, flat.z);
    steer_vec3 turned = steer_scale(steer_space_heading(space, orientation + angle), len);
    return steer_add_scaled(turned, up, along);
}

/* For target - from whose square overflows float (in-plane distances beyond about
 * 1.8e19, or a difference beyond FLT_MAX): the direction and distance in double (whose
 * squares of float differences cannot overflow), the distance held at FLT_MAX. */
static float steer_approach_far(steer_space space, steer_vec3 from, steer_vec3 target,
                                steer_vec3 *unit)
{
    double x = (double)target.x - from.x, y = (double)target.y - from.y;
    double z = (double)target.z - from.z;
    if (space == STEER_SPACE_XY) z = 0.0; /* as steer_space_project */
    if (space == STEER_SPACE_XZ) y = 0.0;
    double d = sqrt(x * x + y * y + z * z); /* > 1.8e19 here */
    *unit = steer_v3((float)(x / d), (float)(y / d), (float)(z / d));
    return steer__length_wide(x, y, z);
}

static steer_approach_leg steer_approach_final(steer_vec3 target, float d)
{
    steer_approach_leg leg = {target, d, d, 0.0f, 0.0f, true};
    return leg;
}

steer_approach_leg steer_approach_next_drawn(steer_space space, steer_vec3 from, steer_vec3 target,
                                             const steer_approach_params *params,
                                             float deviation_draw, float side_draw)
{
    if (!steer_v3_is_finite(target)) {
        steer_approach_leg stay = {
            steer_v3_is_finite(from) ? from : steer_v3_zero(), 0.0f, 0.0f, 0.0f, 0.0f, false};
        return stay;
    }
    if (!steer_v3_is_finite(from)) return steer_approach_final(target, 0.0f);
    steer_approach_params p = steer_approach_read(params);
    steer_vec3 dir = steer_space_project(space, steer_sub(target, from)), unit = dir;
    float d = steer_length(dir);
    /* d = inf made the offset below inf * 0: a NaN waypoint. */
    bool far = !steer_is_finite(steer_length_sq(dir));
    if (far) d = steer_approach_far(space, from, target, &unit);
    if (steer_approach_is_final(&p, d)) return steer_approach_final(target, d);
    steer_approach_leg leg;
    leg.distance = d;
    leg.step = steer_approach_step(&p, d);
    leg.max_deviation = steer_approach_limit(&p, d);
    leg.deviation = steer_clampf(deviation_draw, 0.0f, 1.0f) * leg.max_deviation;
    if (!(steer_clampf(side_draw, 0.0f, 1.0f) < 0.5f)) leg.deviation = -leg.deviation;
    steer_vec3 offset = far ? steer_scale(unit, leg.step) : steer_scale(dir, leg.step / d);
    leg.waypoint = steer_add(from, steer_turn_about_up(space, offset, leg.deviation));
    /* A long leg from near +-FLT_MAX can pass the float range: held at its edge. */
    leg.waypoint = steer__hold_in_range(leg.waypoint);
    leg.reaches_target = false;
    return leg;
}

steer_approach_leg steer_approach_next(steer_space space, steer_vec3 from, steer_vec3 target,
                                       const steer_approach_params *params, steer_rng *rng)
{
    STEER_ASSERT(rng != NULL);
    float deviation_draw = rng != NULL ? steer_rng_float(rng) : 0.0f;
    float side_draw = rng != NULL ? steer_rng_float(rng) : 0.0f;
    return steer_approach_next_drawn(space, from, target, params, deviation_draw, side_draw);
}

int steer_approach_plan(steer_space space, steer_vec3 from, steer_vec3 target,
                        const steer_approach_params *params, steer_rng *rng, steer_vec3 *out,
                        int capacity, bool *reached)
{
    if (reached != NULL) *reached = false;
    if (out == NULL || capacity <= 0) return 0;
    int n = 0;
    while (n < capacity) {
        steer_approach_leg leg = steer_approach_next(space, from, target, params, rng);
        out[n++] = leg.waypoint;
        from = leg.waypoint;
        if (leg.reaches_target || leg.step <= 0.0f) {
            if (reached != NULL) *reached = leg.reaches_target;
            break;
        }
    }
    return n;
}

/* ---- the leg bound (docs/paths.md, "How many legs") ------------------------------- */

/* Distance left after a leg taken from distance d with the full deviation: the largest
 * possible, since a wider turn always ends farther away. */
static double steer_approach_worst(const steer_approach_params *p, double d)
{
    double s = steer_approach_step(p, (float)d);
    double c = steer_cos(steer_approach_limit(p, (float)d));
    double sq = d * d + s * s - 2.0 * d * s * c;
    return (sq > 0.0 ? sqrt(sq) : 0.0) * (1.0 + STEER_APPROACH_BOUND_SLACK);
}

/* Legs from distance d by iterating the worst case; -1 without progress. */
static int steer_approach_iterate(const steer_approach_params *p, double d)
{
    for (int legs = 1; legs <= STEER_APPROACH_BOUND_ITERATIONS; legs++) {
        if (steer_approach_is_final(p, (float)d)) return legs;
        double next = steer_approach_worst(p, d);
        if (!(next < d)) return -1;
        d = next;
    }
    return -1;
}

int steer_approach_max_legs(float distance, const steer_approach_params *params)
{
    if (!(distance >= 0.0f) || !steer_is_finite(distance)) return -1;
    steer_approach_params p = steer_approach_read(params);
    /* Beyond far, both the step (max_step) and the deviation limit are constant, and
     * d - worst(d) grows with d, so every leg there gains at least gain(far). */
    double far = p.aggro_distance > p.max_step ? p.aggro_distance : p.max_step;
    if (p.step_factor > 0.0f && p.max_step / p.step_factor > far) far = p.max_step / p.step_factor;
    if (distance <= far || steer_approach_is_final(&p, distance))
        return steer_approach_iterate(&p, distance);
    double gain = far - steer_approach_worst(&p, far);
    int rest = steer_approach_iterate(&p, far);
    if (!(gain > 0.0) || rest < 0) return -1;
    double legs = floor((distance - far) / gain) + 1.0 + rest;
    return legs < (double)STEER_APPROACH_BOUND_ITERATIONS ? (int)legs : -1;
}
