/* SPDX-License-Identifier: MIT */
/* The world's crowd features: the ORCA filter and predictive avoidance against the step's
 * snapshot (world_crowd.h, docs/crowd.md). The filter's code is world_crowd_filter.h's,
 * built here for every machine; crowd_avx2.c builds it again for AVX2. */
#include "world_crowd_filter.h"

void steer__world_crowd(const steer_world *w, int i, steer_agent *agent,
                        const steer_world_body *body, const steer_world_recipe *recipe,
                        steer_steering *out, uint32_t *seen)
{
    steer_world_crowd_filter(w, i, agent, body, recipe, out, seen);
}

/* Agent j of the snapshot as the crowd functions see it (steer_crowd_weight). */
static steer_crowd_neighbour steer_crowd_of(const steer_world *w, int32_t j)
{
    const steer_world_body *b = &w->body[w->cur][j];
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

steer_world_status steer_world_set_walls(steer_world *world, const steer_segment *walls, int count)
{
    STEER_ASSERT(world != NULL);
    if (world == NULL || count < 0 || (walls == NULL && count > 0)) return STEER_WORLD_INVALID;
    if (world->stepping) return STEER_WORLD_BUSY;
    world->walls = count > 0 ? walls : NULL;
    world->wall_count = count;
    return STEER_WORLD_OK;
}
