/* SPDX-License-Identifier: MIT */
/* Following a corridor on the mesh: keep the corridor in step with the agent's polygon
 * (trim, rejoin when pushed aside, search when lost), pull the string again when it
 * changes, follow the pulled path, and keep off the mesh's boundary. */
#include "navmesh_internal.h"
#include "obstacle_internal.h"
#include "steering_internal.h"

steer_navmesh_follow_params steer_navmesh_follow_default(void)
{
    steer_navmesh_follow_params p;
    p.follow = steer_path_follow_default();
    p.contain = steer_contain_default();
    p.contain.margin = 0.1f;
    p.path_radius = 0.5f;
    p.max_snap = 2.0f;
    p.rejoin_reach = 8;
    return p;
}

steer_steering steer_navmesh_contain(const steer_agent *agent, const steer_navmesh *mesh,
                                     const steer_contain_params *params)
{
    if (!steer__usable(agent) || mesh == NULL || mesh->polygon_count < 1)
        return steer_steering_zero();
    return steer__navmesh_contain_in(agent, mesh, steer_navmesh_locate(mesh, agent->position),
                                     params);
}

steer_steering steer__navmesh_contain_in(const steer_agent *agent, const steer_navmesh *mesh,
                                         int poly, const steer_contain_params *params)
{
    if (!steer__usable(agent) || mesh == NULL || mesh->polygon_count < 1)
        return steer_steering_zero();
    steer_contain_params p = params != NULL ? *params : steer_contain_default();
    float accel = steer__max_accel(agent);
    if (poly < 0) {
        steer_vec3 back;
        if (steer_navmesh_nearest(mesh, agent->position, &back) < 0) return steer_steering_zero();
        return steer_seek(agent, back);
    }
    steer_vec3 v = steer_space_project(agent->space, agent->velocity);
    float speed = steer_length(v);
    if (speed == 0.0f) return steer_steering_zero();
    /* The mesh is where the agent's centre may go (build it shrunk by the radius, as
     * Recast does), so the radius is not added: a goal near a wall stays reachable. */
    float ahead = speed * steer__nonneg(p.look_time) + steer__nonneg(p.margin);
    if (accel > 0.0f) ahead += speed * speed / (2.0f * accel);
    steer_vec3 probe = steer_add_scaled(agent->position, steer_normalize(v), ahead);
    steer_navmesh_hit hit = steer__nav_raycast_from(mesh, poly, agent->position, probe);
    if (!hit.hit || steer_length_sq(hit.normal) == 0.0f) return steer_steering_zero();
    return steer__accel_output(agent, steer_scale(hit.normal, accel));
}

void steer_navmesh_corridor_init(steer_navmesh_corridor *corridor, int32_t *polygons, int capacity,
                                 steer_vec3 *points, steer_path_node *nodes, int point_capacity)
{
    STEER_ASSERT(corridor != NULL);
    if (corridor == NULL) return;
    memset(corridor, 0, sizeof *corridor);
    bool ok =
        polygons != NULL && capacity > 0 && points != NULL && nodes != NULL && point_capacity > 1;
    corridor->polygons = ok ? polygons : NULL;
    corridor->capacity = ok ? capacity : 0;
    corridor->points = ok ? points : NULL;
    corridor->nodes = ok ? nodes : NULL;
    corridor->point_capacity = ok ? point_capacity : 0;
    corridor->status = STEER_NAVMESH_PATH_BAD_INPUT;
}

void steer_navmesh_corridor_set_goal(steer_navmesh_corridor *corridor, steer_vec3 goal)
{
    STEER_ASSERT(corridor != NULL);
    if (corridor == NULL) return;
    corridor->goal = goal;
    corridor->has_goal = steer_v3_is_finite(goal);
    corridor->valid = false;
    corridor->count = 0;
}

/* The path from the agent through the corridor, pulled again; the cursor restarts. */
static void steer__nav_repull(steer_navmesh_corridor *c, const steer_navmesh *m, steer_vec3 from,
                              float radius)
{
    steer_vec3 goal = steer_navmesh_polygon_point(m, c->polygons[c->count - 1], c->goal);
    int n = steer_navmesh_string_pull(m, c->polygons, c->count, from, goal, c->points,
                                      c->point_capacity, NULL);
    steer_path_init(&c->path, c->nodes, c->point_capacity, c->points, n, false,
                    radius >= 0.0f ? radius : 0.0f);
    memset(&c->cursor, 0, sizeof c->cursor);
}

