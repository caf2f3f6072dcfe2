/* SPDX-License-Identifier: MIT */
/* steer/wander.h - two ways to wander (docs/wander.md).
 *
 * 1. Reynolds' wander circle (steer_wander, and steer_wander_3d for flyers): a circle
 *    ahead of the agent, a displacement on it whose angle drifts by a small random
 *    amount every step. Smooth, lifelike meandering.
 * 2. Seeking a random target (steer_wander_target): every `interval` a new random point
 *    in an area is drawn and sought. Simpler, but the agent may turn right around.
 *
 * The state that persists between steps (the wander angle, the current target) lives
 * in a small struct the caller owns; randomness comes from the caller's steer_rng.
 */
#ifndef STEER_WANDER_H
#define STEER_WANDER_H

#include "steer/agent.h"
#include "steer/random.h"

STEER_EXTERN_C_BEGIN

/* Parameters of the wander circle. */
typedef struct steer_wander_params {
    float circle_distance; /* CIRCLE_DISTANCE: how far ahead the circle sits (default 2) */
    float circle_radius;   /* CIRCLE_RADIUS: displacement length (default 1) */
    float angle_change;    /* ANGLE_CHANGE: the angle moves by uniform(-c/2, c/2) per step,
                              radians (default 0.5) */
} steer_wander_params;

/* Defaults: circle_distance 2, circle_radius 1, angle_change 0.5 rad. */
STEER_API steer_wander_params steer_wander_default(void);

/* What the wander circle remembers between steps. Start it at zero, or from
 * steer_wander_state_make to start the angle randomly. */
typedef struct steer_wander_state {
    float angle;             /* wander_angle, radians, in the agent's plane */
    steer_vec3 displacement; /* steer_wander_3d's point on the sphere (unit vector) */
} steer_wander_state;

/* A state with a random starting angle and sphere point. */
STEER_API steer_wander_state steer_wander_state_make(steer_rng *rng);

/* Reynolds' wander force, exactly:
 *   circle_center = forward * circle_distance   (forward: velocity direction, or the
 *                                                heading when the agent is at rest)
 *   displacement  = circle_radius * (cos angle, sin angle) in the agent's plane
 *   angle        += random() * angle_change - angle_change * 0.5
 *   linear        = circle_center + displacement, limited
 * The angle is absolute in the plane, as in the classic version. The force always points within
 * asin(circle_radius / circle_distance) of forward when the radius is the smaller one,
 * which bounds how fast the heading turns. 3D agents wander in their horizontal plane;
 * use steer_wander_3d for flyers. Bad input: as every behaviour (steer/behaviours.h);
 * NULL state or rng gives zero steering; negative parameters are treated as 0. */
STEER_API steer_steering steer_wander(const steer_agent *agent, const steer_wander_params *params,
                                      steer_wander_state *state, steer_rng *rng);

/* Full-3D wander: the displacement is a point on a sphere of circle_radius that drifts
 * by a random rotation of at most angle_change / 2 per step, so flyers wander up and
 * down too. Otherwise as steer_wander. */
STEER_API steer_steering steer_wander_3d(const steer_agent *agent,
                                         const steer_wander_params *params,
                                         steer_wander_state *state, steer_rng *rng);

/* Parameters of the random-target wander. */
typedef struct steer_wander_target_params {
    steer_vec3 area_min; /* corner of the box targets are drawn in (default -50,-50,0) */
    steer_vec3 area_max; /* opposite corner (default 50,50,0) */
    float interval;      /* seconds (or frames) between new targets (default 3) */
} steer_wander_target_params;

/* Defaults: the box (-50,-50,0)..(50,50,0), a new target every 3 time units. */
STEER_API steer_wander_target_params steer_wander_target_default(void);

/* What the random-target wander remembers. Zero-initialise it: the first call draws a
 * target. */
typedef struct steer_wander_target_state {
    steer_vec3 target; /* the point being sought */
    float time_left;   /* until the next draw */
    bool has_target;
} steer_wander_target_state;

/* Wander by random target: count `dt` off the interval; when it runs out (or on the
 * first call) draw a uniform point in the area (in planar spaces the coordinate along
 * the up axis is the agent's own), then seek it (steer_seek). A degenerate area (min
 * above max on an axis) uses min on that axis. dt <= 0 or NaN counts no time. */
STEER_API steer_steering steer_wander_target(const steer_agent *agent,
                                             const steer_wander_target_params *params,
                                             steer_wander_target_state *state, steer_rng *rng,
                                             float dt);

STEER_EXTERN_C_END

#endif /* STEER_WANDER_H */
