/* SPDX-License-Identifier: MIT */
/* Paths on a navigation mesh: A* over the polygons' shared edges (each node a way into a
 * polygon, placed where the straight line toward the goal crosses it), then the funnel. */
#include "navmesh_internal.h"

#define STEER_NAV_QUERY_BYTES 40u /* g, f, point (12), parent, anchor, heap_pos, heap, stamp */

int steer_navmesh_edge_count(const steer_navmesh *mesh)
{
    return mesh != NULL && mesh->polygon_count > 0 ? mesh->first[mesh->polygon_count] : 0;
}

size_t steer_navmesh_query_bytes(int edge_count)
{
    if (edge_count < 1 || edge_count > STEER_NAVMESH_MAX_COUNT * STEER_NAVMESH_POLY_MAX) return 0;
    return (size_t)edge_count * STEER_NAV_QUERY_BYTES;
}

bool steer_navmesh_query_init(steer_navmesh_query *query, void *memory, size_t bytes,
                              int edge_count)
{
    STEER_ASSERT(query != NULL);
    if (query == NULL) return false;
    size_t need = steer_navmesh_query_bytes(edge_count);
    query->capacity = 0;
    query->generation = 0;
    query->heap_size = 0;
    if (memory == NULL || need == 0 || bytes < need || (uintptr_t)memory % 8u != 0) return false;
    size_t n = (size_t)edge_count;
    query->point = (steer_vec3 *)memory;
    query->g = (float *)(query->point + n);
    query->f = query->g + n;
    query->parent = (int32_t *)(query->f + n);
    query->anchor = query->parent + n;
    query->heap_pos = query->anchor + n;
    query->heap = query->heap_pos + n;
    query->stamp = (uint32_t *)(query->heap + n);
    for (size_t i = 0; i < n; i++) query->stamp[i] = 0;
    query->capacity = edge_count;
    return true;
}

/* ---- the open list: a binary heap on f ------------------------------------------- */

static bool steer__navq_before(const steer_navmesh_query *q, int32_t a, int32_t b)
{
    if (q->f[a] != q->f[b]) return q->f[a] < q->f[b];
    return a < b; /* a total order, so ties resolve the same way everywhere */
}

static void steer__navq_place(steer_navmesh_query *q, int pos, int32_t p)
{
    q->heap[pos] = p;
    q->heap_pos[p] = pos;
}

static void steer__navq_up(steer_navmesh_query *q, int pos)
{
    int32_t p = q->heap[pos];
    while (pos > 0 && steer__navq_before(q, p, q->heap[(pos - 1) / 2])) {
        steer__navq_place(q, pos, q->heap[(pos - 1) / 2]);
        pos = (pos - 1) / 2;
    }
    steer__navq_place(q, pos, p);
}

static int32_t steer__navq_pop(steer_navmesh_query *q)
{
    int32_t top = q->heap[0], last = q->heap[--q->heap_size];
    q->heap_pos[top] = -1;
    int pos = 0;
    for (;;) {
        int child = 2 * pos + 1;
        if (child >= q->heap_size) break;
        if (child + 1 < q->heap_size && steer__navq_before(q, q->heap[child + 1], q->heap[child]))
            child++;
        if (!steer__navq_before(q, q->heap[child], last)) break;
        steer__navq_place(q, pos, q->heap[child]);
        pos = child;
    }
    if (q->heap_size > 0) steer__navq_place(q, pos, last);
    return top;
}

/* Start a search: a new generation makes every polygon unvisited in O(1). */
static void steer__navq_begin(steer_navmesh_query *q)
{
    q->heap_size = 0;
    if (++q->generation == 0) { /* wrapped: clear the stamps once in 2^32 searches */
        for (int i = 0; i < q->capacity; i++) q->stamp[i] = 0;
        q->generation = 1;
    }
}

/* Where a path from `from` heading for `goal` crosses edge slot s: where the straight
 * line crosses it, held inside the edge (its middle when they run parallel). */
