/* SPDX-License-Identifier: MIT */
/* steer/behaviours.h - the single-character steering behaviours.
 *
 * Function index
 *   steer_seek, steer_flee, steer_seek_with, steer_flee_with, steer_seek_default,
 *   steer_match_velocity, steer_arrive, steer_leave,
 *   steer_align, steer_face, steer_look_where_going, steer_pursue, steer_evade,
 *   steer_interpose, steer_offset_pursuit
 *   (obstacle behaviours are in steer/obstacles.h)
 *   (wander is in steer/wander.h, combinators in steer/combine.h)
 *
 * Every behaviour is a pure function: it reads the agent and its parameters and returns
 * a steer_steering, never changing the agent. Its linear part is limited to
 * steer_agent_max_linear(agent) (max_accel for the kinematic model, max_force for the
 * Reynolds model) and lies in the agent's plane; its angular part is limited to
 * max_angular_accel. Apply it with steer_agent_step (steer/integrate.h) or blend it.
 *
 * Bad input, for every behaviour here: a NULL agent asserts (debug) or gives zero
 * steering; an agent whose state is not finite, or a non-finite target, gives zero
 * steering; zero or negative limits give zero output along the limited quantity; a
 * NULL params pointer means the defaults. No behaviour returns NaN.
 */
#ifndef STEER_BEHAVIOURS_H
#define STEER_BEHAVIOURS_H

#include "steer/agent.h"

STEER_EXTERN_C_BEGIN

/* ---- seek, flee, match velocity ------------------------------------------------ */

/* Parameters of steer_seek_with and steer_flee_with (kinematic model only). */
typedef struct steer_seek_params {
    float time_to_target; /* seconds to reach the desired velocity (0.1); <= 0 or NaN: 0.1 */
} steer_seek_params;

/* Defaults: time_to_target 0.1 s. */
STEER_API steer_seek_params steer_seek_default(void);

/* Seek: desired = normalize(target - position) * max_speed.
 *   Reynolds model:  linear = desired - velocity (Reynolds' per-frame seek), limited to
 *                    max_force.
 *   kinematic model: linear = (desired - velocity) / time_to_target, limited to max_accel
 *                    (Millington's): the velocity follows within time_to_target where the
 *                    limit allows, so max_accel sets how fast the agent turns.
 * Target on the agent: desired is zero, so the agent brakes. `params` NULL: defaults. */
STEER_API steer_steering steer_seek_with(const steer_agent *agent, steer_vec3 target,
                                         const steer_seek_params *params);

/* steer_seek_with with the defaults (time_to_target 0.1 s). */
STEER_API steer_steering steer_seek(const steer_agent *agent, steer_vec3 target);

/* Flee: desired = normalize(position - target) * max_speed, then as steer_seek_with.
 * Target on the agent: flees along the agent's forward direction. */
STEER_API steer_steering steer_flee_with(const steer_agent *agent, steer_vec3 target,
                                         const steer_seek_params *params);

/* steer_flee_with with the defaults. */
STEER_API steer_steering steer_flee(const steer_agent *agent, steer_vec3 target);

/* Millington's velocity matching: linear = (target_velocity - velocity) / time_to_target,
 * limited. time_to_target <= 0 or NaN is treated as 0.1. */
STEER_API steer_steering steer_match_velocity(const steer_agent *agent, steer_vec3 target_velocity,
                                              float time_to_target);

/* ---- arrive and leave (Millington's cookbook) ----------------------------------- */

/* Parameters of steer_arrive. */
typedef struct steer_arrive_params {
    float target_radius;  /* inside it the agent brakes to rest; world units (default 0.25) */
    float slow_radius;    /* inside it target speed falls as max_speed * d / slow_radius (3) */
    float time_to_target; /* seconds (or frames) to reach the desired velocity (0.1) */
    float step;           /* the dt the agent is integrated with, seconds (1/60); used for
                             the braking limit; the Reynolds model always uses 1 frame */
    float rest_speed;     /* arrived once inside target_radius and slower than this (0.05) */
    bool cookbook;        /* true: the cookbook's Arrive exactly, without the braking inside
                             target_radius and the stopping-speed cap (default false) */
} steer_arrive_params;

/* Defaults: target_radius 0.25, slow_radius 3, time_to_target 0.1, step 1/60,
 * rest_speed 0.05, cookbook false. */
