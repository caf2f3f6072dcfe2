/* SPDX-License-Identifier: MIT */
/* Predictive agent-agent avoidance: Reynolds' unaligned collision avoidance
 * (steer/crowd.h, docs/crowd.md). */
#include "steer/crowd.h"

#include "steering_internal.h"

steer_predict_params steer_predict_default(void)
{
    steer_predict_params p;
    p.horizon = 3.0f;
    p.margin = 0.2f;
    return p;
}

/* v in the plane the crowd works in: 3D agents use the ground (x,z), as their walls do. */
static steer_vec3 steer_predict_plane(steer_space space, steer_vec3 v)
{
    return steer_space_project(space == STEER_SPACE_3D ? STEER_SPACE_XZ : space, v);
}

/* Time of closest approach of neighbour nb, clamped to >= 0 (already separating: now),
 * or -1 when it never comes within `reach` before `horizon`. */
static float steer_predict_threat_time(const steer_agent *a, const steer_crowd_neighbour *nb,
                                       float reach, float horizon)
{
    steer_vec3 dp = steer_predict_plane(a->space, steer_sub(nb->position, a->position));
    steer_vec3 dv = steer_predict_plane(a->space, steer_sub(nb->velocity, a->velocity));
    float dv2 = steer_length_sq(dv);
    float t = dv2 > STEER_EPSILON_SQ ? -steer_dot(dp, dv) / dv2 : 0.0f;
    if (!(t > 0.0f)) t = 0.0f;
    if (t > horizon) return -1.0f;
    steer_vec3 gap = steer_add_scaled(dp, dv, t);
    return steer_length_sq(gap) < reach * reach ? t : -1.0f;
}

static bool steer_predict_usable(const steer_crowd_neighbour *nb)
{
    return steer_v3_is_finite(nb->position) && steer_v3_is_finite(nb->velocity) &&
           nb->radius >= 0.0f && steer_is_finite(nb->radius);
}

/* The sideways way out from a threat at predicted offset `away` (agent minus threat):
 * across the forward direction, or to the agent's right when head-on. */
static steer_vec3 steer_predict_dodge(const steer_agent *a, steer_vec3 away)
{
    steer_space plane = a->space == STEER_SPACE_3D ? STEER_SPACE_XZ : a->space;
    steer_vec3 f = steer_normalize(steer_predict_plane(a->space, steer_agent_forward(a)));
    steer_vec3 side = steer_sub(away, steer_scale(f, steer_dot(away, f)));
    if (steer_length_sq(side) > 1e-8f * (1.0f + steer_length_sq(away)))
        return steer_normalize(side);
    return steer_normalize(steer_cross(f, steer_space_up(plane)));
}

steer_steering steer_avoid_agents(const steer_agent *agent, const steer_crowd_neighbour *neighbours,
                                  int count, const steer_predict_params *params, int *threat)
{
    if (threat != NULL) *threat = -1;
    steer_steering out = steer_steering_zero();
    if (!steer__usable(agent) || neighbours == NULL || count <= 0) return out;
    steer_predict_params p = params != NULL ? *params : steer_predict_default();
    float horizon = p.horizon, margin = steer__nonneg(p.margin);
    if (!(horizon > 0.0f) || !steer_is_finite(horizon)) return out;
    float self_r = steer__nonneg(agent->radius), best_t = HUGE_VALF;
    int best = -1;
    for (int j = 0; j < count; j++) {
        if (!steer_predict_usable(&neighbours[j])) continue;
        float reach = self_r + neighbours[j].radius + margin;
        float t = steer_predict_threat_time(agent, &neighbours[j], reach, horizon);
        if (t >= 0.0f && t < best_t) best_t = t, best = j;
    }
    if (best < 0) return out;
    const steer_crowd_neighbour *nb = &neighbours[best];
    steer_vec3 mine = steer_add_scaled(agent->position, agent->velocity, best_t);
    steer_vec3 theirs = steer_add_scaled(nb->position, nb->velocity, best_t);
    steer_vec3 away = steer_predict_plane(agent->space, steer_sub(mine, theirs));
    out.linear = steer_scale(steer_predict_dodge(agent, away), steer_agent_max_linear(agent));
    if (threat != NULL) *threat = best;
    return out;
}
