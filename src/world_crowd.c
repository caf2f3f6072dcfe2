/* SPDX-License-Identifier: MIT */
/* The world's crowd features: the ORCA filter and predictive avoidance against the step's
 * snapshot (world_crowd.h, docs/crowd.md). The filter's code is world_crowd_filter.h's,
 * built here for every machine; crowd_avx2.c builds it again for AVX2. */
#include "world_crowd_filter.h"

#include "steering_internal.h"

void steer__world_crowd(const steer_world *w, int i, steer_agent *agent,
                        const steer_world_traits *traits, steer_world_pose *pose,
                        const steer_world_recipe *recipe, steer_steering *out, uint32_t *seen)
{
    steer_world_crowd_filter(w, i, agent, traits, pose, recipe, out, seen);
}

/* How close to an arrived neighbour, as a gap between the bodies in radii of the agent,
 * an agent stops behind it (ORCA keeps a gap of 0.05 of the radii sum while it can). */
#define STEER_SETTLE_GAP 0.5f

/* The touch that keeps an arrived agent arrived, looser than STEER_SETTLE_GAP. */
#define STEER_SETTLE_KEEP 1.0f

/* An agent counts as blocked once its speed towards its goal is below this share of its
 * top speed. */
#define STEER_SETTLE_SLOW 0.25f

/* The agent's goal when it is a fixed point: no live target agent, and on a route the
 * last point. False otherwise. */
static bool steer_settle_goal(const steer_world *w, const steer_world_slot *s, steer_vec3 *goal)
{
    const steer_world_aim *a = steer__world_aim(w, s);
    const steer_world_slot *t = steer__world_slot(w, a->target_agent);
    if (t != NULL && t->dense >= 0) return false;
    if (s->route != NULL && s->route_next < s->route_count - 1) return false;
    *goal = a->target;
    return true;
}

/* Distance in the agent's plane (the up axis ignored). */
static float steer_settle_distance(steer_space space, steer_vec3 a, steer_vec3 b)
{
    return steer_length(steer_space_project(space, steer_sub(a, b)));
}

/* Whether a neighbour that has arrived at the same goal, nearer to it, is within touch. */
static bool steer_settle_blocked(const steer_world *w, const steer_agent *agent, steer_vec3 goal,
                                 float d, float touch, const int32_t *near, int count)
{
    float r = steer__nonneg(agent->radius);
    for (int k = 0; k < count; k++) {
        if ((w->pose[w->cur][near[k]].flags & STEER_WORLD_SETTLED) == 0u) continue;
        const steer_world_traits *y = steer__world_traits(w, near[k]);
        steer_vec3 p = w->pos[w->cur][near[k]];
        if (!(steer_settle_distance(agent->space, p, goal) < d)) continue;
        steer_vec3 their_goal;
        if (!steer_settle_goal(w, &w->slots[y->slot], &their_goal) ||
            steer_settle_distance(agent->space, their_goal, goal) > r)
            continue;
        float gap = steer_settle_distance(agent->space, p, agent->position) - r - y->radius;
        if (gap <= touch * r) return true;
    }
    return false;
}

bool steer__world_settle(const steer_world *w, int i, const steer_agent *agent,
                         const steer_world_traits *traits, steer_world_pose *pose,
                         const steer_world_recipe *recipe, const int32_t *near, int count)
{
    (void)i;
    const steer_world_slot *s = &w->slots[traits->slot];
    steer_vec3 goal;
    bool settled = (pose->flags & STEER_WORLD_SETTLED) != 0u;
    pose->flags &= (uint8_t)~STEER_WORLD_SETTLED;
    if (!steer_settle_goal(w, s, &goal)) return false;
    /* Its own memory entry (fresh for a new agent in the slot): only this agent's step
     * touches it. */
    steer_world_memory *m = steer__world_memory((steer_world *)(uintptr_t)w, traits->slot);
    float r = steer__nonneg(agent->radius);
    float d = steer_settle_distance(agent->space, agent->position, goal);
    float reach = steer__nonneg(recipe->recipe.items[recipe->settle_item].arrive.target_radius);
    if (settled) {
        float release = recipe->recipe.settle_release;
        if (!(release > 0.0f) || !steer_is_finite(release)) release = 1.0f;
        /* It stays while it is not pushed further than that and is still at the goal or
         * held by an arrived neighbour (within a looser touch than the one that settled it,
         * so that it does not flicker): one that has room again closes up. */
        bool held =
            d <= reach || steer_settle_blocked(w, agent, goal, d, STEER_SETTLE_KEEP, near, count);
        if (held &&
            !(steer_settle_distance(agent->space, agent->position, m->settled_at) > release * r)) {
            pose->flags |= (uint8_t)STEER_WORLD_SETTLED;
            return true;
        }
        return false;
    }
    /* Blocked: hardly getting closer (the filter holds it), an arrived neighbour in touch. */
    bool slow =
        steer_dot(steer_space_project(agent->space, agent->velocity),
                  steer_sub(goal, agent->position)) < STEER_SETTLE_SLOW * agent->max_speed * d;
    if (!(d <= reach) &&
        !(slow && steer_settle_blocked(w, agent, goal, d, STEER_SETTLE_GAP, near, count)))
        return false;
    pose->flags |= (uint8_t)STEER_WORLD_SETTLED;
    m->settled_at = agent->position;
    return true;
}

