/* SPDX-License-Identifier: MIT */
/* steer/crowd.h - dense crowds that do not collide: reciprocal velocity obstacles
 * (ORCA) as a velocity filter, and predictive agent-agent avoidance as a behaviour.
 *
 * Function index
 *   steer_orca_default, steer_orca_velocity, steer_predict_default, steer_avoid_agents
 *
 * Two tools for two jobs (docs/crowd.md):
 * - steer_orca_velocity is a *velocity filter*: given the velocity an agent would like
 *   (its "preferred velocity", usually what its blended steering would reach this step)
 *   it returns the velocity closest to it that keeps the agent clear of its neighbours
 *   for `time_horizon` seconds and of static walls for `time_horizon_obstacles`, never
 *   faster than max_speed. Each pair of agents shares the avoidance: this agent takes
 *   the share r_self / (r_self + r_other) of it, with r the `responsibility` weights, so
 *   an agent with responsibility 0 holds its course and the others go round it. Apply
 *   the result as the new velocity (position += velocity * dt): ORCA's guarantee holds
 *   for agents that reach the velocity at once.
 * - steer_avoid_agents is a *behaviour* (Reynolds' unaligned collision avoidance): it
 *   predicts each neighbour's time of closest approach and steers sideways away from the
 *   soonest one that would come too close. It returns a steering output to blend or to
 *   put first in a priority list, and gives zero when no collision is predicted.
 *
 * Both work in the agent's plane (steer/agent.h): XY agents in x,y, XZ agents in x,z.
 * STEER_SPACE_3D agents avoid on the ground plane (x,z), like obstacle footprints; the
 * vertical part of their preferred velocity is kept (and counted against max_speed).
 * Coordinates along the up axis are ignored for neighbours and walls.
 *
 * Determinism: no randomness. Symmetric scenes are broken by fixed rules instead of
 * random jitter: a slowed agent leans to its right (steer_orca_params.sidestep), so a
 * jam turns into a swirl that lets everyone through; ties in the choice of nearest
 * neighbours go to the lower array index; agents on top of each other are pushed apart
 * along +x / -x by the order of their `id`s; head-on threats are passed on the right.
 *
 * Memory: nothing is allocated; the work arrays are fixed (STEER_ORCA_MAX_NEIGHBOURS,
 * STEER_ORCA_MAX_SEGMENTS).
 *
 * Bad input, for every function here: a NULL agent or params asserts (debug) and gives
 * zero; an agent whose state is not finite gives a zero velocity / zero steering;
 * neighbours or walls with non-finite coordinates, negative or NaN radii are skipped;
 * a zero radius is a point; max_speed <= 0 or NaN (for the filter,
 * below STEER_CROWD_MIN_SPEED) gives a zero velocity; a non-finite
 * preferred velocity reads as zero. No function here returns NaN.
 *
 * Number domain of the ORCA filter (steer_orca_velocity, the world's crowd recipes;
 * docs/crowd.md#number-domain). Inside it the filter's arithmetic cannot overflow, and
 * its results are those it always gave; outside it the numbers are read as below, so
 * that the result is finite and within the speed limit for any finite input:
 * - speeds (max_speed, the agent's and its neighbours' velocities, the preferred
 *   velocity), per component, up to STEER_CROWD_MAX_SPEED units/s: a larger max_speed
 *   reads as STEER_CROWD_MAX_SPEED, one below STEER_CROWD_MIN_SPEED gives a zero
 *   velocity (as max_speed 0 does); the agent's own or preferred velocity with a larger
 *   component is scaled down along its direction until none is larger; a neighbour with a
 *   larger velocity component is skipped (as a non-finite one is);
 * - lengths (body radii, params radius and neighbour_dist) up to STEER_CROWD_MAX_LENGTH
 *   world units: a larger radius or neighbour_dist of the agent's own reads as
 *   STEER_CROWD_MAX_LENGTH; a neighbour with a larger radius is skipped;
 * - times (time_horizon, time_horizon_obstacles) within [STEER_CROWD_MIN_TIME,
 *   STEER_CROWD_MAX_TIME] seconds, clamped into it; a step dt below STEER_CROWD_MIN_TIME
 *   (a subnormal one, say) reads as STEER_CROWD_MIN_TIME;
 * - clearance up to STEER_CROWD_MAX_CLEARANCE and sidestep up to
 *   STEER_CROWD_MAX_SIDESTEP, each read as that above (a finite value);
 * - walls: only their part within STEER_CROWD_WALL_REACH units of the agent (along
 *   each axis of its plane) is read, further than any wall the domain lets it reach.
 * The world refuses crowd agents and crowd recipes outside the domain instead
 * (steer/world.h).
 */
