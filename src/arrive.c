/* SPDX-License-Identifier: MIT */
/* Arrive and Leave (Millington's cookbook), with arrive's braking computed from the limits. */
#include "steer/behaviours.h"

#include "steering_internal.h"

/* Share of the acceleration budget the braking curve may use; the rest is left for
 * correcting sideways velocity while braking, so an approach at an angle does not
 * overshoot either. */
#define STEER_ARRIVE_BRAKE_SHARE 0.8f

steer_arrive_params steer_arrive_default(void)
{
    steer_arrive_params p;
    p.target_radius = 0.25f;
    p.slow_radius = 3.0f;
    p.time_to_target = 0.1f;
    p.step = 1.0f / 60.0f;
    p.rest_speed = 0.05f;
    p.cookbook = false;
    return p;
}

steer_leave_params steer_leave_default(void)
{
    steer_leave_params p;
    p.escape_radius = 2.0f;
    p.danger_radius = 6.0f;
    p.time_to_target = 0.1f;
    return p;
}

/* The cookbook's target speed: 0 inside target_radius, max_speed * d / slow_radius inside
 * slow_radius, max_speed beyond. */
static float steer_arrive_cookbook_speed(const steer_agent *agent, const steer_arrive_params *p,
                                         float distance)
{
    if (distance <= steer__nonneg(p->target_radius)) return 0.0f;
    float max_speed = steer__nonneg(agent->max_speed);
    float slow_radius = steer__nonneg(p->slow_radius);
    if (distance <= slow_radius && slow_radius > 0.0f) return max_speed * distance / slow_radius;
    return max_speed;
}

/* Braking: the velocity change along the line to the target gets the acceleration
 * budget first and the sideways correction what is left, so correcting a sideways drift
 * never costs the braking that keeps the agent from overshooting. */
static steer_steering steer_arrive_brake(const steer_agent *agent, steer_vec3 dir, float speed,
                                         float h)
{
    float budget = steer__max_accel(agent) * h; /* largest velocity change this step */
    steer_vec3 dv;
    if (steer_length_sq(dir) == 0.0f) { /* on the target: just stop */
        dv = steer_scale(steer_truncate(agent->velocity, budget), -1.0f);
    } else {
        float along = steer_dot(agent->velocity, dir);
        steer_vec3 side = steer_sub(agent->velocity, steer_scale(dir, along));
        float change = steer_clampf(speed - along, -budget, budget);
        float left = steer_sqrt(budget * budget - change * change);
        dv = steer_sub(steer_scale(dir, change), steer_truncate(side, left));
    }
    return steer__reach_velocity(agent, steer_add(agent->velocity, dv), h);
}

/* The cookbook's Arrive as written: no steering inside target_radius, the target speed
 * uncapped, the velocity reached over time_to_target. */
static steer_steering steer_arrive_cookbook(const steer_agent *agent, steer_vec3 to_target,
                                            const steer_arrive_params *p)
{
    float distance = steer_length(to_target);
    if (distance < steer__nonneg(p->target_radius) || distance == 0.0f)
        return steer_steering_zero();
    float speed = steer__nonneg(agent->max_speed);
    float slow_radius = steer__nonneg(p->slow_radius);
    if (distance <= slow_radius) speed = speed * distance / slow_radius; /* slow > 0 here */
    steer_vec3 desired = steer_scale(steer_normalize(to_target), speed);
    return steer__reach_velocity(agent, desired, steer__positive_or(p->time_to_target, 0.1f));
}

steer_steering steer_arrive(const steer_agent *agent, steer_vec3 target,
                            const steer_arrive_params *params, bool *arrived)
{
    if (arrived != NULL) *arrived = false;
    if (!steer__usable(agent) || !steer_v3_is_finite(target)) return steer_steering_zero();
    steer_arrive_params p = params != NULL ? *params : steer_arrive_default();
    float h = steer__model_step(agent, p.step);
    steer_vec3 to_target = steer_space_project(agent->space, steer_sub(target, agent->position));
    float distance = steer_length(to_target);
    bool inside = distance <= steer__nonneg(p.target_radius);
    if (arrived != NULL) {
        float rest = steer__nonneg(p.rest_speed);
        *arrived = inside && steer_length_sq(agent->velocity) <= rest * rest;
    }
    if (p.cookbook) return steer_arrive_cookbook(agent, to_target, &p);
    float stop =
        steer__stopping_speed(distance, STEER_ARRIVE_BRAKE_SHARE * steer__max_accel(agent), h);
    float speed = steer_arrive_cookbook_speed(agent, &p, distance);
    if (speed > stop) speed = stop;
    /* time_to_target lags the desired velocity; when the agent must brake now (or is
     * inside the target radius) that lag would carry it past the target, so it brakes
     * within one step instead, still limited by its maximum acceleration. */
    float time = steer__positive_or(p.time_to_target, h);
    bool braking = inside || steer_length(agent->velocity) >= stop;
    if (time < h || braking) time = h;
    steer_vec3 dir = steer_normalize(to_target);
    if (!braking) return steer__reach_velocity(agent, steer_scale(dir, speed), time);
    return steer_arrive_brake(agent, dir, speed, h);
}

steer_steering steer_leave(const steer_agent *agent, steer_vec3 target,
                           const steer_leave_params *params)
{
    if (!steer__usable(agent) || !steer_v3_is_finite(target)) return steer_steering_zero();
    steer_leave_params p = params != NULL ? *params : steer_leave_default();
    float danger = steer__nonneg(p.danger_radius);
    steer_vec3 away = steer_space_project(agent->space, steer_sub(agent->position, target));
    float distance = steer_length(away);
    if (danger <= 0.0f || distance > danger) return steer_steering_zero();
    float max_speed = steer__nonneg(agent->max_speed);
    float speed = max_speed;
    if (distance >= steer__nonneg(p.escape_radius))
        speed = max_speed - distance / danger * max_speed;
    steer_vec3 dir = steer_normalize(away);
    if (steer_length_sq(dir) == 0.0f) dir = steer_agent_forward(agent);
    return steer__reach_velocity(agent, steer_scale(dir, speed),
                                 steer__positive_or(p.time_to_target, 0.1f));
}
