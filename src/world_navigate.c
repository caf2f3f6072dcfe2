/* SPDX-License-Identifier: MIT */
/* Navigate's planning: before the step's workers start, each navigating agent that needs
 * it gets the next corner of its shortest path on the mesh. Which agents need one is
 * found by the workers; the plans are made one agent after the other (the navmesh's one
 * query is the world's), in dense order, so they do not depend on the number of
 * workers. */
#include "world_behaviours.h"
#include "world_group_navigate.h"
#include "world_internal.h"
#include "navmesh_internal.h"

static bool steer_world_nav_same(steer_vec3 a, steer_vec3 b)
{
    return a.x == b.x && a.y == b.y && a.z == b.z;
}

/* A stuck agent plans afresh once in this many steps, one rounding a corner or out of
 * sight of it once in this many. */
#define STEER_WORLD_NAV_STUCK_EVERY   30u
#define STEER_WORLD_NAV_PASSING_EVERY 8u

/* How near a corner counts as reaching it: twice the arrive item's target radius. */
static float steer_world_nav_reach(const steer_recipe_item *it)
{
    return 2.0f * (it->arrive.target_radius > 0.0f ? it->arrive.target_radius : 0.25f);
}

/* Does the agent at p need a new corner? */
static bool steer_world_nav_stale(const steer_world_navmesh *nm, const steer_world_nav *nav,
                                  const steer_world_tally *t, uint64_t steps, uint32_t slot,
                                  steer_vec3 p, int poly, steer_vec3 target, float reach)
{
    if (nav->state == STEER_WORLD_NAV_UNPLANNED || !steer_world_nav_same(nav->goal, target))
        return true;
    /* Stuck: a fresh plan now and then (every STEER_WORLD_NAV_STUCK_EVERY steps, spread
     * over the agents by slot), not every step while a crowd holds it back. */
    if (t->progress == STEER_PROGRESS_STUCK && (steps + slot) % STEER_WORLD_NAV_STUCK_EVERY == 0)
        return true;
    if (nav->state == STEER_WORLD_NAV_NO_WAY) return false;
    float to_corner = steer_distance(p, nav->corner);
    if (nav->state == STEER_WORLD_NAV_CORNER && to_corner <= reach) return true;
    /* Round the corner without planning it again each step: plan once past it, or now
     * and then in case the crowd pushed the agent elsewhere. */
    if (nav->state == STEER_WORLD_NAV_PASSING &&
        (to_corner > reach || (steps + slot) % STEER_WORLD_NAV_PASSING_EVERY == 0))
        return true;
    if (poly < 0) return false; /* off the mesh: containment brings it back first */
    if (!steer__nav_raycast_from(nm->mesh, poly, p, nav->corner).hit) return false;
    /* Out of sight of its corner: pushed behind a wall, it plans afresh. Unless the corner
     * was out of sight when it was planned: the corner a plan picks is moved off the wall
     * it turns round (steer_world_nav_offset), and far ahead that can hide it behind a
     * wall the path passes on its way. A new plan then picks the same corner, so such an
     * agent plans again only now and then, spread over the agents by slot (planning at
     * every step, a few agents so placed did most of the planning in a crowd of 1,000). */
    return !nav->blind || (steps + slot) % STEER_WORLD_NAV_PASSING_EVERY == 0;
}

/* The corner c of a path that comes from a and goes on to b, moved `body` away from the
 * wall it turns round: along the bisector of the turn, to its outside (the wall's vertex
 * lies on the inside). Unmoved when the turn is too slight to tell, or when the moved
 * point is off the mesh (a gap narrower than the body). */
static steer_vec3 steer_world_nav_offset(const steer_navmesh *mesh, steer_vec3 a, steer_vec3 c,
                                         steer_vec3 b, float body)
{
    steer_vec3 out = steer_sub(steer_normalize(steer_sub(c, a)), steer_normalize(steer_sub(b, c)));
    float len = steer_length(out);
    if (!(body > 0.0f) || !(len > 1e-3f)) return c;
    steer_vec3 moved = steer_add_scaled(c, out, body / len);
    return steer_navmesh_locate(mesh, moved) >= 0 ? moved : c;
}

/* How far from the mesh's walls the body of a crowd agent stays: the filter keeps it off
 * them (world_crowd_filter.h) by its radius and the filter's clearance. Every corner of a
 * path is a corner of the walls, which such an agent cannot reach: it heads for a point
 * this far off the corner instead (steer_world_nav_offset). 0 for agents on recipes
 * without the crowd filter. */
static float steer_world_nav_body(const steer_world *w, int d)
{
    const steer_world_traits *b = steer__world_traits(w, d);
    const steer_world_recipe *wr = &w->recipes[b->recipe];
    if (wr->nav_item < 0) return 0.0f;
    float radius = b->radius >= 0.0f && steer_is_finite(b->radius) ? b->radius : 0.0f;
    float clearance = wr->recipe.orca.clearance;
    clearance = clearance > 0.0f && clearance <= 10.0f ? clearance : 0.0f;
    return radius * (1.0f + clearance);
}

