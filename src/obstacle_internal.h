/* SPDX-License-Identifier: MIT */
/* Plane geometry shared by the obstacle behaviours; not part of the public API. */
#ifndef STEER_OBSTACLE_INTERNAL_H
#define STEER_OBSTACLE_INTERNAL_H

#include "steer/obstacles.h"

/* The plane walls and polygons live in: XY for 2D agents, the ground (XZ) otherwise. */
static inline steer_space steer__wall_space(steer_space space)
{
    return space == STEER_SPACE_XY ? STEER_SPACE_XY : STEER_SPACE_XZ;
}

/* Closest point to p on segment ab (a when the segment has zero length). */
steer_vec3 steer__closest_on_segment(steer_vec3 p, steer_vec3 a, steer_vec3 b);

/* 2D cross product of a and b in the plane of `space` (XY: x,y; otherwise x,z). */
float steer__perp_dot(steer_space space, steer_vec3 a, steer_vec3 b);

/* Unit vector 90 degrees to the left of unit vector d in the agent's plane (for 3D
 * agents, about +Y). */
steer_vec3 steer__left_of(steer_space space, steer_vec3 d);

/* Distance along the ray p + d*t (d unit, t >= 0) at which it first comes within r of
 * point c; negative when it never does. 0 when p is already within r. */
float steer__ray_circle(steer_vec3 p, steer_vec3 d, steer_vec3 c, float r);

/* Same for the segment ab inflated by r (a capsule) in the plane of `space`. */
float steer__ray_capsule(steer_space space, steer_vec3 p, steer_vec3 d, steer_vec3 a, steer_vec3 b,
                         float r);

/* True when the point lies inside the polygon (crossing rule) in the plane. */
bool steer__point_in_polygon(steer_space space, steer_polygon poly, steer_vec3 p);

/* True when the wall is usable: finite ends, non-zero length in the plane. */
bool steer__wall_valid(steer_space space, steer_vec3 a, steer_vec3 b);

/* True when the circle is usable: finite center, finite radius > 0. */
bool steer__circle_valid(const steer_circle *c);

/* Edge i of a polygon: from point i to point (i + 1) mod count, flattened. */
void steer__polygon_edge(steer_space space, steer_polygon poly, int i, steer_vec3 *a,
                         steer_vec3 *b);

/* An acceleration turned into the agent's linear output (times mass under the Reynolds
 * model), projected on its plane and limited. */
steer_steering steer__accel_output(const steer_agent *agent, steer_vec3 accel);

#endif /* STEER_OBSTACLE_INTERNAL_H */
