/* SPDX-License-Identifier: MIT */
/* Hide behind the nearest circle, else evade. */
#include "obstacle_internal.h"
#include "steer/behaviours.h"
#include "steering_internal.h"

steer_hide_params steer_hide_default(void)
{
    steer_hide_params p;
    p.distance_behind = 1.0f;
    p.max_prediction = 1.0f;
    return p;
}

steer_steering steer_hide(const steer_agent *agent, const steer_obstacles *obstacles,
                          steer_vec3 hunter_position, steer_vec3 hunter_velocity,
                          const steer_hide_params *params, steer_vec3 *hiding_spot)
{
    if (hiding_spot != NULL && agent != NULL) *hiding_spot = agent->position;
    if (!steer__usable(agent) || !steer_v3_is_finite(hunter_position)) return steer_steering_zero();
    steer_hide_params p = params != NULL ? *params : steer_hide_default();
    float best = -1.0f;
    steer_vec3 spot = agent->position;
    for (int i = 0; obstacles != NULL && obstacles->circles != NULL && i < obstacles->circle_count;
         i++) {
        const steer_circle *c = &obstacles->circles[i];
        if (!steer__circle_valid(c)) continue;
        steer_vec3 away = steer_normalize(
            steer_space_project(agent->space, steer_sub(c->center, hunter_position)));
        if (steer_length_sq(away) == 0.0f) continue; /* hunter at the centre: no far side */
        float behind = c->radius + steer__nonneg(agent->radius) + steer__nonneg(p.distance_behind);
        steer_vec3 candidate = steer_add_scaled(c->center, away, behind);
        /* The spot lies in the agent's plane, at the agent's own height on the up axis. */
        candidate = steer_add(
            steer_space_project(agent->space, candidate),
            steer_sub(agent->position, steer_space_project(agent->space, agent->position)));
        float d = steer_distance(candidate, agent->position);
        if (best < 0.0f || d < best) best = d, spot = candidate;
    }
    if (best < 0.0f) {
        steer_pursue_params ep = steer_pursue_default();
        ep.max_prediction = p.max_prediction;
        return steer_evade(agent, hunter_position, hunter_velocity, &ep);
    }
    if (hiding_spot != NULL) *hiding_spot = spot;
    return steer_arrive(agent, spot, NULL, NULL);
}
