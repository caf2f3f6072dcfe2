/* SPDX-License-Identifier: MIT */
/* Private pieces the navigation mesh files share: ground coordinates, the sort, the
 * bounding-box tree and the memory layout. */
#ifndef STEER_NAVMESH_INTERNAL_H
#define STEER_NAVMESH_INTERNAL_H

#include "steer/navmesh.h"
#include "steer/math.h"

#include <math.h>
#include <string.h>

/* A point on the ground: u along the plane's first axis, v along its second. */
typedef struct steer__nav2 {
    float u, v;
} steer__nav2;

static inline steer__nav2 steer__nav_ground(steer_space plane, steer_vec3 p)
{
    steer__nav2 g = {p.x, plane == STEER_SPACE_XY ? p.y : p.z};
    return g;
}

static inline float steer__nav_height(steer_space plane, steer_vec3 p)
{
    return plane == STEER_SPACE_XY ? p.z : p.y;
}

static inline steer_vec3 steer__nav_point(steer_space plane, steer__nav2 g, float h)
{
    return plane == STEER_SPACE_XY ? steer_v3(g.u, g.v, h) : steer_v3(g.u, h, g.v);
}

/* Twice the signed area of (a, b, c), in double so that float inputs multiply exactly:
 * > 0 when c lies to the left of a -> b. */
static inline double steer__nav_orient(steer__nav2 a, steer__nav2 b, steer__nav2 c)
{
    return ((double)b.u - a.u) * ((double)c.v - a.v) - ((double)b.v - a.v) * ((double)c.u - a.u);
}

static inline steer__nav2 steer__nav_vertex(const steer_navmesh *m, int32_t v)
{
    return steer__nav_ground(m->plane, m->vertices[v]);
}

/* The slot after s in polygon p, which holds it (the other end of edge s). */
static inline int32_t steer__nav_slot_next(const steer_navmesh *m, int32_t p, int32_t s)
{
    return s + 1 < m->first[p + 1] ? s + 1 : m->first[p];
}

/* A node of the bounding-box tree: an inner node when left >= 0, else a leaf holding
 * polygon `right`. */
typedef struct steer__nav_node {
    float lo[2], hi[2];
    int32_t left, right;
} steer__nav_node;

/* A sort record: ordered by key, then by value (so every sort is total and the result
 * does not depend on the input order beyond the key). */
typedef struct steer__nav_key {
    uint64_t key;
    int32_t value, extra;
} steer__nav_key;

/* Heapsort (no recursion, no allocation, O(n log n) always). */
void steer__nav_sort(steer__nav_key *keys, int count);

/* A float as an unsigned integer that sorts in the float's order. */
static inline uint32_t steer__nav_float_key(float f)
{
    union {
        float f;
        uint32_t u;
    } x;
    x.f = f == 0.0f ? 0.0f : f; /* -0 sorts as +0 */
    return (x.u & 0x80000000u) ? ~x.u : (x.u | 0x80000000u);
}

/* Round n up to a multiple of 8 bytes. */
static inline size_t steer__nav_align(size_t n)
{
    return (n + 7u) & ~(size_t)7u;
}

/* Where the mesh and the build's scratch lie in the caller's buffer. */
typedef struct steer__nav_layout {
    size_t vertices, first, indices, neighbours, tree, keys, remap, total;
} steer__nav_layout;

/* The layout for these counts; total 0 when a count is out of range. */
steer__nav_layout steer__nav_layout_of(int vertex_count, int polygon_count, int index_count);

/* The polygon's ground corners into out (STEER_NAVMESH_POLY_MAX), returning the count. */
int steer__nav_corners(const steer_navmesh *m, int poly, steer__nav2 *out);

/* True when g lies inside the convex corners (edges included, within a relative
 * tolerance). */
bool steer__nav_contains(const steer__nav2 *c, int n, steer__nav2 g);

/* Height of polygon `poly` at ground point g (interpolated on the fan triangle that holds
 * g best). */
float steer__nav_height_at(const steer_navmesh *m, int poly, steer__nav2 g);

/* The polygon's point nearest g on the ground. */
steer__nav2 steer__nav_closest(const steer__nav2 *c, int n, steer__nav2 g);

/* Build the bounding-box tree over the mesh's polygons, using keys (polygon_count) as
 * scratch, then each node's wall box (steer__nav_wall_boxes) over the keys. */
void steer__nav_tree_build(steer_navmesh *m, steer__nav_key *keys);

/* The box of the boundary edges under a node of the tree; empty (lo above hi) when there
 * are none. steer_navmesh_walls_near reads these rather than the polygons' boxes: in a
 * room, most polygons' boxes reach far beyond their walls. */
typedef struct steer__nav_wall_box {
    float lo[2], hi[2];
} steer__nav_wall_box;
_Static_assert(sizeof(steer__nav_wall_box) <= sizeof(steer__nav_key), "a box per sort record");

/* The nodes' wall boxes, one per node of the tree (2 polygon_count - 1 of them), in the
 * mesh's memory right after the nodes: the place of the build's sort records, free once
 * the mesh is built (steer__nav_layout_of leaves room for at least 3 polygon_count). */
static inline steer__nav_wall_box *steer__nav_wall_boxes(const steer_navmesh *m)
{
    size_t nodes = 2u * (size_t)m->polygon_count - 1u;
    return (steer__nav_wall_box *)(void *)((unsigned char *)m->tree +
                                           steer__nav_align(nodes * sizeof(steer__nav_node)));
}

/* Empty the mesh. */
void steer__nav_clear(steer_navmesh *m);

/* ---- the path search (navmesh_search.c) ------------------------------------------- */

/* Search nodes a query holds per mesh edge. */
#define STEER__NAVQ_NODES_PER_EDGE 8

/* A search node: the stretch [lo, hi] of an edge of `poly` (fractions from the vertex of
 * `slot` to the next), every point of it reached by a straight line from `root`, which
 * is reached from the start at cost g; f adds the estimate. A goal node has slot -1. */
typedef struct steer__navq_node {
    int32_t poly, slot, root, parent; /* root: a vertex, -1 the start */
    double lo, hi;                    /* in double: rays through them reach far */
    float g, f;
} steer__navq_node;

/* One search's question: from ground point `start` on polygon `from` to `goal` on `to`
 * (from != to). */
typedef struct steer__navq_ask {
    int32_t from, to;
    steer__nav2 start, goal;
} steer__navq_ask;

/* The shortest way: returns the goal node (its parents lead back to the start; their
 * polygons are the corridor) or -1 when the goal was not reached: no way, or the query's
 * nodes ran out (*out_of_nodes). *expanded counts the nodes expanded. */
int32_t steer__navq_search(const steer_navmesh *m, steer_navmesh_query *q,
                           const steer__navq_ask *ask, int *expanded, bool *out_of_nodes);

/* steer_navmesh_raycast from `from`, already located in polygon p (>= 0). */
steer_navmesh_hit steer__nav_raycast_from(const steer_navmesh *mesh, int p, steer_vec3 from,
                                          steer_vec3 to);

/* steer_navmesh_contain for an agent already located in polygon poly (-1: off the
 * mesh), so a caller that knows it pays for no second search. */
steer_steering steer__navmesh_contain_in(const steer_agent *agent, const steer_navmesh *mesh,
                                         int poly, const steer_contain_params *params);

#endif /* STEER_NAVMESH_INTERNAL_H */