#ifndef STEER_CROWD_H
#define STEER_CROWD_H

#include "steer/agent.h"
#include "steer/obstacles.h"

STEER_EXTERN_C_BEGIN

/* Most neighbours steer_orca_velocity considers (max_neighbours is clamped to it). */
#define STEER_ORCA_MAX_NEIGHBOURS 32

/* Most wall segments it considers (the nearest within reach). */
#define STEER_ORCA_MAX_SEGMENTS 32

/* The ORCA filter's number domain (see the top of this file): speeds in units/s,
 * lengths in world units, times in seconds, clearance a fraction of the radii. */
#define STEER_CROWD_MAX_SPEED     1e6f
#define STEER_CROWD_MIN_SPEED     1e-6f
#define STEER_CROWD_MAX_LENGTH    1e6f
#define STEER_CROWD_MIN_TIME      1e-4f
#define STEER_CROWD_MAX_TIME      1e4f
#define STEER_CROWD_MAX_CLEARANCE 10.0f
#define STEER_CROWD_MAX_SIDESTEP  10.0f
/* How far from the agent a wall is read: beyond the furthest the domain lets an agent
 * look ahead (STEER_CROWD_MAX_SPEED * STEER_CROWD_MAX_TIME plus a grown radius). */
#define STEER_CROWD_WALL_REACH 1e11f

/* Another agent as the crowd functions see it. */
typedef struct steer_crowd_neighbour {
    steer_vec3 position;  /* world units */
    steer_vec3 velocity;  /* its current velocity, units/s */
    float radius;         /* its body radius, world units, >= 0 */
    float responsibility; /* its avoidance weight, >= 0 (see steer_orca_params) */
    uint32_t id;          /* any number unique among the agents (the world uses the slot):
                             breaks ties between agents on top of each other */
} steer_crowd_neighbour;

/* What the agent avoids: other agents and static wall segments (both sides solid; a
 * polygon obstacle is its edges). The arrays are the caller's; NULL with count 0 is
 * fine. */
typedef struct steer_crowd_view {
    uint32_t self_id; /* the agent's own id, in the same numbering as the neighbours' */
    const steer_crowd_neighbour *agents;
    int agent_count;
    const steer_segment *segments;
    int segment_count;
} steer_crowd_view;

/* Parameters of steer_orca_velocity. */
typedef struct steer_orca_params {
    float radius;                 /* body radius used for avoidance, world units; negative or
                                     NaN (default -1) takes agent->radius; 0 is a point */
    float neighbour_dist;         /* only agents whose centres are closer count, world
                                     units (15) */
    int max_neighbours;           /* the nearest this many count (10), 0..32 */
    float time_horizon;           /* seconds ahead kept free of agents (10); <= 0 or NaN
                                     reads as 10 */
    float time_horizon_obstacles; /* seconds ahead kept free of walls (10); <= 0 or NaN
                                     reads as 10 */
    float responsibility;         /* this agent's avoidance weight (1): against a neighbour
                                     of weight r_o it takes r / (r + r_o) of the avoidance
                                     (1/2 between equals before the id skew described at
                                     steer_orca_velocity, 0 when r is 0: it holds its course
                                     and the neighbour does all of it); two agents of weight
                                     0 share it half and half. Negative or NaN reads as 1 */
    float clearance;              /* extra room kept, as a fraction of the radii (0.05): two
                                     agents avoid at (r_a + r_b) * (1 + clearance) and a wall
                                     at r * (1 + clearance). Not needed for safety (the step
                                     half-planes below keep real contact out); a little of it
                                     keeps dense crowds flowing (docs/crowd.md). Negative or
                                     NaN reads as 0 */
    float sidestep;               /* the keep-right rule that unlocks symmetric jams (0.5):
                                     an agent whose speed along its preferred direction is
                                     short of the preferred speed by the fraction s (0..1)
                                     aims at preferred + right * |preferred| * sidestep * s,
                                     with `right` the unit vector to its right (clockwise
                                     seen from the up axis). An agent moving as it wants is
                                     unaffected, and so is one whose half-planes have no
                                     common point (its answer, their least violation, is
                                     the same for any aim); 0 (or NaN, negative) turns the
                                     rule off */
} steer_orca_params;

