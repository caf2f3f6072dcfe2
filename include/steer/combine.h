/* SPDX-License-Identifier: MIT */
/* steer/combine.h - combining behaviours: weighted blend and priority.
 *
 * Both work on steering values, so they nest: blend each group, then pick among the
 * groups by priority; or blend the outputs of several priority choices.
 *
 *   steer_weighted goal[2] = {{steer_arrive(&a, t, NULL, NULL), 1.0f},
 *                             {steer_face(&a, t, NULL), 1.0f}};
 *   steer_steering groups[2] = {avoid, steer_blend(&a, goal, 2)};
 *   steer_steering s = steer_priority(groups, 2, 1e-3f, NULL);
 */
#ifndef STEER_COMBINE_H
#define STEER_COMBINE_H

#include "steer/agent.h"

STEER_EXTERN_C_BEGIN

/* One entry of a weighted blend. */
typedef struct steer_weighted {
    steer_steering steering;
    float weight; /* any finite value; non-finite weights count as 0 */
} steer_weighted;

/* Weighted sum of the entries, then limited to the agent's limits (linear to
 * steer_agent_max_linear, angular to max_angular_accel), as gdx-ai's BlendedSteering.
 * Entries with non-finite parts or weights are skipped. count <= 0 or a NULL array gives
 * zero steering. */
STEER_API steer_steering steer_blend(const steer_agent *agent, const steer_weighted *items,
                                     int count);

/* The first group whose output is significant: |linear| > epsilon or |angular| >
 * epsilon (Millington's priority steering). If none is, the last group is returned so
 * that small outputs still act. `chosen` (may be NULL) receives the index returned, or
 * -1 when count <= 0 (then the result is zero). Negative or NaN epsilon is 0. */
STEER_API steer_steering steer_priority(const steer_steering *groups, int count, float epsilon,
                                        int *chosen);

/* The steering limited to the agent's limits: the linear part projected into the agent's
 * space and truncated to its linear limit, the angular part clamped to
 * +-max_angular_accel (a negative limit counts as 0). A steering with any non-finite part
 * (NaN or infinity, in either part) gives zero steering, as does a NULL agent. */
STEER_API steer_steering steer_steering_limit(const steer_agent *agent, steer_steering steering);

STEER_EXTERN_C_END

#endif /* STEER_COMBINE_H */
