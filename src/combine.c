/* SPDX-License-Identifier: MIT */
/* Blending and priority (steer/combine.h). */
#include "steer/combine.h"

static bool steer_steering_is_finite(steer_steering s)
{
    return steer_v3_is_finite(s.linear) && steer_is_finite(s.angular);
}

steer_steering steer_steering_limit(const steer_agent *agent, steer_steering s)
{
    STEER_ASSERT(agent != NULL);
    if (agent == NULL || !steer_steering_is_finite(s)) return steer_steering_zero();
    float max_alpha = agent->max_angular_accel >= 0.0f ? agent->max_angular_accel : 0.0f;
    s.linear =
        steer_truncate(steer_space_project(agent->space, s.linear), steer_agent_max_linear(agent));
    s.angular = steer_clampf(s.angular, -max_alpha, max_alpha);
    return s;
}

steer_steering steer_blend(const steer_agent *agent, const steer_weighted *items, int count)
{
    steer_steering sum = steer_steering_zero();
    if (agent == NULL || items == NULL) return sum;
    for (int i = 0; i < count; i++) {
        float w = items[i].weight;
        if (!steer_is_finite(w) || !steer_steering_is_finite(items[i].steering)) continue;
        sum.linear = steer_add_scaled(sum.linear, items[i].steering.linear, w);
        sum.angular += items[i].steering.angular * w;
    }
    return steer_steering_limit(agent, sum);
}

steer_steering steer_priority(const steer_steering *groups, int count, float epsilon, int *chosen)
{
    if (chosen != NULL) *chosen = -1;
    if (groups == NULL || count <= 0) return steer_steering_zero();
    float eps = epsilon > 0.0f && steer_is_finite(epsilon) ? epsilon : 0.0f;
    int pick = count - 1;
    for (int i = 0; i < count; i++) {
        steer_steering g = groups[i];
        if (!steer_steering_is_finite(g)) continue;
        float a = g.angular < 0.0f ? -g.angular : g.angular;
        if (steer_length_sq(g.linear) > eps * eps || a > eps) {
            pick = i;
            break;
        }
    }
    if (chosen != NULL) *chosen = pick;
    return steer_steering_is_finite(groups[pick]) ? groups[pick] : steer_steering_zero();
}