/* Defaults: radius -1 (the agent's own), neighbour_dist 15, max_neighbours 10,
 * time_horizon 10, time_horizon_obstacles 10, responsibility 1, clearance 0.05, sidestep 0.5. */
STEER_API steer_orca_params steer_orca_default(void);

/* ORCA: the new velocity of `agent` (its position, velocity, max_speed, space; radius
 * unless params->radius is set) given the velocity it prefers, the other agents and the
 * walls in `view`, and the step dt (seconds) it will be integrated with (agents already
 * overlapping are pushed apart within one step). For each of the nearest max_neighbours
 * agents within neighbour_dist it builds the half-plane of velocities that avoid that
 * neighbour for time_horizon, moved by this agent's share of the avoidance; for each
 * wall within reach, the half-plane that avoids it for time_horizon_obstacles; then it
 * returns the velocity inside all of them and inside the max_speed disc that is closest
 * to `preferred` (2D incremental linear programming). Besides, every agent in `view`
 * whose gap to contact (r_a + r_b, no clearance) this agent could close within dt gets a
 * hard "step" half-plane: approach it by at most this agent's share of that gap. The two
 * shares of a pair add up to 1, so two agents that both use this function on the same
 * snapshot, see each other in their views, and move at the result for dt do not come
 * closer than r_a + r_b in that step, jam or not. When no velocity satisfies everything,
 * the walls and step half-planes stay hard and ORCA's half-planes are relaxed together:
 * the result is the velocity that violates the worst of them least (and when even the
 * walls and step half-planes conflict, as when agents already overlap, the least
 * violation of those, walls hard). The shares are skewed by
 * id: the lower id's share grows by a fifth of the smaller of the two shares and the
 * higher id's shrinks by as much (60% / 40% between equals; still 100% together, so
 * the guarantee holds; a share of 0 stays 0), a fixed asymmetry that keeps perfectly
 * symmetric scenes from locking up. An idle agent, one whose `preferred` speed is below
 * a quarter of max_speed (standing at its goal, say), makes way: in ORCA's half-planes
 * (not the step half-planes) it takes all of the avoidance (unless its own
 * responsibility is 0), so agents standing at their goals step aside for a late arrival
 * and then return (docs/crowd.md). The result lies in the
 * agent's plane and its length is at most max_speed. dt <= 0 or NaN reads as 1/60. */
STEER_API steer_vec3 steer_orca_velocity(const steer_agent *agent, steer_vec3 preferred,
                                         const steer_orca_params *params,
                                         const steer_crowd_view *view, float dt);

/* ---- predictive avoidance (Reynolds' unaligned collision avoidance) --------------- */

/* Parameters of steer_avoid_agents. */
typedef struct steer_predict_params {
    float horizon; /* seconds ahead a collision counts (3); <= 0 or NaN never steers */
    float margin;  /* clearance kept beyond the two radii, world units (0.2) */
} steer_predict_params;

/* Defaults: horizon 3, margin 0.2. */
STEER_API steer_predict_params steer_predict_default(void);

/* Predictive avoidance. For each neighbour (moving straight at its velocity, as the
 * agent does) the time of closest approach is
 *   t = -dot(dp, dv) / |dv|^2,  dp = p_j - p, dv = v_j - v
 * and the threat is the neighbour with the smallest t in [0, horizon] whose distance
 * at t is below agent->radius + radius_j + margin (an agent already that close counts at
 * t = 0). linear = max linear acceleration along the sideways part (across the agent's
 * forward direction) of the offset from the threat's predicted position to the agent's
 * predicted position; when that offset has no sideways part (head-on) the agent turns
 * to its right (the clockwise side seen from the up axis), so two agents meeting head-on
 * both turn right and pass. Zero steering when no neighbour threatens, so it goes
 * first in a steer_priority. `threat` (may be NULL) receives the threat's index in
 * `neighbours`, or -1. The neighbours' `responsibility` and `id` are not read. NULL
 * params means the defaults. */
STEER_API steer_steering steer_avoid_agents(const steer_agent *agent,
                                            const steer_crowd_neighbour *neighbours, int count,
                                            const steer_predict_params *params, int *threat);

STEER_EXTERN_C_END

#endif /* STEER_CROWD_H */
