/* SPDX-License-Identifier: MIT */
/* Navigate's planning: before the workers start, one agent after the other (the navmesh's
 * one query is the world's), each navigating agent that needs it gets the next corner of
 * its shortest path on the mesh. Serial, in dense order, so the plans do not depend on
 * the number of workers. */
#include "world_behaviours.h"
#include "world_group_navigate.h"
#include "world_internal.h"

static bool steer_world_nav_same(steer_vec3 a, steer_vec3 b)
{
    return a.x == b.x && a.y == b.y && a.z == b.z;
}

/* Does the agent at p need a new corner? */
static bool steer_world_nav_stale(const steer_world_navmesh *nm, const steer_world_nav *nav,
                                  const steer_world_slot *s, steer_vec3 p, steer_vec3 target,
                                  float reach)
{
    if (nav->state == STEER_WORLD_NAV_UNPLANNED || !steer_world_nav_same(nav->goal, target))
        return true;
    if (s->progress == STEER_PROGRESS_STUCK) return true;
    if (nav->state == STEER_WORLD_NAV_NO_WAY) return false;
    if (nav->state == STEER_WORLD_NAV_CORNER && steer_distance(p, nav->corner) <= reach)
        return true;
    steer_navmesh_hit h = steer_navmesh_raycast(nm->mesh, p, nav->corner);
    return h.polygon >= 0 && h.hit;
}

static void steer_world_nav_plan(const steer_world_navmesh *nm, steer_world_nav *nav, steer_vec3 p,
                                 steer_vec3 target)
{
    steer_vec3 points[3];
    steer_navmesh_path r =
        steer_navmesh_find_path(nm->mesh, nm->query, p, target, INFINITY, NULL, 0, points, 3);
    nav->goal = target;
    if (r.status == STEER_NAVMESH_PATH_BAD_INPUT || r.count < 1) {
        nav->state = STEER_WORLD_NAV_NO_WAY;
        nav->corner = p;
        return;
    }
    bool last = r.count == 1 || (r.count == 2 && r.status != STEER_NAVMESH_PATH_TOO_LONG);
    nav->corner = points[r.count == 1 ? 0 : 1];
    nav->state = last ? STEER_WORLD_NAV_LAST : STEER_WORLD_NAV_CORNER;
}

/* Agent d, if its recipe navigates. */
static void steer_world_nav_agent(steer_world *w, int d)
{
    const steer_world_body *b = &w->body[w->cur][d];
    if (b->recipe < 0) return;
    const steer_recipe *r = &w->recipes[b->recipe].recipe;
    for (int k = 0; k < r->count; k++) {
        const steer_recipe_item *it = &r->items[k];
        if (it->kind != STEER_BEHAVIOUR_NAVIGATE) continue;
        const steer_world_navmesh *nm =
            steer__world_resource(w, it->resource, STEER_WORLD_RESOURCE_NAVMESH);
        if (nm == NULL) return;
        const steer_world_slot *s = &w->slots[b->slot];
        steer_world_nav *nav = &steer__world_memory(w, b->slot)->nav;
        steer_vec3 p = w->pos[w->cur][d], target = steer__world_nav_goal(w, s, r);
        float reach = 2.0f * (it->arrive.target_radius > 0.0f ? it->arrive.target_radius : 0.25f);
        if (steer_world_nav_stale(nm, nav, s, p, target, reach))
            steer_world_nav_plan(nm, nav, p, target);
        return; /* one navigate item a recipe (its state is one) */
    }
}

void steer__world_navigate(steer_world *world)
{
    bool any = false;
    for (int i = 0; i < STEER_WORLD_RESOURCE_MAX && !any; i++)
        any = world->resources[i].kind == STEER_WORLD_RESOURCE_NAVMESH;
    if (!any) return; /* no navmesh: no navigating agent, and no pass over the agents */
    for (int d = 0; d < world->count; d++) steer_world_nav_agent(world, d);
}
