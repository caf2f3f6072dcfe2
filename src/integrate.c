/* SPDX-License-Identifier: MIT */
/* The two integration models (steer/integrate.h, docs/agent.md). */
#include "steer/integrate.h"

#include <float.h>
#include <math.h>

#include "steering_internal.h"

static float steer_limit_or_zero(float x)
{
    return x > 0.0f && steer_is_finite(x) ? x : 0.0f;
}

/* Angular part shared by both models; h is 1 frame (Reynolds) or dt seconds. */
static void steer_integrate_angular(steer_agent *a, float angular, float h)
{
    if (a->facing == STEER_FACING_VELOCITY) {
        a->rotation = 0.0f;
        a->orientation = steer_space_orientation(a->space, a->velocity, a->orientation);
        return;
    }
    float max_alpha = steer_limit_or_zero(a->max_angular_accel);
    float max_rot = steer_limit_or_zero(a->max_rotation);
    angular = steer_clampf(angular, -max_alpha, max_alpha);
    a->rotation = steer_clampf(a->rotation + angular * h, -max_rot, max_rot);
    a->orientation = steer_wrap_angle(a->orientation + a->rotation * h);
}

/* The unit vector along a finite `push` of any size (scaled by its largest component
 * first, so neither a huge nor a tiny one loses its direction); zero for zero. */
static steer_vec3 steer_push_direction(steer_vec3 push)
{
    float m = fmaxf(fabsf(push.x), fmaxf(fabsf(push.y), fabsf(push.z)));
    if (!(m > 0.0f)) return steer_v3_zero();
    return steer_normalize(steer_v3(push.x / m, push.y / m, push.z / m));
}

/* Linear part shared by both models: accel already limited; h as above. `push` is the
 * finite vector accel points along (the force, or accel itself). */
static void steer_integrate_linear(steer_agent *a, steer_vec3 accel, steer_vec3 push, float h)
{
    accel = steer_space_project(a->space, accel);
    steer_vec3 v = steer_add_scaled(a->velocity, accel, h);
    /* The change passed FLT_MAX (a mass so small that force / mass overflows, a step so
     * long that accel * dt does): steer_truncate would read the infinite sum as zero.
     * The change outweighs the old velocity, so the new one is the largest float speed
     * along the push, limited to max_speed below; no push (0 * inf) keeps the old one. */
    if (!steer_v3_is_finite(v)) {
        steer_vec3 dir = steer_push_direction(steer_space_project(a->space, push));
        v = steer_length_sq(dir) > 0.0f ? steer_scale(dir, FLT_MAX) : a->velocity;
    }
    a->velocity = steer_space_project(a->space, steer_truncate(v, a->max_speed));
    a->position = steer_add_scaled(a->position, a->velocity, h);
}

bool steer_integrate_reynolds(steer_agent *agent, steer_steering steering)
{
    STEER_ASSERT(agent != NULL);
    if (!steer_agent_state_is_finite(agent)) return false;
    steering = steer__steering_sanitize(steering);
    float mass = agent->mass > 0.0f && steer_is_finite(agent->mass) ? agent->mass : 1.0f;
    steer_vec3 force = steer_truncate(steering.linear, agent->max_force);
    steer_integrate_linear(agent, steer_scale(force, 1.0f / mass), force, 1.0f);
    steer_integrate_angular(agent, steering.angular, 1.0f);
    return true;
}

bool steer_integrate_kinematic(steer_agent *agent, steer_steering steering, float dt)
{
    STEER_ASSERT(agent != NULL);
    if (!steer_agent_state_is_finite(agent) || !(dt > 0.0f) || !steer_is_finite(dt)) return false;
    steering = steer__steering_sanitize(steering);
    steer_vec3 accel = steer_truncate(steering.linear, agent->max_accel);
    steer_integrate_linear(agent, accel, accel, dt);
    steer_integrate_angular(agent, steering.angular, dt);
    return true;
}

bool steer_agent_step(steer_agent *agent, steer_steering steering, float dt)
{
    STEER_ASSERT(agent != NULL);
    if (agent == NULL) return false;
    if (agent->model == STEER_MODEL_REYNOLDS) return steer_integrate_reynolds(agent, steering);
    return steer_integrate_kinematic(agent, steering, dt);
}
