/* SPDX-License-Identifier: MIT */
/* Align, Face and Look-where-you-are-going (Millington's cookbook): the angular behaviours. */
#include "steer/behaviours.h"

#include "steering_internal.h"

/* Share of the angular acceleration the braking curve may use (as in arrive). */
#define STEER_ALIGN_BRAKE_SHARE 0.8f

steer_align_params steer_align_default(void)
{
    steer_align_params p;
    p.target_radius = 0.01f;
    p.slow_radius = 0.5f;
    p.time_to_target = 0.1f;
    p.step = 1.0f / 60.0f;
    p.cookbook = false;
    return p;
}

/* Target rotation speed (signed) for an angle still to turn. */
static float steer_align_target_rotation(const steer_agent *agent, const steer_align_params *p,
                                         float angle, float stop)
{
    float size = angle < 0.0f ? -angle : angle;
    /* `<=` plus the explicit zero test keep a zero tolerance from dividing 0 by 0. */
    if (size <= steer__nonneg(p->target_radius) || size == 0.0f) return 0.0f;
    float max_rot = steer__nonneg(agent->max_rotation);
    float slow = steer__nonneg(p->slow_radius);
    float speed = max_rot;
    if (size <= slow && slow > 0.0f) speed = max_rot * size / slow;
    if (stop < speed) speed = stop;
    return angle < 0.0f ? -speed : speed;
}

/* The cookbook's Align as written: no steering inside target_radius, the target rotation
 * uncapped, reached over time_to_target. */
static steer_steering steer_align_cookbook(const steer_agent *agent, float angle,
                                           const steer_align_params *p)
{
    float size = angle < 0.0f ? -angle : angle;
    steer_steering s = steer_steering_zero();
    if (size < steer__nonneg(p->target_radius) || size == 0.0f) return s;
    float max_rot = steer__nonneg(agent->max_rotation);
    float slow = steer__nonneg(p->slow_radius);
    float target_rotation = size > slow ? max_rot : max_rot * size / slow;
    if (angle < 0.0f) target_rotation = -target_rotation;
    float time = steer__positive_or(p->time_to_target, 0.1f);
    float max_alpha = steer__nonneg(agent->max_angular_accel);
    s.angular = steer_clampf((target_rotation - agent->rotation) / time, -max_alpha, max_alpha);
    return s;
}

steer_steering steer_align(const steer_agent *agent, float target_orientation,
                           const steer_align_params *params)
{
    if (!steer__usable(agent) || !steer_is_finite(target_orientation)) return steer_steering_zero();
    steer_align_params p = params != NULL ? *params : steer_align_default();
    float h = steer__model_step(agent, p.step);
    float angle = steer_wrap_angle(target_orientation - agent->orientation);
    if (p.cookbook) return steer_align_cookbook(agent, angle, &p);
    float size = angle < 0.0f ? -angle : angle;
    float max_alpha = steer__nonneg(agent->max_angular_accel);
    float stop = steer__stopping_speed(size, STEER_ALIGN_BRAKE_SHARE * max_alpha, h);
    float target_rotation = steer_align_target_rotation(agent, &p, angle, stop);
    /* As in arrive: brake within one step when the lag of time_to_target would turn the
     * agent past its target orientation. */
    float time = steer__positive_or(p.time_to_target, h);
    float spin = agent->rotation < 0.0f ? -agent->rotation : agent->rotation;
    if (time < h || target_rotation == 0.0f || spin >= stop) time = h;
    steer_steering s = steer_steering_zero();
    s.angular = steer_clampf((target_rotation - agent->rotation) / time, -max_alpha, max_alpha);
    return s;
}

steer_steering steer_face(const steer_agent *agent, steer_vec3 target,
                          const steer_align_params *params)
{
    if (!steer__usable(agent) || !steer_v3_is_finite(target)) return steer_steering_zero();
    steer_vec3 dir = steer_sub(target, agent->position);
    float orientation = steer_space_orientation(agent->space, dir, agent->orientation);
    return steer_align(agent, orientation, params);
}

steer_steering steer_look_where_going(const steer_agent *agent, const steer_align_params *params)
{
    if (!steer__usable(agent)) return steer_steering_zero();
    float orientation = steer_space_orientation(agent->space, agent->velocity, agent->orientation);
    return steer_align(agent, orientation, params);
}
