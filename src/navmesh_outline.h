/* SPDX-License-Identifier: MIT */
/* The merge step of the outline build (navmesh_merge.c). */
#ifndef STEER_NAVMESH_OUTLINE_H
#define STEER_NAVMESH_OUTLINE_H

#include "navmesh_internal.h"

/* Scratch bytes steer__nav_merge needs for this many triangles. */
size_t steer__nav_merge_bytes(int triangles);

/* Merge triangles (3 point indices each, counter-clockwise) into convex polygons of at
 * most STEER_NAVMESH_POLY_MAX corners, Hertel-Mehlhorn style: the shared edges longest
 * first, each removed when both its ends stay convex. Writes the polygons as first
 * (count + 1) and indices; returns the polygon count. keys: 3 * triangles records. */
int steer__nav_merge(const steer_vec3 *points, steer_space plane, const int32_t *tris,
                     int triangles, void *scratch, steer__nav_key *keys, int32_t *first,
                     int32_t *indices);

#endif /* STEER_NAVMESH_OUTLINE_H */