/* Agent j of the snapshot as the crowd functions see it (steer_crowd_weight). */
static steer_crowd_neighbour steer_crowd_of(const steer_world *w, int32_t j)
{
    const steer_world_traits *b = steer__world_traits(w, j);
    steer_crowd_neighbour nb;
    nb.position = w->pos[w->cur][j];
    nb.velocity = w->vel[w->cur][j];
    nb.radius = b->radius;
    nb.responsibility = steer_crowd_weight(w, b->recipe);
    nb.id = b->slot;
    return nb;
}

steer_steering steer__world_avoid_agents(const steer_world *w, int i, const steer_agent *agent,
                                         uint32_t mask, const steer_recipe_item *item)
{
    steer_crowd_gather g;
    steer_crowd_nearest(w, i, mask, item->neighbourhood.radius, STEER_ORCA_MAX_NEIGHBOURS, &g);
    steer_crowd_neighbour nbs[STEER_ORCA_MAX_NEIGHBOURS];
    for (int k = 0; k < g.count; k++) nbs[k] = steer_crowd_of(w, g.j[k]);
    return steer_avoid_agents(agent, nbs, g.count, &item->predict, NULL);
}

/* A cell edge of 0.3 of the neighbour distance (4.5 for the default 15): the first
 * search (0.6 of it when this was measured, STEER_CROWD_FIRST now) then reads about 5 x 5 small
 * cells instead of 3 x 3 large ones, so fewer candidates beyond its radius are looked at. Measured
 * on crossing N = 20,000 (user time of the same run, docs/performance.md): 0.6 of it 1.91 s,
 * 0.45 1.87, 0.3 1.79, 0.25 1.80, 0.2 1.77. The search order changes with the cells, and with it
 * which of two neighbours at exactly the same distance comes first, so runs differ from those with
 * the old edge (still the same for any number of workers). */
float steer__world_crowd_reach(const steer_recipe *r)
{
    float reach = r->crowd ? r->orca.neighbour_dist * 0.3f : 0.0f;
    for (int k = 0; k < r->count; k++) {
        float nr = r->items[k].neighbourhood.radius * 0.3f;
        if (r->items[k].kind == STEER_BEHAVIOUR_AVOID_AGENTS && nr > reach) reach = nr;
    }
    return steer_is_finite(reach) && reach > 0.0f ? reach : 0.0f;
}

float steer__world_crowd_radius(const steer_recipe *r)
{
    float radius = r->crowd ? r->orca.neighbour_dist : 0.0f;
    for (int k = 0; k < r->count; k++) {
        float nr = r->items[k].neighbourhood.radius;
        if (r->items[k].kind == STEER_BEHAVIOUR_AVOID_AGENTS && nr > radius) radius = nr;
    }
    return steer_is_finite(radius) && radius > 0.0f ? radius : 0.0f;
}

steer_world_status steer_world_set_walls(steer_world *world, const steer_segment *walls, int count)
{
    STEER_ASSERT(world != NULL);
    if (world == NULL || count < 0 || (walls == NULL && count > 0)) return STEER_WORLD_INVALID;
    if (world->stepping) return STEER_WORLD_BUSY;
    world->walls = count > 0 ? walls : NULL;
    world->wall_count = count;
    return STEER_WORLD_OK;
}
