/* SPDX-License-Identifier: MIT */
/* Wander, both methods: Reynolds' wander circle and seeking a random target. */
#include "steer/wander.h"

#include "steer/behaviours.h"
#include "steering_internal.h"

steer_wander_params steer_wander_default(void)
{
    steer_wander_params p;
    p.circle_distance = 2.0f;
    p.circle_radius = 1.0f;
    p.angle_change = 0.5f;
    return p;
}

steer_wander_target_params steer_wander_target_default(void)
{
    steer_wander_target_params p;
    p.area_min = steer_v3(-50.0f, -50.0f, 0.0f);
    p.area_max = steer_v3(50.0f, 50.0f, 0.0f);
    p.interval = 3.0f;
    return p;
}

/* A uniform random unit vector (Marsaglia's method is avoided for a fixed draw count:
 * z uniform in [-1,1] and an angle give a uniform sphere point with exactly 2 draws). */
static steer_vec3 steer_random_unit(steer_rng *rng)
{
    float z = steer_rng_range(rng, -1.0f, 1.0f);
    float s, c;
    steer_sincos(steer_rng_range(rng, 0.0f, STEER_TAU), &s, &c);
    float r = steer_sqrt(1.0f - z * z);
    return steer_v3(r * c, r * s, z);
}

steer_wander_state steer_wander_state_make(steer_rng *rng)
{
    steer_wander_state st;
    st.angle = steer_rng_range(rng, -STEER_PI, STEER_PI);
    st.displacement = steer_random_unit(rng);
    return st;
}

/* The point (cos a, sin a) in the agent's plane. */
static steer_vec3 steer_plane_circle(steer_space space, float angle)
{
    float s, c;
    steer_sincos(angle, &s, &c);
    return space == STEER_SPACE_XY ? steer_v3(c, s, 0.0f) : steer_v3(c, 0.0f, s);
}

static steer_steering steer_wander_force(const steer_agent *agent, const steer_wander_params *p,
                                         steer_vec3 unit_displacement)
{
    steer_vec3 center = steer_scale(steer_agent_forward(agent), steer__nonneg(p->circle_distance));
    steer_vec3 force = steer_add_scaled(center, unit_displacement, steer__nonneg(p->circle_radius));
    steer_steering s = steer_steering_zero();
    s.linear =
        steer_truncate(steer_space_project(agent->space, force), steer_agent_max_linear(agent));
    return s;
}

steer_steering steer_wander(const steer_agent *agent, const steer_wander_params *params,
                            steer_wander_state *state, steer_rng *rng)
{
    if (!steer__usable(agent) || state == NULL || rng == NULL) return steer_steering_zero();
    steer_wander_params p = params != NULL ? *params : steer_wander_default();
    if (!steer_is_finite(state->angle)) state->angle = 0.0f;
    steer_vec3 displacement = steer_plane_circle(agent->space, state->angle);
    float change = steer__nonneg(p.angle_change);
    state->angle = steer_wrap_angle(state->angle + steer_rng_float(rng) * change - change * 0.5f);
    return steer_wander_force(agent, &p, displacement);
}

/* Rotate unit vector v by `angle` about a random axis perpendicular to it. */
static steer_vec3 steer_sphere_drift(steer_vec3 v, float angle, steer_rng *rng)
{
    steer_vec3 axis = steer_normalize(steer_cross(v, steer_random_unit(rng)));
    if (steer_length_sq(axis) == 0.0f) return v; /* drew v itself: skip one drift */
    float s, c;
    steer_sincos(angle, &s, &c);
    /* axis is perpendicular to v, so Rodrigues' formula reduces to this. */
    return steer_normalize(steer_add(steer_scale(v, c), steer_scale(steer_cross(axis, v), s)));
}

steer_steering steer_wander_3d(const steer_agent *agent, const steer_wander_params *params,
                               steer_wander_state *state, steer_rng *rng)
{
    if (!steer__usable(agent) || state == NULL || rng == NULL) return steer_steering_zero();
    steer_wander_params p = params != NULL ? *params : steer_wander_default();
    steer_vec3 displacement = steer_normalize(state->displacement);
    if (steer_length_sq(displacement) == 0.0f) displacement = steer_random_unit(rng);
    float change = steer__nonneg(p.angle_change);
    float angle = steer_rng_float(rng) * change - change * 0.5f;
    state->displacement = steer_sphere_drift(displacement, angle, rng);
    return steer_wander_force(agent, &p, displacement);
}

static float steer_draw_axis(steer_rng *rng, float lo, float hi)
{
    if (!steer_is_finite(lo)) return 0.0f;
    return steer_rng_range(rng, lo, hi); /* hi <= lo or non-finite hi gives lo */
}

steer_steering steer_wander_target(const steer_agent *agent,
                                   const steer_wander_target_params *params,
                                   steer_wander_target_state *state, steer_rng *rng, float dt)
{
    if (!steer__usable(agent) || state == NULL || rng == NULL) return steer_steering_zero();
    steer_wander_target_params p = params != NULL ? *params : steer_wander_target_default();
    if (dt > 0.0f && steer_is_finite(dt)) state->time_left -= dt;
    if (!state->has_target || !(state->time_left > 0.0f) || !steer_v3_is_finite(state->target)) {
        steer_vec3 t;
        t.x = steer_draw_axis(rng, p.area_min.x, p.area_max.x);
        t.y = steer_draw_axis(rng, p.area_min.y, p.area_max.y);
        t.z = steer_draw_axis(rng, p.area_min.z, p.area_max.z);
        if (agent->space == STEER_SPACE_XY) t.z = agent->position.z;
        if (agent->space == STEER_SPACE_XZ) t.y = agent->position.y;
        state->target = t;
        state->time_left = steer__nonneg(p.interval);
        state->has_target = true;
    }
    return steer_seek(agent, state->target);
}
