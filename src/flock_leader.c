/* SPDX-License-Identifier: MIT */
/* Leader following (steer/flock.h): arrive behind the leader, or clear its way. */
#include "steer/flock.h"

#include "steering_internal.h"

steer_leader_params steer_leader_default(void)
{
    steer_leader_params p;
    p.behind = 2.0f;
    p.clear_radius = 3.0f;
    p.arrive = steer_arrive_default();
    p.evade = steer_pursue_default();
    return p;
}

/* True when the follower stands in the zone the leader is about to cross. */
static bool steer_in_leader_path(steer_vec3 offset, steer_vec3 leader_forward, float clear_radius)
{
    if (!(clear_radius > 0.0f)) return false;
    return steer_dot(offset, leader_forward) > 0.0f &&
           steer_length_sq(offset) < clear_radius * clear_radius;
}

steer_steering steer_follow_leader(const steer_agent *agent, steer_vec3 leader_position,
                                   steer_vec3 leader_velocity, steer_vec3 leader_forward,
                                   const steer_leader_params *params)
{
    if (!steer__usable(agent) || !steer_v3_is_finite(leader_position) ||
        !steer_v3_is_finite(leader_velocity) || !steer_v3_is_finite(leader_forward))
        return steer_steering_zero();
    steer_leader_params p = params != NULL ? *params : steer_leader_default();
    steer_vec3 fwd = steer_normalize(leader_forward);
    steer_vec3 offset = steer_sub(agent->position, leader_position);
    if (steer_in_leader_path(offset, fwd, p.clear_radius))
        return steer_evade(agent, leader_position, leader_velocity, &p.evade);
    steer_vec3 behind = steer_add_scaled(leader_position, fwd, -steer__nonneg(p.behind));
    return steer_arrive(agent, behind, &p.arrive, NULL);
}
