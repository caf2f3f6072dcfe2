/* SPDX-License-Identifier: MIT */
/* Fields to goals over a navigation mesh: Dijkstra over the polygons from every goal at
 * once, each polygon keeping where to head while in it; one query for any number of
 * agents. */
#include "navmesh_internal.h"
#include "steering_internal.h"

size_t steer_navmesh_field_scratch_bytes(int polygon_count)
{
    if (polygon_count < 1 || polygon_count > STEER_NAVMESH_MAX_COUNT) return 0;
    return (size_t)polygon_count * 8u;
}

/* The open list: polygons on distance, index on ties. */
typedef struct steer__navf_heap {
    int32_t *items, *pos;
    int size;
    const float *d;
} steer__navf_heap;

static bool steer__navf_before(const steer__navf_heap *h, int32_t a, int32_t b)
{
    return h->d[a] != h->d[b] ? h->d[a] < h->d[b] : a < b;
}

static void steer__navf_place(steer__navf_heap *h, int at, int32_t p)
{
    h->items[at] = p;
    h->pos[p] = at;
}

static void steer__navf_up(steer__navf_heap *h, int at)
{
    int32_t p = h->items[at];
    while (at > 0 && steer__navf_before(h, p, h->items[(at - 1) / 2])) {
        steer__navf_place(h, at, h->items[(at - 1) / 2]);
        at = (at - 1) / 2;
    }
    steer__navf_place(h, at, p);
}

static int32_t steer__navf_pop(steer__navf_heap *h)
{
    int32_t top = h->items[0], last = h->items[--h->size];
    h->pos[top] = -2; /* settled */
    int at = 0;
    for (;;) {
        int child = 2 * at + 1;
        if (child >= h->size) break;
        if (child + 1 < h->size && steer__navf_before(h, h->items[child + 1], h->items[child]))
            child++;
        if (!steer__navf_before(h, h->items[child], last)) break;
        steer__navf_place(h, at, h->items[child]);
        at = child;
    }
    if (h->size > 0) steer__navf_place(h, at, last);
    return top;
}

static void steer__navf_lower(steer__navf_heap *h, float *dist, steer_vec3 *toward, int32_t p,
                              float d, steer_vec3 at)
{
    if (h->pos[p] == -2 || !(d < dist[p])) return;
    dist[p] = d;
    toward[p] = at;
    if (h->pos[p] < 0) {
        h->pos[p] = h->size;
        h->items[h->size++] = p;
    }
    steer__navf_up(h, h->pos[p]);
}

/* The point of edge a-b nearest q (in 3D). */
static steer_vec3 steer__navf_on_edge(steer_vec3 a, steer_vec3 b, steer_vec3 q)
{
    steer_vec3 ab = steer_sub(b, a);
    float len2 = steer_length_sq(ab);
    float t = len2 > 0.0f ? steer_dot(steer_sub(q, a), ab) / len2 : 0.0f;
    return steer_add_scaled(a, ab, steer_clampf(t, 0.0f, 1.0f));
}

/* From settled polygon p (entered at `from`), into each neighbour through their edge. */
static void steer__navf_expand(const steer_navmesh *m, steer__navf_heap *h, float *dist,
                               steer_vec3 *toward, int32_t p, steer_vec3 from)
{
    for (int32_t s = m->first[p]; s < m->first[p + 1]; s++) {
        int32_t nb = m->neighbours[s];
        if (nb < 0) continue;
        steer_vec3 a = m->vertices[m->indices[s]];
        steer_vec3 b = m->vertices[m->indices[steer__nav_slot_next(m, p, s)]];
        steer_vec3 at = steer__navf_on_edge(a, b, from);
        steer__navf_lower(h, dist, toward, nb, dist[p] + steer_distance(from, at), at);
    }
}

int steer_navmesh_distance_field(const steer_navmesh *mesh, const steer_vec3 *goals, int goal_count,
                                 float *distance, steer_vec3 *toward, int capacity, void *scratch,
                                 size_t scratch_bytes)
{
    STEER_ASSERT(mesh != NULL);
    if (mesh == NULL || distance == NULL || toward == NULL || scratch == NULL ||
        mesh->polygon_count < 1 || capacity < mesh->polygon_count ||
        scratch_bytes < steer_navmesh_field_scratch_bytes(mesh->polygon_count) ||
        (uintptr_t)scratch % 4u != 0)
        return -1;
    int n = mesh->polygon_count;
    steer__navf_heap h = {(int32_t *)scratch, (int32_t *)scratch + n, 0, distance};
    for (int p = 0; p < n; p++) distance[p] = INFINITY, toward[p] = steer_v3_zero(), h.pos[p] = -1;
    for (int i = 0; goals != NULL && i < goal_count; i++) {
        steer_vec3 on;
        int p = steer_navmesh_nearest(mesh, goals[i], &on);
        if (p >= 0) steer__navf_lower(&h, distance, toward, p, 0.0f, on);
    }
    int reached = 0;
    while (h.size > 0) {
        int32_t p = steer__navf_pop(&h);
        reached++;
        steer__navf_expand(mesh, &h, distance, toward, p, toward[p]);
    }
    return reached;
}

steer_steering steer_navmesh_follow_field(const steer_agent *agent, const steer_navmesh *mesh,
                                          const float *distance, const steer_vec3 *toward,
                                          const steer_arrive_params *arrive,
                                          const steer_contain_params *contain, bool *arrived)
{
    STEER_ASSERT(mesh != NULL);
    if (arrived != NULL) *arrived = false;
    if (!steer__usable(agent) || mesh == NULL || distance == NULL || toward == NULL ||
        mesh->polygon_count < 1)
        return steer_steering_zero();
    steer_steering keep_on = steer_navmesh_contain(agent, mesh, contain);
    if (steer_length_sq(keep_on.linear) > 0.0f) return keep_on;
    int p = steer_navmesh_locate(mesh, agent->position);
    if (p < 0) return steer_steering_zero(); /* off the mesh: containment acted above */
    if (distance[p] == INFINITY) return steer_match_velocity(agent, steer_v3_zero(), 0.1f);
    steer_arrive_params a = arrive != NULL ? *arrive : steer_arrive_default();
    if (distance[p] == 0.0f) return steer_arrive(agent, toward[p], &a, arrived);
    return steer_seek(agent, toward[p]);
}