static steer_vec3 steer__navq_crossing(const steer_navmesh *m, int32_t s, steer_vec3 from,
                                       steer_vec3 goal)
{
    steer_vec3 a = m->vertices[m->indices[s]];
    steer_vec3 b = m->vertices[m->indices[steer__nav_slot_next(m, s)]];
    steer__nav2 ga = steer__nav_ground(m->plane, a), gb = steer__nav_ground(m->plane, b);
    steer__nav2 gp = steer__nav_ground(m->plane, from), gg = steer__nav_ground(m->plane, goal);
    double den = steer__nav_orient(gp, gg, gb) - steer__nav_orient(gp, gg, ga);
    double t = 0.5;
    if (den != 0.0) t = -steer__nav_orient(gp, gg, ga) / den;
    if (!(t >= 0.0)) t = 0.0;
    if (t > 1.0) t = 1.0;
    return steer_lerp(a, b, (float)t);
}

/* Open or improve edge node s (cost g at point `at`, estimate h). */
static void steer__navq_relax(steer_navmesh_query *q, int32_t s, int32_t parent, int32_t anchor,
                              steer_vec3 at, float g, float h)
{
    bool fresh = q->stamp[s] != q->generation;
    if (!fresh && (q->heap_pos[s] < 0 || g >= q->g[s])) return; /* closed, or no better */
    q->stamp[s] = q->generation;
    q->g[s] = g;
    q->f[s] = g + h;
    q->point[s] = at;
    q->parent[s] = parent;
    q->anchor[s] = anchor;
    if (fresh) {
        q->heap_pos[s] = q->heap_size;
        q->heap[q->heap_size++] = s;
    }
    steer__navq_up(q, q->heap_pos[s]);
}

/* True when the straight ground line from a to b stays on the mesh. */
static bool steer__navq_sees(const steer_navmesh *m, steer_vec3 a, steer_vec3 b)
{
    steer_navmesh_hit h = steer_navmesh_raycast(m, a, b);
    return h.polygon >= 0 && (!h.hit || h.t >= 1.0f - 1e-5f);
}

/* One search's fixed inputs. */
typedef struct steer__navq_search_def {
    const steer_navmesh *m;
    int32_t to;
    steer_vec3 start, goal;
} steer__navq_search_def;

/* From edge node `from` (-1: the start point, in polygon `poly`) across poly's edge s,
 * Theta* style: the path may run straight from the anchor's point when that line stays
 * on the mesh, so costs follow the pulled string rather than a zigzag of edge points.
 * Into the goal's polygon the rest is a straight line inside a convex polygon: exact. */
static void steer__navq_expand(const steer__navq_search_def *d, steer_navmesh_query *q,
                               int32_t from, int32_t s)
{
    steer_vec3 here = from >= 0 ? q->point[from] : d->start;
    float g_here = from >= 0 ? q->g[from] : 0.0f;
    int32_t a = from >= 0 ? q->anchor[from] : -2;
    steer_vec3 a_point = a >= 0 ? q->point[a] : d->start;
    float a_g = a >= 0 ? q->g[a] : 0.0f;
    steer_vec3 at = steer__navq_crossing(d->m, s, a > -2 ? a_point : here, d->goal);
    float g = g_here + steer_distance(here, at);
    int32_t anchor = from;
    if (a > -2 && steer__navq_sees(d->m, a_point, at)) {
        float ga = a_g + steer_distance(a_point, at);
        if (ga < g) g = ga, anchor = a;
    }
    steer__navq_relax(q, s, from, anchor, at, g, steer_distance(at, d->goal));
}

static void steer__navq_expand_polygon(const steer__navq_search_def *d, steer_navmesh_query *q,
                                       int32_t from, int32_t poly)
{
    for (int32_t s = d->m->first[poly]; s < d->m->first[poly + 1]; s++) {
        int32_t nb = d->m->neighbours[s];
        if (nb < 0 ||
            (from >= 0 && d->m->neighbours[from] >= 0 && nb == steer__nav_slot_poly(d->m, from)))
            continue; /* a wall, or straight back */
        steer__navq_expand(d, q, from, s);
    }
}

/* A* over edges from polygon `from` to `to`; returns the last edge node of the way found
 * (-1: none needed or none found) and in *reached the polygon it ends in (`to`, or the
 * one nearest the goal when `to` cannot be reached). */
