/* SPDX-License-Identifier: MIT */
/* Pursue and evade: seek or flee a predicted position (Millington). */
#include "steer/behaviours.h"

#include "steering_internal.h"

steer_pursue_params steer_pursue_default(void)
{
    steer_pursue_params p;
    p.max_prediction = 1.0f;
    p.time_to_target = 0.1f;
    return p;
}

/* Where the target will be when the agent, at its current speed, could get there. */
static steer_vec3 steer_predict(const steer_agent *agent, steer_vec3 position, steer_vec3 velocity,
                                const steer_pursue_params *params)
{
    steer_pursue_params p = params != NULL ? *params : steer_pursue_default();
    float max_prediction = steer__nonneg(p.max_prediction);
    float distance = steer_distance(position, agent->position);
    float speed = steer_length(agent->velocity);
    float t = max_prediction;
    if (speed * max_prediction > distance) t = distance / speed;
    return steer_add_scaled(position, velocity, t);
}

steer_steering steer_pursue(const steer_agent *agent, steer_vec3 target_position,
                            steer_vec3 target_velocity, const steer_pursue_params *params)
{
    if (!steer__usable(agent) || !steer_v3_is_finite(target_position) ||
        !steer_v3_is_finite(target_velocity))
        return steer_steering_zero();
    steer_seek_params seek = {params != NULL ? params->time_to_target : 0.1f};
    return steer_seek_with(agent, steer_predict(agent, target_position, target_velocity, params),
                           &seek);
}

steer_steering steer_evade(const steer_agent *agent, steer_vec3 target_position,
                           steer_vec3 target_velocity, const steer_pursue_params *params)
{
    if (!steer__usable(agent) || !steer_v3_is_finite(target_position) ||
        !steer_v3_is_finite(target_velocity))
        return steer_steering_zero();
    steer_seek_params seek = {params != NULL ? params->time_to_target : 0.1f};
    return steer_flee_with(agent, steer_predict(agent, target_position, target_velocity, params),
                           &seek);
}
