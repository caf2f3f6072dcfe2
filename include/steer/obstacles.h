/* SPDX-License-Identifier: MIT */
/* steer/obstacles.h - obstacle shapes and the behaviours that reason about them:
 * obstacle avoidance, wall following, containment and hide.
 *
 * Function index
 *   steer_polygon_check, steer_box_polygon, steer_obstacle_distance,
 *   steer_avoid_obstacles, steer_follow_wall, steer_contain, steer_hide
 *
 * Representation (docs/obstacles.md): a game fills a steer_obstacles with pointers to
 * its own arrays of circles, wall segments and polygons; the library never copies or
 * keeps them. Shapes live in the agent's plane: for XY and XZ agents every coordinate
 * along the up axis is ignored; for 3D agents circles are spheres and walls and polygons
 * are footprints on the ground plane (x,z), as a box standing on the ground.
 *
 * Bad input for every function here: a NULL agent asserts (debug) or gives zero
 * steering; an agent with non-finite state gives zero steering; shapes with non-finite
 * coordinates, zero or negative radius, zero-length walls, or polygons that are not
 * valid (steer_polygon_check) are skipped; an empty obstacle set gives zero steering
 * (hide falls back to evade). No function returns NaN.
 */
#ifndef STEER_OBSTACLES_H
#define STEER_OBSTACLES_H

#include "steer/agent.h"

STEER_EXTERN_C_BEGIN

/* A circle in the agent's plane (a sphere for 3D agents). */
typedef struct steer_circle {
    steer_vec3 center;
    float radius; /* world units, > 0 */
} steer_circle;

/* A wall: a segment from a to b. Both sides are solid. */
typedef struct steer_segment {
    steer_vec3 a, b;
} steer_segment;

/* A simple polygon given by its vertices in order (either winding), closed implicitly
 * from the last vertex back to the first. The array is the caller's. */
typedef struct steer_polygon {
    const steer_vec3 *points;
    int count;
} steer_polygon;

/* What the behaviours avoid: any of the arrays may be NULL with a count of 0. */
typedef struct steer_obstacles {
    const steer_circle *circles;
    int circle_count;
    const steer_segment *walls;
    int wall_count;
    const steer_polygon *polygons;
    int polygon_count;
} steer_obstacles;

/* Result of steer_polygon_check. */
typedef enum steer_polygon_status {
    STEER_POLYGON_OK = 0,
    STEER_POLYGON_TOO_FEW_POINTS,   /* fewer than 3 vertices, or NULL */
    STEER_POLYGON_NOT_FINITE,       /* a vertex has NaN or infinity */
    STEER_POLYGON_DEGENERATE,       /* zero area */
    STEER_POLYGON_SELF_INTERSECTING /* two non-adjacent edges cross */
} steer_polygon_status;

/* Whether a polygon is usable, in the plane of `space`. Behaviours skip polygons that
 * are not STEER_POLYGON_OK. O(n^2) in the vertex count: check once when loading. */
STEER_API steer_polygon_status steer_polygon_check(steer_polygon polygon, steer_space space);

/* The four corners of the axis-aligned rectangle min..max in the plane of `space`
 * (counter-clockwise seen from the up axis), for a box standing on the ground or a 2D
 * rectangle. Writes 4 points to out; a NULL out asserts, then nothing is written. */
STEER_API void steer_box_polygon(steer_vec3 min, steer_vec3 max, steer_space space,
                                 steer_vec3 out[4]);

/* Signed distance from point p to the nearest obstacle surface in the plane of `space`:
 * negative inside a circle or polygon. Walls have no inside. Returns +infinity (HUGE_VALF)
 * when there is no valid obstacle. */
STEER_API float steer_obstacle_distance(const steer_obstacles *obstacles, steer_vec3 p,
                                        steer_space space);

/* ---- obstacle avoidance ------------------------------------------------------- */

/* Parameters of steer_avoid_obstacles. */
typedef struct steer_avoid_params {
    float margin;       /* extra clearance kept beyond the agent's radius, world units (0.2) */
    float min_look;     /* shortest look-ahead, world units (1) */
    float look_time;    /* the look-ahead grows by speed * look_time (0.5 s), on top of the
                           distance the agent needs to stop from its speed */
    float brake_weight; /* share of the response spent braking, 0..1 (0.5) */
    float step;         /* the dt the agent is integrated with (1/60 s): braking never exceeds
                           what stops it within one step; Reynolds model: 1 frame */
} steer_avoid_params;

/* Defaults: margin 0.2, min_look 1, look_time 0.5, brake_weight 0.5, step 1/60. */
STEER_API steer_avoid_params steer_avoid_default(void);

/* Obstacle avoidance: looks ahead along the agent's forward direction a distance
 *   L = min_look + speed * look_time + speed^2 / (2 * max accel)
 * (so the look-ahead covers the stopping distance), with a detection corridor as wide as
 * the agent plus the margin. For the nearest obstacle in the corridor it returns a
 * sideways push away from it plus braking, both growing as the obstacle gets closer;
 * an agent already touching an obstacle is pushed straight out. Inside an obstacle's
 * margin it is pushed out smoothly and, when it heads into the obstacle (or is held
 * against it, nearly stopped), slid along the surface round it, on the side of its
 * forward ray away from the obstacle's centre (docs/obstacles.md); a polygon whose margin
 * holds the agent is met as one obstacle. Zero steering when the corridor is clear and
 * the agent is in no margin, so it sits naturally at the top of a steer_priority; with a
 * path to follow past obstacles, see steer_follow_path_around (steer/path.h). An
 * obstacle dead ahead is passed on the agent's left (a fixed rule: deterministic, no
 * jitter).
 * Agent starting inside an obstacle: pushed out along the shortest way. */