static void steer__nav_search(steer_navmesh_corridor *c, const steer_navmesh *m,
                              steer_navmesh_query *q, steer_vec3 from,
                              const steer_navmesh_follow_params *p)
{
    steer_navmesh_path r = steer_navmesh_find_path(m, q, from, c->goal, p->max_snap, c->polygons,
                                                   c->capacity, c->points, c->point_capacity);
    c->searches++;
    c->status = r.status;
    c->valid = r.status != STEER_NAVMESH_PATH_BAD_INPUT && r.corridor > 0;
    c->count = r.corridor < c->capacity ? r.corridor : c->capacity;
    if (c->valid) steer__nav_repull(c, m, from, p->path_radius);
}

static bool steer__nav_borders(const steer_navmesh *m, int32_t a, int32_t b)
{
    for (int s = m->first[a]; s < m->first[a + 1]; s++)
        if (m->neighbours[s] == b) return true;
    return false;
}

/* Bring the corridor in step with the agent's polygon; true when it changed. */
static bool steer__nav_track(steer_navmesh_corridor *c, const steer_navmesh *m, int32_t poly,
                             int reach)
{
    if (c->polygons[0] == poly) return false;
    for (int i = 1; i < c->count; i++) { /* moved along: drop what lies behind */
        if (c->polygons[i] != poly) continue;
        memmove(c->polygons, c->polygons + i, sizeof(int32_t) * (size_t)(c->count - i));
        c->count -= i;
        return true;
    }
    for (int i = 0; i < c->count && i < reach; i++) { /* pushed aside: rejoin at i */
        if (!steer__nav_borders(m, poly, c->polygons[i])) continue;
        int keep = c->count - i;
        if (keep + 1 > c->capacity) keep = c->capacity - 1;
        memmove(c->polygons + 1, c->polygons + i, sizeof(int32_t) * (size_t)keep);
        c->polygons[0] = poly;
        c->count = keep + 1;
        c->rejoins++;
        return true;
    }
    c->valid = false; /* lost: search again */
    return true;
}

/* Can the agent see the next waypoint of its path? Pushed behind a corner it cannot,
 * and the path pulled from where it stands goes round the corner again. */
static bool steer__nav_sees_next(const steer_navmesh_corridor *c, const steer_navmesh *m,
                                 steer_vec3 from)
{
    if (c->path.count < 2) return true;
    int next = c->cursor.node > 0 && c->cursor.node < c->path.count ? c->cursor.node : 1;
    steer_navmesh_hit h = steer_navmesh_raycast(m, from, c->path.nodes[next].point);
    return h.polygon < 0 || !h.hit;
}

steer_steering steer_navmesh_follow(const steer_agent *agent, const steer_navmesh *mesh,
                                    steer_navmesh_query *query, steer_navmesh_corridor *corridor,
                                    const steer_navmesh_follow_params *params, bool *arrived)
{
    STEER_ASSERT(mesh != NULL && query != NULL && corridor != NULL);
    if (arrived != NULL) *arrived = false;
    if (!steer__usable(agent) || mesh == NULL || query == NULL || corridor == NULL)
        return steer_steering_zero();
    steer_navmesh_follow_params p = params != NULL ? *params : steer_navmesh_follow_default();
    steer_navmesh_corridor *c = corridor;
    if (!c->has_goal || c->capacity < 1) return steer_match_velocity(agent, steer_v3_zero(), 0.1f);
    steer_vec3 on;
    int32_t poly = steer_navmesh_locate(mesh, agent->position);
    if (poly < 0) poly = steer_navmesh_nearest(mesh, agent->position, &on);
    if (c->valid && poly >= 0 && steer__nav_track(c, mesh, poly, p.rejoin_reach) && c->valid)
        steer__nav_repull(c, mesh, agent->position, p.path_radius);
    if (!c->valid) steer__nav_search(c, mesh, query, agent->position, &p);
    if (!c->valid) return steer_match_velocity(agent, steer_v3_zero(), 0.1f);
    if (!steer__nav_sees_next(c, mesh, agent->position))
        steer__nav_repull(c, mesh, agent->position, p.path_radius);
    steer_steering keep_on = steer_navmesh_contain(agent, mesh, &p.contain);
    if (steer_length_sq(keep_on.linear) > 0.0f) return keep_on;
    return steer_follow_path(agent, &c->path, &p.follow, &c->cursor, arrived);
}