static int32_t steer__navq_search(const steer__navq_search_def *d, steer_navmesh_query *q,
                                  int32_t from, int32_t *reached, int *expanded)
{
    steer__navq_begin(q);
    *reached = from;
    *expanded = 0;
    if (from == d->to) return -1;
    steer__navq_expand_polygon(d, q, -1, from);
    int32_t best = -1;
    float best_h = steer_distance(d->start, d->goal);
    while (q->heap_size > 0) {
        int32_t s = steer__navq_pop(q);
        int32_t poly = d->m->neighbours[s];
        ++*expanded;
        if (poly == d->to) {
            *reached = poly;
            return s;
        }
        float h = q->f[s] - q->g[s];
        if (h < best_h) best_h = h, best = s;
        steer__navq_expand_polygon(d, q, s, poly);
    }
    *reached = best >= 0 ? d->m->neighbours[best] : from;
    return best;
}

static steer_navmesh_path steer__navq_result(steer_navmesh_path_status s)
{
    steer_navmesh_path r = {s, 0, 0, 0.0f, 0};
    return r;
}

/* Snap a point onto the mesh within max_snap; -1 when it is too far or not finite. */
static int steer__navq_snap(const steer_navmesh *m, steer_vec3 p, float max_snap, steer_vec3 *on)
{
    int poly = steer_navmesh_nearest(m, p, on);
    if (poly < 0) return -1;
    float d = steer_distance(p, *on);
    return d <= max_snap || max_snap == INFINITY ? poly : -1;
}

static float steer__navq_length(const steer_vec3 *points, int count)
{
    float len = 0.0f;
    for (int i = 1; i < count; i++) len += steer_distance(points[i - 1], points[i]);
    return len;
}

steer_navmesh_path steer_navmesh_find_path(const steer_navmesh *mesh, steer_navmesh_query *query,
                                           steer_vec3 start, steer_vec3 goal, float max_snap,
                                           int32_t *corridor_out, int corridor_capacity,
                                           steer_vec3 *points, int capacity)
{
    STEER_ASSERT(mesh != NULL && query != NULL);
    if (mesh == NULL || query == NULL || points == NULL || capacity < 1 ||
        mesh->polygon_count < 1 || query->capacity < steer_navmesh_edge_count(mesh) ||
        (corridor_out == NULL && corridor_capacity > 0))
        return steer__navq_result(STEER_NAVMESH_PATH_BAD_INPUT);
    if (!(max_snap >= 0.0f)) max_snap = 0.0f;
    steer_vec3 s_on, g_on;
    int from = steer__navq_snap(mesh, start, max_snap, &s_on);
    int to = steer__navq_snap(mesh, goal, max_snap, &g_on);
    if (from < 0 || to < 0) return steer__navq_result(STEER_NAVMESH_PATH_BAD_INPUT);
    steer_navmesh_path r = steer__navq_result(STEER_NAVMESH_PATH_FOUND);
    steer__navq_search_def d = {mesh, to, s_on, g_on};
    int32_t reached;
    int32_t last = steer__navq_search(&d, query, from, &reached, &r.expanded);
    if (reached != to) {
        r.status = STEER_NAVMESH_PATH_PARTIAL;
        g_on = steer_navmesh_polygon_point(mesh, reached, g_on);
    }
    /* The corridor: the polygons the edge nodes lead into, goal first, then reversed
     * into the heap array (free once the search is over). */
    int count = 0;
    for (int32_t s = last; s >= 0 && count < query->capacity - 1; s = query->parent[s])
        query->heap[count++] = mesh->neighbours[s];
    query->heap[count++] = from;
    for (int i = 0; i < count / 2; i++) {
        int32_t t = query->heap[i];
        query->heap[i] = query->heap[count - 1 - i];
        query->heap[count - 1 - i] = t;
    }
    r.corridor = count;
    for (int i = 0; i < count && i < corridor_capacity; i++) corridor_out[i] = query->heap[i];
    bool truncated = false;
    r.count = steer_navmesh_string_pull(mesh, query->heap, count, s_on, g_on, points, capacity,
                                        &truncated);
    if (truncated || count > corridor_capacity) {
        if (corridor_capacity > 0 || truncated) r.status = STEER_NAVMESH_PATH_TOO_LONG;
    }
    r.length = steer__navq_length(points, r.count);
    return r;
}
