/* SPDX-License-Identifier: MIT */
/* steer/flock.h - group behaviours: separation, alignment, cohesion, leader following and
 * queueing, as pure functions over a list of neighbours.
 *
 * Function index
 *   steer_separation_default, steer_alignment_default, steer_cohesion_default,
 *   steer_in_neighbourhood, steer_separation, steer_alignment, steer_cohesion,
 *   steer_leader_default, steer_follow_leader, steer_queue_default, steer_queue
 *
 * These need no world: a game with its own neighbour search passes the neighbours'
 * positions (and velocities). The batch world (steer/world.h) runs the same equations
 * inside its neighbour loop. docs/world.md has the equations and the boids parameters.
 *
 * Output scale. Separation and cohesion return a *unit direction* (or zero when there is
 * nothing to react to) and alignment a heading gap of length 0..2, as OpenSteer's
 * flocking does: the blend weight
 * (steer/combine.h) then sets the strength in acceleration (kinematic) or force (Reynolds)
 * units, so weights 12, 8 and 8 with max_force 27 give OpenSteer's boids. Leader
 * following and queueing are built from arrive, evade and velocity matching and return
 * limited accelerations like every other behaviour.
 *
 * Bad input, for every function here: a NULL agent asserts (debug) and gives zero
 * steering; an agent whose state is not finite gives zero; NULL neighbour arrays or a
 * count <= 0 give zero; neighbours with non-finite data are skipped. No function here
 * returns NaN, also when a neighbour shares the agent's position.
 */
#ifndef STEER_FLOCK_H
#define STEER_FLOCK_H

#include "steer/agent.h"
#include "steer/behaviours.h"

STEER_EXTERN_C_BEGIN

/* Who counts as a neighbour: within `radius` and inside a view cone around the agent's
 * forward direction. An offset o from the agent is in the cone when
 *   dot(forward, o) > cos_view * |o|
 * so cos_view -1 sees all around, 0 the front half, 0.7 a 90-degree cone. A neighbour
 * closer than 1e-6 units (on top of the agent) is always in the cone. */
typedef struct steer_neighbourhood {
    float radius;   /* world units; <= 0 or NaN sees nobody */
    float cos_view; /* cosine of the half-angle of the view cone, clamped into [-1, 1];
                       NaN reads as -1 (all around) */
} steer_neighbourhood;

/* OpenSteer's boids values: separation radius 5, cos_view -0.707. */
STEER_API steer_neighbourhood steer_separation_default(void);

/* Alignment radius 7.5, cos_view 0.7. */
STEER_API steer_neighbourhood steer_alignment_default(void);

/* Cohesion radius 9, cos_view -0.15. */
STEER_API steer_neighbourhood steer_cohesion_default(void);

/* True when `offset` (neighbour position - agent position) lies inside the
 * neighbourhood seen from an agent facing the unit vector `forward` (no square root is
 * taken). Non-finite offsets are outside. NULL nb asserts (debug) and gives false. */
STEER_API bool steer_in_neighbourhood(steer_vec3 forward, steer_vec3 offset,
                                      const steer_neighbourhood *nb);

/* Separation: away = sum over neighbours j in the neighbourhood of
 *   (position - p_j) / |position - p_j|^2
 * (closer neighbours push harder, falling off as 1/distance); linear =
 * normalize(away) in the agent's plane, a unit vector. A neighbour at the agent's own
 * position has no direction to push along and is skipped here (the world breaks such
 * ties by slot, docs/world.md). NULL nb means steer_separation_default(). */
STEER_API steer_steering steer_separation(const steer_agent *agent, const steer_vec3 *positions,
                                          int count, const steer_neighbourhood *nb);

/* Alignment: with F the sum of the neighbours' forward directions (their normalised
 * velocities; neighbours at rest are skipped),
 *   linear = normalize(F) - forward
 * in the agent's plane: the gap between its heading and the neighbours' mean heading,
 * length 0..2 (not a unit vector, so the push fades as the headings agree instead of
 * jittering around them). Zero without neighbours or when their headings cancel out.
 * NULL nb means steer_alignment_default(). */
STEER_API steer_steering steer_alignment(const steer_agent *agent, const steer_vec3 *positions,
                                         const steer_vec3 *velocities, int count,
                                         const steer_neighbourhood *nb);

/* Cohesion: linear = normalize(mean(p_j) - position), towards the neighbours' centre.
 * Zero when the agent is at the centre. NULL nb means steer_cohesion_default(). */
STEER_API steer_steering steer_cohesion(const steer_agent *agent, const steer_vec3 *positions,
                                        int count, const steer_neighbourhood *nb);

/* Leader following (Reynolds): arrive at a point `behind` units behind the leader; if
 * the follower stands in the leader's way (ahead of it, within `clear_radius`), evade
 * the leader instead. */
typedef struct steer_leader_params {
    float behind;               /* world units behind the leader (default 2) */
    float clear_radius;         /* the leader's path zone ahead of it, world units (3);
                                   <= 0 never evades */
    steer_arrive_params arrive; /* how the follower settles behind (arrive defaults) */
    steer_pursue_params evade;  /* look-ahead when clearing the way (pursue defaults) */
} steer_leader_params;

/* Defaults: behind 2, clear_radius 3, steer_arrive_default(), steer_pursue_default(). */
STEER_API steer_leader_params steer_leader_default(void);

/* Follow a leader at `leader_position` moving with `leader_velocity` and facing the unit
 * vector `leader_forward` (its velocity direction, or heading at rest). The point behind
 * is leader_position - leader_forward * behind; a zero leader_forward makes it the
 * leader's position. Non-finite leader data gives zero steering. NULL params: defaults. */
STEER_API steer_steering steer_follow_leader(const steer_agent *agent, steer_vec3 leader_position,
                                             steer_vec3 leader_velocity, steer_vec3 leader_forward,
                                             const steer_leader_params *params);

/* Queueing: slow down while another agent is close ahead. */
typedef struct steer_queue_params {
    steer_neighbourhood ahead; /* who blocks: radius 2, cos_view 0.8 (a ~37-degree cone) */
    float keep;                /* share of the velocity kept while blocked (0.3) */
    float time_to_target;      /* seconds (frames) to brake to it (0.1) */
} steer_queue_params;

/* Defaults: ahead {2, 0.8}, keep 0.3, time_to_target 0.1. */
STEER_API steer_queue_params steer_queue_default(void);

/* Queueing (Reynolds): if any neighbour lies in `ahead`, match the velocity
 * velocity * keep over time_to_target (steer_match_velocity); otherwise zero steering,
 * so in a priority list the next group takes over. keep is clamped into [0, 1]. */
STEER_API steer_steering steer_queue(const steer_agent *agent, const steer_vec3 *positions,
                                     int count, const steer_queue_params *params);

STEER_EXTERN_C_END

#endif /* STEER_FLOCK_H */
