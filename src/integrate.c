/* SPDX-License-Identifier: MIT */
/* The two integration models (steer/integrate.h, docs/agent.md). */
#include "steer/integrate.h"

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

/* Linear part shared by both models: accel already limited; h as above. */
static void steer_integrate_linear(steer_agent *a, steer_vec3 accel, float h)
{
    accel = steer_space_project(a->space, accel);
    steer_vec3 v = steer_add_scaled(a->velocity, accel, h);
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
    steer_integrate_linear(agent, steer_scale(force, 1.0f / mass), 1.0f);
    steer_integrate_angular(agent, steering.angular, 1.0f);
    return true;
}

bool steer_integrate_kinematic(steer_agent *agent, steer_steering steering, float dt)
{
    STEER_ASSERT(agent != NULL);
    if (!steer_agent_state_is_finite(agent) || !(dt > 0.0f) || !steer_is_finite(dt)) return false;
    steering = steer__steering_sanitize(steering);
    steer_integrate_linear(agent, steer_truncate(steering.linear, agent->max_accel), dt);
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
