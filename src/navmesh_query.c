/* SPDX-License-Identifier: MIT */
/* Paths on a navigation mesh: the query's memory, the exact search (navmesh_search.c)
 * for the corridor, the funnel for the points; a goal off the start's island is
 * replaced by the island's point nearest it, found by a flood over the polygons. */
#include "navmesh_internal.h"

/* Per edge: the search nodes, their heap entries and two table entries, a root entry
 * (cost, node, stamp) for a vertex and a flood entry (from, stamp) for a polygon (there
 * are fewer of both). */
#define STEER_NAV_QUERY_BYTES (STEER__NAVQ_NODES_PER_EDGE * (sizeof(steer__navq_node) + 12u) + 20u)

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
    memset(query, 0, sizeof *query);
    if (memory == NULL || need == 0 || bytes < need || (uintptr_t)memory % 8u != 0) return false;
    size_t n = (size_t)edge_count, nodes = n * STEER__NAVQ_NODES_PER_EDGE;
    query->nodes = memory;
    query->heap = (int32_t *)((steer__navq_node *)memory + nodes);
    query->seen = query->heap + nodes;
    for (size_t i = 0; i < 2 * nodes; i++) query->seen[i] = -1;
    query->root_g = (float *)(query->seen + 2 * nodes);
    query->root_from = (int32_t *)(query->root_g + n);
    query->root_stamp = (uint32_t *)(query->root_from + n);
    query->flood_from = (int32_t *)(query->root_stamp + n);
    query->flood_stamp = (uint32_t *)(query->flood_from + n);
    for (size_t i = 0; i < n; i++) query->root_stamp[i] = 0, query->flood_stamp[i] = 0;
    query->capacity = edge_count;
    query->node_capacity = (int)nodes;
    return true;
}

/* ---- the start's island ------------------------------------------------------------ */

/* Flood the polygons from `from` (breadth first, the heap array as the queue): true when
 * `to` is reached; *nearest is the reached polygon whose point is nearest `goal` (the
 * first in flood order among equals). */
static bool steer__navq_flood(const steer_navmesh *m, steer_navmesh_query *q, int32_t from,
                              int32_t to, steer_vec3 goal, int32_t *nearest)
{
    int head = 0, tail = 0;
    q->heap[tail++] = from;
    q->flood_stamp[from] = q->generation;
    q->flood_from[from] = -1;
    *nearest = from;
    float best = INFINITY;
    bool reached = false;
    while (head < tail) {
        int32_t p = q->heap[head++];
        reached = reached || p == to;
        float d = steer_distance(goal, steer_navmesh_polygon_point(m, p, goal));
        if (d < best) best = d, *nearest = p;
        for (int32_t s = m->first[p]; s < m->first[p + 1]; s++) {
            int32_t nb = m->neighbours[s];
            if (nb < 0 || q->flood_stamp[nb] == q->generation) continue;
            q->flood_stamp[nb] = q->generation;
            q->flood_from[nb] = p;
            q->heap[tail++] = nb;
        }
    }
    return reached;
}

/* The corridor into the heap array, start first: from the search's goal node, or when
 * `last` < 0 the flood's way to `to` (fewest polygons, the fallback). Returns its length. */
static int steer__navq_corridor(const steer_navmesh_query *q, int32_t from, int32_t to,
                                int32_t last)
{
    const steer__navq_node *nodes = (const steer__navq_node *)q->nodes;
    int count = 0;
    if (last >= 0) {
        for (int32_t id = nodes[last].parent; id >= 0; id = nodes[id].parent)
            q->heap[count++] = nodes[id].poly;
        q->heap[count++] = from;
    } else {
        for (int32_t p = to; p >= 0; p = q->flood_from[p]) q->heap[count++] = p;
    }
    for (int i = 0; i < count / 2; i++) {
        int32_t t = q->heap[i];
        q->heap[i] = q->heap[count - 1 - i];
        q->heap[count - 1 - i] = t;
    }
    return count;
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
    int count = 1;
    query->heap[0] = from;
    if (from != to) {
        steer__navq_ask ask = {from, to, steer__nav_ground(mesh->plane, s_on),
                               steer__nav_ground(mesh->plane, g_on)};
        bool out_of_nodes = false;
        int expanded = 0;
        int32_t last = steer__navq_search(mesh, query, &ask, &expanded, &out_of_nodes);
        r.expanded = expanded;
        int32_t nearest = to;
        if (last < 0 && !steer__navq_flood(mesh, query, from, to, g_on, &nearest)) {
            /* Another island: head for this one's point nearest the goal. */
            r.status = STEER_NAVMESH_PATH_PARTIAL;
            g_on = steer_navmesh_polygon_point(mesh, nearest, g_on);
            ask.to = to = nearest;
            ask.goal = steer__nav_ground(mesh->plane, g_on);
            last = -1;
            if (to != from) {
                last = steer__navq_search(mesh, query, &ask, &expanded, &out_of_nodes);
                r.expanded += expanded;
                if (last < 0) steer__navq_flood(mesh, query, from, to, g_on, &nearest);
            }
        }
        if (to != from) {
            /* Out of nodes: a way through the fewest polygons, not the shortest. */
            if (last < 0) r.status = STEER_NAVMESH_PATH_TOO_LONG;
            count = steer__navq_corridor(query, from, to, last);
        }
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
