/* SPDX-License-Identifier: MIT */
/* The two-level formation motion: the anchor's pace, and a member holding its slot. */
#include "steer/formation.h"

#include "steering_internal.h"

steer_formation_pace_params steer_formation_pace_default(void)
{
    steer_formation_pace_params p = {1.0f, 4.0f, 0.1f};
    return p;
}

static steer_formation_pace_params steer_pace_read(const steer_formation_pace_params *params)
{
    steer_formation_pace_params d = steer_formation_pace_default();
    steer_formation_pace_params p = params != NULL ? *params : d;
    if (!(p.slack >= 0.0f) || !steer_is_finite(p.slack)) p.slack = d.slack;
    if (!steer_is_finite(p.stop_lag)) p.stop_lag = d.stop_lag;
    if (!(p.stop_lag > p.slack)) p.stop_lag = p.slack + 1e-3f;
    p.min_factor = steer_clampf(p.min_factor, 0.0f, 1.0f);
    return p;
}

float steer_formation_pace(const steer_vec3 *members, const steer_vec3 *slots, int n,
                           const steer_formation_pace_params *params)
{
    if (members == NULL || slots == NULL || n <= 0) return 1.0f;
    steer_formation_pace_params p = steer_pace_read(params);
    float worst = 0.0f;
    for (int i = 0; i < n; i++) {
        if (!steer_v3_is_finite(members[i]) || !steer_v3_is_finite(slots[i])) continue;
        float d = steer_distance(members[i], slots[i]);
        if (d > worst) worst = d;
    }
    if (worst <= p.slack) return 1.0f;
    if (worst >= p.stop_lag) return p.min_factor;
    float t = (worst - p.slack) / (p.stop_lag - p.slack);
    return 1.0f - t * (1.0f - p.min_factor);
}

steer_formation_member_params steer_formation_member_default(void)
{
    steer_formation_member_params p;
    p.arrive = steer_arrive_default();
    p.align = steer_align_default();
    return p;
}

steer_steering steer_formation_member(const steer_agent *agent, const steer_leader *anchor,
                                      const steer_formation_slot *slot,
                                      const steer_formation_member_params *params,
                                      steer_vec3 *slot_point)
{
    if (slot_point != NULL && agent != NULL) *slot_point = agent->position;
    if (!steer__usable(agent) || slot == NULL || anchor == NULL ||
        !steer_is_finite(slot->heading) || !steer_v3_is_finite(slot->offset) ||
        !steer_v3_is_finite(anchor->position) || !steer_v3_is_finite(anchor->velocity) ||
        !steer_is_finite(anchor->orientation))
        return steer_steering_zero();
    steer_formation_member_params p = params != NULL ? *params : steer_formation_member_default();
    steer_steering s = steer_offset_pursuit(agent, anchor, slot->offset, &p.arrive, slot_point);
    float facing = steer_formation_slot_orientation(anchor->orientation, slot->heading);
    s.angular = steer_align(agent, facing, &p.align).angular;
    return s;
}
