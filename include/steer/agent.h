/* SPDX-License-Identifier: MIT */
/* steer/agent.h - the agent model: state, limits, the plane it moves in, and the
 * steering output every behaviour returns.
 *
 * One agent type serves three kinds of game without the user rotating coordinates
 * (docs/agent.md):
 *   STEER_SPACE_XY  2D game in x,y. Orientation 0 faces +x and grows counter-clockwise
 *                   (towards +y): heading = (cos o, sin o, 0). z is kept at 0.
 *   STEER_SPACE_XZ  3D game on the ground plane, Y up (the approach walker, the cookbook's
 *                   Arrive/Align/Face, Unity).
 *                   Orientation is the angle about +Y measured from +z towards +x,
 *                   as atan2(dir.x, dir.z): heading = (sin o, 0, cos o). y is kept.
 *   STEER_SPACE_3D  full-3D flyers. Linear motion is unconstrained; orientation is the
 *                   yaw about +Y as in XZ (pitch follows the velocity when needed).
 * Behaviours project their linear output onto the agent's plane, and the integrators
 * keep planar agents on their plane.
 */
#ifndef STEER_AGENT_H
#define STEER_AGENT_H

#include "steer/math.h"

STEER_EXTERN_C_BEGIN

/* Which plane an agent moves in; see the file comment. */
typedef enum steer_space { STEER_SPACE_XY = 0, STEER_SPACE_XZ = 1, STEER_SPACE_3D = 2 } steer_space;

/* How the agent is integrated (steer/integrate.h, docs/agent.md). */
typedef enum steer_model {
    /* Millington's kinematics with a time step dt in seconds: linear output is an
     * acceleration (units/s^2) limited by max_accel. */
    STEER_MODEL_KINEMATIC = 0,
    /* Reynolds' per-frame step: linear output is a force limited by
     * max_force and divided by mass; velocities are in units per frame. */
    STEER_MODEL_REYNOLDS = 1
} steer_model;

/* Where the orientation comes from. */
typedef enum steer_facing {
    /* Orientation is integrated from the angular steering output (align, face...). */
    STEER_FACING_STEERED = 0,
    /* Orientation snaps to the direction of the velocity whenever the agent moves;
     * the angular output is ignored. */
    STEER_FACING_VELOCITY = 1
} steer_facing;

/* A steering request: what a behaviour asks the integrator to apply. */
typedef struct steer_steering {
    /* Linear acceleration (units/s^2, kinematic model) or force (Reynolds model). */
    steer_vec3 linear;
    /* Angular acceleration, radians/s^2 (or radians/frame^2), about the up axis. */
    float angular;
} steer_steering;

/* One character: state, limits and model. Fill it with steer_agent_default() and
 * change the fields you need. The library never keeps a pointer to it. */
typedef struct steer_agent {
    steer_vec3 position; /* world units */
    steer_vec3 velocity; /* units/s (kinematic) or units/frame (Reynolds) */
    float orientation;   /* radians about the up axis, kept in (-pi, pi] */
    float rotation;      /* angular speed, radians/s (or radians/frame) */

    float max_speed;         /* speed limit, units/s (or units/frame); <= 0 means "cannot move" */
    float max_accel;         /* kinematic: limit on |linear|, units/s^2 */
    float max_force;         /* Reynolds: limit on |linear| before dividing by mass */
    float mass;              /* Reynolds: force is divided by it; <= 0 or NaN is treated as 1 */
    float max_rotation;      /* limit on |rotation|, radians/s (or radians/frame) */
    float max_angular_accel; /* limit on |angular|, radians/s^2 (or radians/frame^2) */
    float radius;            /* body radius, world units (used by arrive's defaults, avoidance) */

    steer_space space;
    steer_model model;
    steer_facing facing;
} steer_agent;

/* An agent at the origin, at rest, facing orientation 0, in the XY plane, kinematic
 * model: max_speed 5, max_accel 10, max_force 10, mass 1, max_rotation 2*pi,
 * max_angular_accel 4*pi, radius 0.5, facing the velocity. */
STEER_API steer_agent steer_agent_default(void);

/* The same defaults for Reynolds' per-frame model: max_speed 6 units/frame,
 * max_force 0.6, mass 1, XY plane, facing the velocity. */
STEER_API steer_agent steer_agent_default_reynolds(void);

/* The zero steering output. */
static inline steer_steering steer_steering_zero(void)
{
    steer_steering s = {{0.0f, 0.0f, 0.0f}, 0.0f};
    return s;
}

/* True when position, velocity, orientation and rotation are all finite. Behaviours
 * return zero steering for an agent whose state is not. */
STEER_API bool steer_agent_state_is_finite(const steer_agent *agent);

/* The limit on |linear| for the agent's model: max_accel (kinematic) or max_force
 * (Reynolds). NaN or negative limits give 0. */
STEER_API float steer_agent_max_linear(const steer_agent *agent);

/* The agent's up axis: +z for XY, +y for XZ and 3D. */
STEER_API steer_vec3 steer_space_up(steer_space space);

/* v with its component along the up axis removed for planar spaces (XY drops z, XZ
 * drops y); unchanged for 3D. */
static inline steer_vec3 steer_space_project(steer_space space, steer_vec3 v)
{
    if (space == STEER_SPACE_XY) v.z = 0.0f;
    if (space == STEER_SPACE_XZ) v.y = 0.0f;
    return v;
}

/* Unit heading vector for an orientation in a space (see the file comment). */
STEER_API steer_vec3 steer_space_heading(steer_space space, float orientation);

/* Orientation of a direction in a space, in (-pi, pi]. Returns `fallback` when the
 * direction's planar part is zero or not finite (the target sits on the agent). */
STEER_API float steer_space_orientation(steer_space space, steer_vec3 dir, float fallback);

/* The agent's heading: the direction of its orientation (a unit vector; orientation
 * NaN or infinite reads as 0). A NULL agent asserts, then gives the zero vector. */
STEER_API steer_vec3 steer_agent_heading(const steer_agent *agent);

/* The agent's forward direction: its velocity direction when it moves, otherwise
 * its heading. Always a unit vector in the agent's plane. A NULL agent asserts, then
 * gives the zero vector. */
STEER_API steer_vec3 steer_agent_forward(const steer_agent *agent);

STEER_EXTERN_C_END

#endif /* STEER_AGENT_H */