STEER_API steer_arrive_params steer_arrive_default(void);

/* The cookbook's Arrive, without its overshoot. With d the distance to the target:
 *   d <= target_radius:  desired velocity 0 (brake to rest; the cookbook's "no steering"
 *                        would let the agent coast away)
 *   d >  slow_radius:    target speed = max_speed
 *   otherwise:           target speed = max_speed * d / slow_radius
 * The target speed is then capped by the speed from which the agent can still stop at
 * the target with its maximum acceleration, integrated in steps of `step`:
 *   v_stop = max(sqrt(2*a*d) - a*h/2, min(d/h, a*h))
 * (a = 0.8 * max linear acceleration, h = step; the second term lets it cover a last
 * short distance in one step and brake in the next)
 * so it comes to rest inside target_radius without overshooting, under both models.
 * While braking, the change along the line to the target has first call on the
 * acceleration and sideways correction gets the rest; an agent arriving with a large
 * sideways drift may pass beside the target once before settling (no limit-respecting
 * controller can avoid that), but along its line it never overshoots.
 * linear = (desired - velocity) / max(time_to_target, step), limited. When the agent is
 * inside target_radius, or already at or above the stopping speed, the time is one step
 * instead: time_to_target's lag would otherwise carry it past the target.
 * `arrived` (may be NULL) is set to true once d <= target_radius and speed <= rest_speed.
 * With params->cookbook true it is the cookbook's formula and nothing more:
 *   d < target_radius:  no steering (zero output; the agent coasts)
 *   otherwise:          target speed as above, uncapped;
 *                       linear = (desired - velocity) / time_to_target, limited
 * (time_to_target <= 0 or NaN reads as 0.1). It overshoots when slow_radius is short for
 * the agent's acceleration (docs/behaviours.md gives measured figures).
 * Bad parameters: negative radii are treated as 0; slow_radius below target_radius is
 * treated as target_radius; the target on the agent counts as d = 0. */
STEER_API steer_steering steer_arrive(const steer_agent *agent, steer_vec3 target,
                                      const steer_arrive_params *params, bool *arrived);

/* Parameters of steer_leave. */
typedef struct steer_leave_params {
    float escape_radius;  /* inside it, flee at full speed; world units (default 2) */
    float danger_radius;  /* beyond it, no steering (default 6) */
    float time_to_target; /* as in arrive (0.1) */
} steer_leave_params;

/* Defaults: escape_radius 2, danger_radius 6, time_to_target 0.1. */
STEER_API steer_leave_params steer_leave_default(void);

/* The cookbook's Leave. With d the distance from the target:
 *   d >  danger_radius:  no steering (zero output)
 *   d <  escape_radius:  target speed = max_speed
 *   otherwise:           target speed = max_speed - d / danger_radius * max_speed
 * desired = normalize(position - target) * target speed;
 * linear = (desired - velocity) / time_to_target, limited.
 * Target on the agent: leaves along the agent's forward direction. danger_radius <= 0
 * gives zero steering. */
STEER_API steer_steering steer_leave(const steer_agent *agent, steer_vec3 target,
                                     const steer_leave_params *params);

/* ---- orientation: align, face, look where you are going (the cookbook's) -------- */

/* Parameters of steer_align, steer_face and steer_look_where_going. Radii are angles. */
typedef struct steer_align_params {
    float target_radius;  /* radians; inside it the rotation is braked to rest (0.01) */
    float slow_radius;    /* radians; inside it target rotation scales down (0.5) */
    float time_to_target; /* as in arrive (0.1) */
    float step;           /* as in arrive (1/60) */
    bool cookbook;        /* true: the cookbook's Align exactly, without the braking inside
                             target_radius and the stopping-speed cap (default false) */
} steer_align_params;

/* Defaults: target_radius 0.01 rad, slow_radius 0.5 rad, time_to_target 0.1,
 * step 1/60, cookbook false. */
STEER_API steer_align_params steer_align_default(void);

