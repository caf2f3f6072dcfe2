/* SPDX-License-Identifier: MIT */
/* Seek, flee and velocity matching, and the "reach a velocity" core they share. */
#include "steer/behaviours.h"

#include "steering_internal.h"

float steer__model_step(const steer_agent *agent, float step)
{
    if (agent->model == STEER_MODEL_REYNOLDS) return 1.0f;
    return steer__positive_or(step, 1.0f / 60.0f);
}

float steer__max_accel(const steer_agent *agent)
{
    float linear = steer_agent_max_linear(agent);
    if (agent->model != STEER_MODEL_REYNOLDS) return linear;
    return linear / steer__mass(agent);
}

float steer__stopping_speed(float distance, float accel, float h)
{
    /* Braking from v1 (the velocity that moves the agent this step) at `accel` per step
     * covers at most v1^2/(2a) + v1*h/2 + a*h^2/8 = (v1 + a*h/2)^2 / (2a), the last term
     * bounding the partial final step; solve for v1. */
    float v = steer_sqrt(2.0f * accel * distance) - 0.5f * accel * h;
    /* Close in, that bound reaches 0 before the target does; covering the distance in
     * one step and braking in the next is also safe when that speed is under a*h. */
    float last_step = distance / h;
    if (last_step > accel * h) last_step = accel * h;
    return v > last_step ? v : last_step;
}

steer_steering steer__reach_velocity(const steer_agent *agent, steer_vec3 desired, float time)
{
    steer_vec3 change = steer_scale(steer_sub(desired, agent->velocity), 1.0f / time);
    /* Under the Reynolds model the output is a force the integrator divides by mass. */
    if (agent->model == STEER_MODEL_REYNOLDS) change = steer_scale(change, steer__mass(agent));
    steer_steering s = steer_steering_zero();
    s.linear =
        steer_truncate(steer_space_project(agent->space, change), steer_agent_max_linear(agent));
    return s;
}

steer_seek_params steer_seek_default(void)
{
    steer_seek_params p;
    p.time_to_target = 0.1f;
    return p;
}

/* Seek's and flee's steering towards `desired`. Reynolds model: desired - velocity, as
 * Reynolds writes it (the mass then damps it). Kinematic model: the velocity is reached
 * within time_to_target, so max_accel is what limits how fast the agent turns. */
static steer_steering steer_steer_to(const steer_agent *agent, steer_vec3 desired,
                                     const steer_seek_params *params)
{
    if (agent->model != STEER_MODEL_REYNOLDS) {
        float time = params != NULL ? params->time_to_target : 0.1f;
        return steer__reach_velocity(agent, desired, steer__positive_or(time, 0.1f));
    }
    steer_steering s = steer_steering_zero();
    steer_vec3 change = steer_space_project(agent->space, steer_sub(desired, agent->velocity));
    s.linear = steer_truncate(change, steer_agent_max_linear(agent));
    return s;
}

steer_steering steer_seek_with(const steer_agent *agent, steer_vec3 target,
                               const steer_seek_params *params)
{
    if (!steer__usable(agent) || !steer_v3_is_finite(target)) return steer_steering_zero();
    steer_vec3 dir =
        steer_normalize(steer_space_project(agent->space, steer_sub(target, agent->position)));
    return steer_steer_to(agent, steer_scale(dir, steer__nonneg(agent->max_speed)), params);
}

steer_steering steer_flee_with(const steer_agent *agent, steer_vec3 target,
                               const steer_seek_params *params)
{
    if (!steer__usable(agent) || !steer_v3_is_finite(target)) return steer_steering_zero();
    steer_vec3 away = steer_space_project(agent->space, steer_sub(agent->position, target));
    steer_vec3 dir = steer_normalize(away);
    if (steer_length_sq(dir) == 0.0f) dir = steer_agent_forward(agent);
    return steer_steer_to(agent, steer_scale(dir, steer__nonneg(agent->max_speed)), params);
}

steer_steering steer_seek(const steer_agent *agent, steer_vec3 target)
{
    return steer_seek_with(agent, target, NULL);
}

steer_steering steer_flee(const steer_agent *agent, steer_vec3 target)
{
    return steer_flee_with(agent, target, NULL);
}

steer_steering steer_match_velocity(const steer_agent *agent, steer_vec3 target_velocity,
                                    float time_to_target)
{
    if (!steer__usable(agent) || !steer_v3_is_finite(target_velocity)) return steer_steering_zero();
    steer_vec3 desired = steer_truncate(target_velocity, agent->max_speed);
    return steer__reach_velocity(agent, desired, steer__positive_or(time_to_target, 0.1f));
}
