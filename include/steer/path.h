/* SPDX-License-Identifier: MIT */
/* steer/path.h - polyline paths and path following.
 *
 * Function index
 *   steer_path_init, steer_path_length, steer_path_point_at, steer_path_parameter,
 *   steer_path_parameter_near, steer_path_follow_default, steer_follow_path,
 *   steer_follow_path_around
 *
 * A path is a polyline through waypoints, open or closed (looped), with a radius: the
 * corridor a follower should stay in. Positions along it are given by the path
 * parameter s: the arc length from the first waypoint, world units, in [0, length].
 *
 * Memory: the caller owns it. steer_path_init copies the waypoints into a caller-provided
 * steer_path_node array (skipping bad ones) once, at setup; nothing here allocates, and
 * every per-step function is O(waypoints within a window) or O(log waypoints), except
 * the global steer_path_parameter (O(waypoints)).
 *
 * Distances are measured in 3D: build a ground path in the agent's plane (y constant
 * for XZ, z constant for XY).
 */
#ifndef STEER_PATH_H
#define STEER_PATH_H

#include "steer/agent.h"
#include "steer/behaviours.h"
#include "steer/obstacles.h"

STEER_EXTERN_C_BEGIN

/* One waypoint of a path as stored: where it is and the arc length to it. */
typedef struct steer_path_node {
    steer_vec3 point; /* world units */
    float distance;   /* arc length from the first waypoint, world units */
} steer_path_node;

/* A path over caller-owned nodes; fill it with steer_path_init. */
typedef struct steer_path {
    steer_path_node *nodes; /* the caller's array; nodes[0..count-1] are in use */
    int count;              /* usable waypoints kept */
    bool closed;            /* the last waypoint joins the first */
    float radius;           /* corridor half-width, world units, >= 0 */
    float length;           /* total arc length, closing segment included, world units */
} steer_path;

/* Build a path from points[0..count-1] into storage[0..capacity-1]. Bad waypoints are
 * skipped and the rest kept in order: non-finite points, points repeating the previous
 * kept one (within 1e-6), points too far from the previous kept one to measure (beyond
 * about 1.8e19, where the squared distance overflows float; on a closed path also from
 * the first), and for a closed path a last point equal to the first.
 * At most `capacity` are kept. Negative or non-finite radius becomes 0 (a zero radius is
 * valid: a line). Returns the number of waypoints kept (path->count): 0 makes an empty
 * path (length 0), 1 a single point (length 0); a closed path needs 2 or more to loop.
 * NULL path asserts; NULL storage/points or capacity <= 0 give an empty path. */
STEER_API int steer_path_init(steer_path *path, steer_path_node *storage, int capacity,
                              const steer_vec3 *points, int count, bool closed, float radius);

/* Total arc length, world units; 0 for an empty or one-point path (or NULL). */
STEER_API float steer_path_length(const steer_path *path);

/* The point at parameter s. Open paths clamp s into [0, length]; closed paths wrap it.
 * NaN s counts as 0. One-point path: that point; empty path: the zero vector. */
STEER_API steer_vec3 steer_path_point_at(const steer_path *path, float s);

/* The parameter of the path point closest to `point` (the whole path is searched; the
 * first of equally close points wins). Empty path or non-finite point: 0. */
STEER_API float steer_path_parameter(const steer_path *path, steer_vec3 point);

/* The parameter of the path point closest to `point` among s in [from, from + window]:
 * the local search a follower uses so it never jumps to another part of a path that
 * crosses or loops back on itself. For a closed path the result is not wrapped (it may
 * exceed length; at most one lap is searched); for an open path it is clamped to the
 * end. The first of equally close points wins. Negative or NaN window is 0 (gives
 * `from`); NaN `from` is 0. Empty path: 0. */
STEER_API float steer_path_parameter_near(const steer_path *path, steer_vec3 point, float from,
                                          float window);

/* ---- path following ---------------------------------------------------------------- */

