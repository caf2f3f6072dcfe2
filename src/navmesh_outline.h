/* SPDX-License-Identifier: MIT */
/* The outline build's shared parts: its rings (navmesh_outline.c), the ear clipping
 * (navmesh_ears.c) and the merge step (navmesh_merge.c). */
#ifndef STEER_NAVMESH_OUTLINE_H
#define STEER_NAVMESH_OUTLINE_H

#include "navmesh_internal.h"

/* Working state of one outline build, over the caller's buffer. */
typedef struct steer__nav_rings {
    const steer_vec3 *points;
    steer_space plane;
    int32_t *vert, *next, *prev; /* ring nodes: a point index and the links */
    int32_t *head;               /* a node of each ring, -1 once joined to the outline */
    int node_count, ring_count;
} steer__nav_rings;

static inline steer__nav2 steer__nav_at(const steer__nav_rings *r, int node)
{
    return steer__nav_ground(r->plane, r->points[r->vert[node]]);
}

static inline bool steer__nav_same(steer__nav2 a, steer__nav2 b)
{
    return a.u == b.u && a.v == b.v;
}

static inline void steer__nav_unlink(steer__nav_rings *r, int node)
{
    r->next[r->prev[node]] = r->next[node];
    r->prev[r->next[node]] = r->prev[node];
}

/* Scratch bytes steer__nav_clip needs for a ring of `nodes` nodes. */
size_t steer__nav_clip_bytes(int nodes);

/* Clip ears off the one ring left after the bridges until a triangle is left, writing
 * each (3 point indices, counter-clockwise) to tris; returns the triangles written, -1
 * when stuck. `scratch` holds steer__nav_clip_bytes(r->node_count) bytes. */
int steer__nav_clip(steer__nav_rings *r, int32_t *tris, int capacity, void *scratch);

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
