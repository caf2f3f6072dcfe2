/* SPDX-License-Identifier: MIT */
/* Helpers shared by the behaviour files; not part of the public API. */
#ifndef STEER_STEERING_INTERNAL_H
#define STEER_STEERING_INTERNAL_H

#include "steer/agent.h"

#include <math.h>

/* True when a behaviour may run: agent present with finite state. */
static inline bool steer__usable(const steer_agent *agent)
{
    STEER_ASSERT(agent != NULL);
    return agent != NULL && steer_agent_state_is_finite(agent);
}

/* a + (b - a) * f, or where that is not finite (b - a overflowed: a and b near
 * +-FLT_MAX with opposite signs, and inf * 0 is NaN) the weighted form a * (1 - f) +
 * b * f, whose opposite-signed terms cannot overflow. Finite a, b and f in [0, 1] give
 * a finite result, the same bits as steer_lerp wherever that one is finite. */
static inline steer_vec3 steer__lerp_wide(steer_vec3 a, steer_vec3 b, float f)
{
    steer_vec3 r = steer_lerp(a, b, f);
    if (steer_v3_is_finite(r)) return r;
    return steer_add(steer_scale(a, 1.0f - f), steer_scale(b, f));
}

/* The length of (x, y, z), float components taken in double, where the float square
 * would overflow (lengths beyond about 1.8e19); held at FLT_MAX (3.4028235e38). */
static inline float steer__length_wide(double x, double y, double z)
{
    double d = sqrt(x * x + y * y + z * z);
    return d < 3.40282347e38 ? (float)d : 3.40282347e38f;
}

/* v with each infinite component held at +-FLT_MAX (3.4028235e38): for results that
 * overflowed in the last step, so they stay usable positions. NaN components become
 * -FLT_MAX (callers pass sums of finite values, which are never NaN). */
static inline steer_vec3 steer__hold_in_range(steer_vec3 v)
{
    if (steer_v3_is_finite(v)) return v;
    const float m = 3.40282347e38f; /* FLT_MAX */
    return steer_v3(steer_clampf(v.x, -m, m), steer_clampf(v.y, -m, m), steer_clampf(v.z, -m, m));
}

/* A point given in a frame at `position` facing `orientation` in `space`: x forward
 * (steer_space_heading), y left (up x forward), z up. Offset pursuit and formations
 * read their slots with it. */
static inline steer_vec3 steer__frame_point(steer_space space, steer_vec3 position,
                                            float orientation, steer_vec3 offset)
{
    steer_vec3 fwd = steer_space_heading(space, orientation);
    steer_vec3 up = steer_space_up(space);
    steer_vec3 left = steer_cross(up, fwd);
    steer_vec3 p = steer_add_scaled(position, fwd, offset.x);
    p = steer_add_scaled(p, left, offset.y);
    return steer_add_scaled(p, up, offset.z);
}

/* x if finite and >= 0, else 0: the reading of every limit and radius. */
static inline float steer__nonneg(float x)
{
    return x >= 0.0f && steer_is_finite(x) ? x : 0.0f;
}

/* x if finite and > 0, else `fallback`. */
static inline float steer__positive_or(float x, float fallback)
{
    return x > 0.0f && steer_is_finite(x) ? x : fallback;
}

/* Steering as the integrators apply it (steer/integrate.h): a linear part with a
 * non-finite component reads as zero (all of it), a non-finite angular part as 0. */
static inline steer_steering steer__steering_sanitize(steer_steering s)
{
    if (!steer_v3_is_finite(s.linear)) s.linear = steer_v3_zero();
    if (!steer_is_finite(s.angular)) s.angular = 0.0f;
    return s;
}

/* Step length the agent's model integrates with: 1 frame (Reynolds) or `step` seconds. */
float steer__model_step(const steer_agent *agent, float step);

/* Largest linear acceleration the agent can apply per time unit of its model
 * (max_force / mass for Reynolds, max_accel for kinematic). */
float steer__max_accel(const steer_agent *agent);

/* The highest speed from which an agent braking at `accel`, integrated with
 * semi-implicit Euler in steps of h, still stops within `distance`. */
float steer__stopping_speed(float distance, float accel, float h);

/* The agent's mass as the Reynolds integrator reads it (<= 0 or NaN is 1). */
static inline float steer__mass(const steer_agent *agent)
{
    return steer__positive_or(agent->mass, 1.0f);
}

/* Steering that changes the velocity to `desired` over `time`: (desired - velocity) /
 * time as an acceleration (times mass under the Reynolds model, where the output is a
 * force), projected on the agent's plane and limited. */
steer_steering steer__reach_velocity(const steer_agent *agent, steer_vec3 desired, float time);

#endif /* STEER_STEERING_INTERNAL_H */
