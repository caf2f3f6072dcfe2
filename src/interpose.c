/* SPDX-License-Identifier: MIT */
/* Interpose and offset pursuit: behaviours placed relative to other moving agents. */
#include "steer/behaviours.h"

#include "steering_internal.h"

steer_steering steer_interpose(const steer_agent *agent, steer_vec3 a_position,
                               steer_vec3 a_velocity, steer_vec3 b_position, steer_vec3 b_velocity,
                               const steer_arrive_params *params, steer_vec3 *predicted)
{
    if (predicted != NULL && agent != NULL) *predicted = agent->position;
    if (!steer__usable(agent) || !steer_v3_is_finite(a_position) ||
        !steer_v3_is_finite(a_velocity) || !steer_v3_is_finite(b_position) ||
        !steer_v3_is_finite(b_velocity))
        return steer_steering_zero();
    steer_vec3 mid = steer_scale(steer_add(a_position, b_position), 0.5f);
    float speed = steer__nonneg(agent->max_speed);
    float t = speed > 0.0f ? steer_distance(mid, agent->position) / speed : 0.0f;
    steer_vec3 a = steer_add_scaled(a_position, a_velocity, t);
    steer_vec3 b = steer_add_scaled(b_position, b_velocity, t);
    steer_vec3 target = steer_scale(steer_add(a, b), 0.5f);
    if (predicted != NULL) *predicted = target;
    return steer_arrive(agent, target, params, NULL);
}

steer_steering steer_offset_pursuit(const steer_agent *agent, const steer_leader *leader,
                                    steer_vec3 offset, const steer_arrive_params *params,
                                    steer_vec3 *slot)
{
    if (slot != NULL && agent != NULL) *slot = agent->position;
    if (!steer__usable(agent) || leader == NULL || !steer_v3_is_finite(leader->position) ||
        !steer_v3_is_finite(leader->velocity) || !steer_is_finite(leader->orientation) ||
        !steer_v3_is_finite(offset))
        return steer_steering_zero();
    steer_arrive_params p = params != NULL ? *params : steer_arrive_default();
    steer_vec3 now =
        steer__frame_point(agent->space, leader->position, leader->orientation, offset);
    if (slot != NULL) *slot = now;
    float max_speed = steer__nonneg(agent->max_speed);
    float closing = max_speed + steer_length(leader->velocity);
    float t = closing > 0.0f ? steer_distance(now, agent->position) / closing : 0.0f;
    steer_vec3 to_slot = steer_space_project(
        agent->space, steer_sub(steer_add_scaled(now, leader->velocity, t), agent->position));
    float h = steer__model_step(agent, p.step);
    float d = steer_length(to_slot);
    float correction = steer__stopping_speed(d, 0.8f * steer__max_accel(agent), h);
    if (correction > max_speed) correction = max_speed;
    steer_vec3 desired = steer_add_scaled(leader->velocity, steer_normalize(to_slot), correction);
    float time = steer__positive_or(p.time_to_target, h);
    return steer__reach_velocity(agent, steer_truncate(desired, max_speed), time < h ? h : time);
}