/* The next corner of the shortest path from p (in polygon poly) to target. A corner
 * already within reach is passed over for the one after it when that one is in sight,
 * else the agent rounds it (PASSING): planned again every step, it would get the same
 * corner until it left the reach. A crowd agent's corner is moved off the wall by `body`
 * (steer_world_nav_body). */
static void steer_world_nav_plan(const steer_world_navmesh *nm, steer_world_nav *nav, steer_vec3 p,
                                 int poly, steer_vec3 target, float reach, float body)
{
    steer_vec3 points[4];
    steer_navmesh_path r =
        steer_navmesh_find_path(nm->mesh, nm->query, p, target, INFINITY, NULL, 0, points, 4);
    nav->goal = target;
    nav->blind = 0;
    if (r.status == STEER_NAVMESH_PATH_BAD_INPUT || r.count < 1) {
        nav->state = STEER_WORLD_NAV_NO_WAY;
        nav->corner = p;
        return;
    }
    int k = r.count == 1 ? 0 : 1;
    while (k + 1 < r.count && poly >= 0 && steer_distance(p, points[k]) <= reach &&
           !steer__nav_raycast_from(nm->mesh, poly, p, points[k + 1]).hit)
        k++;
    bool last = k == r.count - 1 && r.status != STEER_NAVMESH_PATH_TOO_LONG;
    nav->corner = points[k];
    nav->state = last ? STEER_WORLD_NAV_LAST : STEER_WORLD_NAV_CORNER;
    if (!last && k + 1 < r.count)
        nav->corner = steer_world_nav_offset(nm->mesh, p, points[k], points[k + 1], body);
    if (!last && steer_distance(p, nav->corner) <= reach) nav->state = STEER_WORLD_NAV_PASSING;
    nav->blind = !last && poly >= 0 && steer__nav_raycast_from(nm->mesh, poly, p, nav->corner).hit;
}

/* Agent d's navigate item and its mesh, if its recipe navigates (one navigate item a
 * recipe: its state is one). */
static const steer_recipe_item *steer_world_nav_item(steer_world *w, int d,
                                                     const steer_world_navmesh **nm)
{
    const steer_world_traits *b = steer__world_traits(w, d);
    if (b->recipe < 0) return NULL;
    const steer_recipe *r = &w->recipes[b->recipe].recipe;
    for (int k = 0; k < r->count; k++) {
        const steer_recipe_item *it = &r->items[k];
        if (it->kind != STEER_BEHAVIOUR_NAVIGATE) continue;
        *nm = steer__world_resource(w, it->resource, STEER_WORLD_RESOURCE_NAVMESH);
        return *nm != NULL ? it : NULL;
    }
    return NULL;
}

/* Where navigating agent d heads: its goal, or its formation slot (world_group_navigate.c). */
static steer_vec3 steer_world_nav_target(const steer_world *w, const steer_world_slot *s, int d)
{
    return steer__world_nav_goal(w, s, &w->recipes[steer__world_traits(w, d)->recipe].recipe);
}

/* Whether each agent of [begin, end) needs a new corner: reads the mesh and the agent's
 * own state only, so the workers share it out. */
static void steer_world_nav_check(void *ctx, int begin, int end)
{
    steer_world *w = ctx;
    for (int d = begin; d < end; d++) {
        const steer_world_navmesh *nm = NULL;
        const steer_recipe_item *it = steer_world_nav_item(w, d, &nm);
        w->nav_stale[d] = 0;
        w->nav_poly[d] = -1;
        if (it == NULL) continue;
        const steer_world_slot *s = &w->slots[steer__world_traits(w, d)->slot];
        const steer_world_nav *nav = &steer__world_memory(w, steer__world_traits(w, d)->slot)->nav;
        float reach = steer_world_nav_reach(it);
        steer_vec3 p = w->pos[w->cur][d];
        w->nav_poly[d] = steer_navmesh_locate(nm->mesh, p);
        w->nav_stale[d] = steer_world_nav_stale(nm, nav, steer__world_tally(w, s), w->steps,
                                                steer__world_traits(w, d)->slot, p, w->nav_poly[d],
                                                steer_world_nav_target(w, s, d), reach);
    }
}

void steer__world_navigate(steer_world *world)
{
    bool any = false;
    for (int i = 0; i < STEER_WORLD_RESOURCE_MAX && !any; i++)
        any = world->resources[i].kind == STEER_WORLD_RESOURCE_NAVMESH;
    if (!any) return; /* no navmesh: no navigating agent, and no pass over the agents */
    steer__world_parallel(world, world->count, steer_world_nav_check, world);
    for (int d = 0; d < world->count; d++) {
        const steer_world_navmesh *nm = NULL;
        const steer_recipe_item *it =
            world->nav_stale[d] ? steer_world_nav_item(world, d, &nm) : NULL;
        if (it == NULL) continue;
        const steer_world_slot *s = &world->slots[steer__world_traits(world, d)->slot];
        steer_world_nav *nav =
            &steer__world_memory(world, steer__world_traits(world, d)->slot)->nav;
        steer_world_nav_plan(nm, nav, world->pos[world->cur][d], world->nav_poly[d],
                             steer_world_nav_target(world, s, d), steer_world_nav_reach(it),
                             steer_world_nav_body(world, d));
    }
}
