/* SPDX-License-Identifier: MIT */
/* steer/integrate.h - moving an agent with a steering output, and a fixed-step helper.
 *
 * Two integration models (docs/agent.md has the equations):
 *
 * Reynolds per-frame step (his vehicle model), one call per frame:
 *     force    = truncate(linear, max_force)
 *     accel    = force / mass
 *     velocity = truncate(velocity + accel, max_speed)
 *     position = position + velocity
 *
 * Kinematic step with dt seconds (semi-implicit Euler):
 *     accel    = truncate(linear, max_accel)
 *     velocity = truncate(velocity + accel * dt, max_speed)
 *     position = position + velocity * dt
 *
 * Both then do the same for rotation (clamp angular to max_angular_accel, rotation to
 * max_rotation, orientation wrapped into (-pi, pi]), or set the orientation from the
 * velocity when the agent's facing is STEER_FACING_VELOCITY. Planar agents are kept in
 * their plane. A velocity change beyond FLT_MAX (force / a tiny mass, accel * an
 * enormous dt) gives max_speed along the force (or accel); with no force, the velocity
 * is kept. The position may then overflow to infinity, never NaN.
 */
#ifndef STEER_INTEGRATE_H
#define STEER_INTEGRATE_H

#include "steer/agent.h"

STEER_EXTERN_C_BEGIN

/* One Reynolds per-frame step. Non-finite parts of `steering` are treated as zero.
 * Returns false and leaves the agent untouched when its state is not finite, or
 * when agent is NULL. */
STEER_API bool steer_integrate_reynolds(steer_agent *agent, steer_steering steering);

/* One kinematic step of dt seconds. dt <= 0 or non-finite does nothing and returns
 * false; otherwise as steer_integrate_reynolds. */
STEER_API bool steer_integrate_kinematic(steer_agent *agent, steer_steering steering, float dt);

/* Step with the agent's own model: kinematic uses dt; Reynolds does one frame and
 * ignores dt. */
STEER_API bool steer_agent_step(steer_agent *agent, steer_steering steering, float dt);

/* Fixed-step accumulator: a game that renders at any frame rate feeds it each frame's
 * duration and runs the returned number of fixed steps, so motion does not depend on
 * the frame rate. */
typedef struct steer_fixed_step {
    float step;              /* seconds per simulation step, > 0 */
    float accumulator;       /* seconds not yet simulated, in [0, step) after advance */
    int max_steps_per_frame; /* cap that stops a slow frame from spiralling; excess time is dropped
                              */
} steer_fixed_step;

/* A fixed-step helper with the given step (non-positive or non-finite: 1/60) and at
 * most 8 steps per frame. */
STEER_API steer_fixed_step steer_fixed_step_make(float step);

/* Add frame_dt seconds and return how many fixed steps to run now (0 or more, never
 * above max_steps_per_frame). Negative or non-finite frame_dt adds nothing. */
STEER_API int steer_fixed_step_advance(steer_fixed_step *fs, float frame_dt);

/* Fraction of a step left in the accumulator, in [0, 1): blend the previous and
 * current states by it to render smoothly between steps. */
STEER_API float steer_fixed_step_alpha(const steer_fixed_step *fs);

STEER_EXTERN_C_END

#endif /* STEER_INTEGRATE_H */