/* The cookbook's Align: turn to `target_orientation` (radians).
 *   rotation = wrap(target - orientation) into (-pi, pi]  (never the long way round)
 *   |rotation| <= target_radius: target rotation 0 (brake; safe when target_radius is 0)
 *   |rotation| >  slow_radius:   target rotation = max_rotation
 *   otherwise:                   max_rotation * |rotation| / slow_radius
 * capped by the rotation speed from which it can still stop (as arrive), signed like
 * rotation; angular = (target rotation - current rotation) / time_to_target, limited;
 * the time is one step instead when braking (target rotation 0, or spinning at or above
 * the stopping speed), so it does not turn past the target.
 * With params->cookbook true it is the cookbook's formula and nothing more: |rotation| <
 * target_radius (or 0) gives no steering, the target rotation is not capped, and
 * angular = (target rotation - current rotation) / time_to_target, limited
 * (time_to_target <= 0 or NaN reads as 0.1); it may turn past the target and swing back.
 * The linear part is zero. A non-finite target orientation gives zero steering. */
STEER_API steer_steering steer_align(const steer_agent *agent, float target_orientation,
                                     const steer_align_params *params);

/* The cookbook's Face: align to the orientation of (target - position) in the agent's
 * space (atan2(dir.x, dir.z) for XZ), with `params` as steer_align (cookbook included).
 * Target on the agent: keeps the current orientation (brakes any rotation; with
 * cookbook, no steering). */
STEER_API steer_steering steer_face(const steer_agent *agent, steer_vec3 target,
                                    const steer_align_params *params);

/* Align to the direction of the agent's velocity. At rest: keeps the current
 * orientation. */
STEER_API steer_steering steer_look_where_going(const steer_agent *agent,
                                                const steer_align_params *params);

/* ---- pursue and evade ----------------------------------------------------------- */

/* Parameters of steer_pursue and steer_evade. */
typedef struct steer_pursue_params {
    float max_prediction; /* cap on the look-ahead, seconds (or frames) (default 1) */
    float time_to_target; /* kinematic model: as steer_seek_params (0.1 s; <= 0 or NaN: 0.1) */
} steer_pursue_params;

/* Defaults: max_prediction 1, time_to_target 0.1. */
STEER_API steer_pursue_params steer_pursue_default(void);

/* Millington's pursue: look ahead t = min(distance / own speed, max_prediction) (the cap
 * when the agent is slower than distance / max_prediction), seek
 * target_position + target_velocity * t. Negative or NaN max_prediction is 0 (plain
 * seek). */
STEER_API steer_steering steer_pursue(const steer_agent *agent, steer_vec3 target_position,
                                      steer_vec3 target_velocity,
                                      const steer_pursue_params *params);

/* Evade: the same prediction, then flee from the predicted position. */
STEER_API steer_steering steer_evade(const steer_agent *agent, steer_vec3 target_position,
                                     steer_vec3 target_velocity, const steer_pursue_params *params);

/* ---- interpose and offset pursuit ------------------------------------------------ */

/* Interpose: go to the midpoint between two moving agents A and B, predicting where it
 * will be: t = |midpoint now - position| / max_speed, then arrive (steer_arrive with
 * `params`, NULL for defaults) at (A + vA*t + B + vB*t) / 2. `predicted` (may be NULL)
 * receives that point. Non-finite inputs give zero steering; max_speed <= 0 uses t = 0. */
STEER_API steer_steering steer_interpose(const steer_agent *agent, steer_vec3 a_position,
                                         steer_vec3 a_velocity, steer_vec3 b_position,
                                         steer_vec3 b_velocity, const steer_arrive_params *params,
                                         steer_vec3 *predicted);

/* A leader as offset pursuit sees it. */
typedef struct steer_leader {
    steer_vec3 position;
    steer_vec3 velocity;
    float orientation; /* radians; gives the leader's frame with the follower's space */
} steer_leader;

/* Offset pursuit: hold the slot at `offset` in the leader's frame (x forward along the
 * leader's heading, y to its left, z up) - the base for formations. The slot is
 * predicted t = distance / (max_speed + leader speed) ahead, and the desired velocity is
 * the leader's velocity plus an arrive-like correction towards the slot that slows as
 * it nears (max(sqrt(2 a d) - a h / 2, ...) as in steer_arrive), so a settled follower
 * matches the leader's motion instead of lagging. `slot` (may be NULL) receives the
 * current slot position. Non-finite inputs give zero steering. */
STEER_API steer_steering steer_offset_pursuit(const steer_agent *agent, const steer_leader *leader,
                                              steer_vec3 offset, const steer_arrive_params *params,
                                              steer_vec3 *slot);

STEER_EXTERN_C_END

#endif /* STEER_BEHAVIOURS_H */
