/* SPDX-License-Identifier: MIT */
/* A stuck member of a group trades spots with the member in its way (world.h,
 * steer_world_group_unstick): the one that came first and stands between it and its spot
 * steps into that spot, and the stuck one takes the place it left. */
#include "world_internal.h"

steer_group_status steer_world_group_unstick(steer_world *world, const steer_handle *agents,
                                             int count, steer_vec3 *destinations, float reach,
                                             int *swaps)
{
    STEER_ASSERT(world != NULL);
    if (swaps != NULL) *swaps = 0;
    if (world == NULL || agents == NULL || destinations == NULL || count < 1)
        return STEER_GROUP_EMPTY;
    if (count > STEER_GROUP_MAX || !(reach >= 0.0f) || !steer_is_finite(reach))
        return STEER_GROUP_INVALID;
    if (world->stepping) return STEER_GROUP_BUSY;
    for (int i = 0; i < count; i++) {
        if (!steer_world_is_valid(world, agents[i])) return STEER_GROUP_STALE;
        if (!steer_v3_is_finite(destinations[i])) return STEER_GROUP_INVALID;
    }
    int traded = 0;
    for (int i = 0; i < count; i++) {
        if (steer_world_agent_progress(world, agents[i], NULL) != STEER_PROGRESS_STUCK) continue;
        steer_agent a, b;
        steer_world_get_agent(world, agents[i], &a);
        if (steer_distance(a.position, destinations[i]) <= reach) continue;
        /* positions are read per candidate: no workspace, O(count) per stuck member */
        int best = -1;
        float best_d = INFINITY, mine = steer_distance(a.position, destinations[i]);
        for (int j = 0; j < count; j++) {
            if (j == i) continue;
            steer_world_get_agent(world, agents[j], &b);
            float d = steer_distance(b.position, destinations[i]);
            if (!(d < mine) || !(steer_distance(a.position, destinations[j]) < mine)) continue;
            if (d < best_d) best_d = d, best = j;
        }
        if (best < 0) continue;
        steer_vec3 t = destinations[i];
        destinations[i] = destinations[best];
        destinations[best] = t;
        steer_world_set_target(world, agents[i], destinations[i]);
        steer_world_set_target(world, agents[best], destinations[best]);
        traded++;
    }
    if (swaps != NULL) *swaps = traded;
    return STEER_GROUP_OK;
}