STEER_API steer_steering steer_avoid_obstacles(const steer_agent *agent,
                                               const steer_obstacles *obstacles,
                                               const steer_avoid_params *params);

/* ---- wall following ----------------------------------------------------------- */

/* Parameters of steer_follow_wall. */
typedef struct steer_wall_follow_params {
    float distance;  /* distance kept from the wall surface, world units (1) */
    float stiffness; /* how hard the offset is corrected, 1/s^2 (8) */
    float damping;   /* how hard the sideways velocity is damped, 1/s (4) */
    float speed;     /* speed along the wall; <= 0 means max_speed (0) */
    int side;        /* +1 keeps the wall on the agent's left, -1 on its right, 0 either:
                        the side the agent is on now (0) */
} steer_wall_follow_params;

/* Defaults: distance 1, stiffness 8, damping 4, speed max_speed, side 0. */
STEER_API steer_wall_follow_params steer_wall_follow_default(void);

/* Wall following: finds the nearest wall (segments and polygon edges), and steers to
 * move along it at `speed` while a damped spring holds the agent at `distance` from it:
 *   lateral accel = stiffness * (distance - d) - damping * (v . n)
 * with n the wall normal towards the agent. Zero steering when there is no valid wall. */
STEER_API steer_steering steer_follow_wall(const steer_agent *agent,
                                           const steer_obstacles *obstacles,
                                           const steer_wall_follow_params *params);

/* ---- containment -------------------------------------------------------------- */

/* Kinds of region for steer_contain. */
typedef enum steer_region_kind {
    STEER_REGION_BOX = 0,    /* axis-aligned box min..max (in 3D, all three axes) */
    STEER_REGION_CIRCLE = 1, /* circle (sphere in 3D) center, radius */
    STEER_REGION_POLYGON = 2 /* a valid polygon in the agent's plane */
} steer_region_kind;

/* A region to stay inside. */
typedef struct steer_region {
    steer_region_kind kind;
    steer_vec3 min, max;   /* box */
    steer_vec3 center;     /* circle */
    float radius;          /* circle */
    steer_polygon polygon; /* polygon */
} steer_region;

/* Parameters of steer_contain. */
typedef struct steer_contain_params {
    float margin;    /* distance from the edge at which to start turning back (0.5) */
    float look_time; /* extra look-ahead, speed * look_time seconds (0.25) */
} steer_contain_params;

/* Defaults: margin 0.5, look_time 0.25. */
STEER_API steer_contain_params steer_contain_default(void);

/* Signed distance from p to the region's edge, positive inside, in the agent's plane
 * (3D agents: box and sphere in 3D, polygon on the ground). Invalid regions (NaN
 * fields, min above max, radius <= 0, invalid polygon) give -infinity. */
STEER_API float steer_region_distance(const steer_region *region, steer_vec3 p, steer_space space);

/* Containment: predicts where the agent would stop if it braked now (its stopping
 * distance along its velocity, plus speed * look_time, plus its radius and the margin)
 * and, when that point is outside the region, returns the full acceleration towards the
 * inside (along the edge's inward normal) with the outward part of the velocity braked.
 * Because it looks at the stopping point, the agent turns back before the edge, not
 * after. Zero steering while the prediction is inside, so it goes first in a
 * steer_priority. Agent already outside: steers back in. Invalid region: zero. */
STEER_API steer_steering steer_contain(const steer_agent *agent, const steer_region *region,
                                       const steer_contain_params *params);

/* ---- hide --------------------------------------------------------------------- */

/* Parameters of steer_hide. */
typedef struct steer_hide_params {
    float distance_behind; /* distance from the obstacle's surface to the hiding spot (1) */
    float max_prediction;  /* evade's look-ahead when falling back (1) */
} steer_hide_params;

/* Defaults: distance_behind 1, max_prediction 1. */
STEER_API steer_hide_params steer_hide_default(void);

/* Hide from a hunter: for each circle, the spot on the far side from the hunter,
 *   spot = center + normalize(center - hunter) * (radius + agent radius + distance_behind),
 * and arrive (steer_arrive, default parameters) at the spot nearest the agent; the
 * circle then blocks the hunter's line of sight. `hiding_spot` (may be NULL) receives
 * it. With no valid circle it falls back to steer_evade from the hunter and sets
 * *hiding_spot to the agent's position. */
STEER_API steer_steering steer_hide(const steer_agent *agent, const steer_obstacles *obstacles,
                                    steer_vec3 hunter_position, steer_vec3 hunter_velocity,
                                    const steer_hide_params *params, steer_vec3 *hiding_spot);

STEER_EXTERN_C_END

#endif /* STEER_OBSTACLES_H */