/* Parameters of steer_follow_path. */
typedef struct steer_path_follow_params {
    float predict_time;         /* the agent's position is predicted this far ahead along its
                                   velocity before projecting, seconds or frames (0.1) */
    float lead;                 /* the sought point runs this far ahead of the cursor along
                                   the path, world units (1) */
    float window;               /* the cursor looks at most this far ahead for the agent's
                                   projection, world units (4); keep it below the arc length
                                   of any loop in the path */
    steer_arrive_params arrive; /* how the agent stops at the end of an open path */
} steer_path_follow_params;

/* Defaults: predict_time 0.1, lead 1, window 4, steer_arrive_default(). */
STEER_API steer_path_follow_params steer_path_follow_default(void);

/* Where a follower is on its path; the caller owns it. Zero-initialise it to start at
 * the first waypoint. */
typedef struct steer_path_cursor {
    float s;      /* path parameter of the cursor, in [0, length] (wrapped on closed paths) */
    int lap;      /* closed paths: laps completed */
    int node;     /* index of the next waypoint to pass (count on a closed path means the
                     closing return to waypoint 0) */
    bool arrived; /* open path: the agent rests at the end */
} steer_path_cursor;

/* Follow a path: the agent's position predicted predict_time ahead is projected on the
 * path within [cursor, cursor + window] (never behind the cursor, so it never jumps back
 * where the path crosses itself or loops), the cursor moves there but passes at most
 * one waypoint per call (so it never skips one), and the agent seeks the point `lead`
 * ahead of the cursor, which is never beyond the waypoint after the next one. When that
 * point is the end of an open path, the agent arrives (steer_arrive with
 * params->arrive) and `arrived` (may be NULL; also cursor->arrived) becomes true once it
 * rests there. Corner bound: the agent stays within
 *     B = (lead + max_speed * predict_time) / 2 + max_speed^2 / a + max_speed * h
 * of the path's centreline (a: its maximum acceleration, max_accel or max_force / mass;
 * h: the step, dt or 1 frame), so it leaves the radius by at most max(0, B - radius);
 * docs/paths.md derives it. Bad input: as every behaviour (steer/behaviours.h); a NULL
 * path or cursor asserts (debug) or gives zero steering; an empty path gives zero
 * steering and arrived true; a one-point path arrives at that point; a cursor that is
 * not finite or out of range restarts at 0. */
STEER_API steer_steering steer_follow_path(const steer_agent *agent, const steer_path *path,
                                           const steer_path_follow_params *params,
                                           steer_path_cursor *cursor, bool *arrived);

/* Follow a path past obstacles standing on it or beside it: as steer_follow_path, but
 * while the sought point lies closer than the agent's radius + clearance to an obstacle's
 * surface (steer_obstacle_distance in the agent's plane) it is moved on along the path,
 * in steps of a quarter of that distance (at least 0.05; inside an obstacle, its depth
 * there), until it is clear -- at most 1024 steps, one lap on a closed path, or to the end
 * of an open one (then the agent arrives there). The
 * follower so aims beyond an obstacle on its path, never at the near face, and
 * steer_avoid_obstacles above it (steer_priority) or blended with it takes it round on
 * one side (docs/obstacles.md, "Paths past obstacles"). Pass the avoidance's margin as
 * clearance. The sought point may then lie past the waypoint after the next, so the
 * corner bound of steer_follow_path holds only away from obstacles. Bad input: as
 * steer_follow_path; a NULL obstacle set makes it steer_follow_path; negative, NaN or
 * huge clearance or radius count as 0; invalid shapes are skipped. Costs one
 * steer_obstacle_distance per step moved on (at most 1024). */
STEER_API steer_steering steer_follow_path_around(const steer_agent *agent, const steer_path *path,
                                                  const steer_obstacles *obstacles, float clearance,
                                                  const steer_path_follow_params *params,
                                                  steer_path_cursor *cursor, bool *arrived);

STEER_EXTERN_C_END

#endif /* STEER_PATH_H */
