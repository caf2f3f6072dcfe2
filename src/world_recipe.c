/* SPDX-License-Identifier: MIT */
/* Behaviour recipes: defaults, validation, and their preparation for the neighbour loop
 * (steer/world.h). */
#include "world_internal.h"
#include "world_crowd.h"

#include <string.h>

steer_recipe steer_recipe_default(void)
{
    steer_recipe r;
    memset(&r, 0, sizeof r);
    r.count = 0;
    r.priority_epsilon = 1e-3f;
    r.crowd = false;
    r.orca = steer_orca_default();
    return r;
}

static steer_neighbourhood steer_default_neighbourhood(steer_behaviour_kind kind)
{
    if (kind == STEER_BEHAVIOUR_ALIGNMENT) return steer_alignment_default();
    if (kind == STEER_BEHAVIOUR_COHESION) return steer_cohesion_default();
    return steer_separation_default();
}

steer_recipe_item steer_recipe_item_make(steer_behaviour_kind kind, float weight)
{
    steer_recipe_item it;
    memset(&it, 0, sizeof it);
    it.kind = kind;
    it.weight = weight;
    it.group = 0;
    it.neighbourhood = steer_default_neighbourhood(kind);
    it.arrive = steer_arrive_default();
    it.pursue = steer_pursue_default();
    it.wander = steer_wander_default();
    it.align = steer_align_default();
    it.queue = steer_queue_default();
    it.leader = steer_leader_default();
    it.predict = steer_predict_default();
    /* Predictive avoidance looks a few seconds ahead: farther than separation's reach. */
    if (kind == STEER_BEHAVIOUR_AVOID_AGENTS) it.neighbourhood.radius = 10.0f;
    return it;
}

/* The neighbourhood an item searches, or NULL for items that need no neighbours. */
static const steer_neighbourhood *steer_item_neighbourhood(const steer_recipe_item *it)
{
    switch (it->kind) {
    case STEER_BEHAVIOUR_SEPARATION:
    case STEER_BEHAVIOUR_ALIGNMENT:
    case STEER_BEHAVIOUR_COHESION:
        return &it->neighbourhood;
    case STEER_BEHAVIOUR_QUEUE:
        return &it->queue.ahead;
    default:
        return NULL;
    }
}

static bool steer_recipe_valid(const steer_recipe *r)
{
    if (r->count < 0 || r->count > STEER_RECIPE_MAX) return false;
    for (int k = 0; k < r->count; k++) {
        const steer_recipe_item *it = &r->items[k];
        if ((unsigned)it->kind >= (unsigned)STEER_BEHAVIOUR_KIND_COUNT) return false;
        if (it->group < 0 || it->group >= STEER_RECIPE_MAX) return false;
    }
    return true;
}

/* Items that read the agent's target point or target agent (kept in its slot). */
static bool steer_item_needs_target(const steer_recipe_item *it)
{
    switch (it->kind) {
    case STEER_BEHAVIOUR_SEEK:
    case STEER_BEHAVIOUR_FLEE:
    case STEER_BEHAVIOUR_ARRIVE:
    case STEER_BEHAVIOUR_PURSUE:
    case STEER_BEHAVIOUR_EVADE:
    case STEER_BEHAVIOUR_FOLLOW_LEADER:
        return true;
    default:
        return false;
    }
}

/* Items that read other agents besides through the neighbour sums: the predictive
 * avoidance searches the index, leader following reads the leader's forward direction. */
static bool steer_item_looks_around(const steer_recipe_item *it)
{
    return it->kind == STEER_BEHAVIOUR_AVOID_AGENTS || it->kind == STEER_BEHAVIOUR_FOLLOW_LEADER;
}

/* Whether the step's vector path (world_lanes.c) covers a recipe: one group, finite
 * weights, and only wander and the flocking sums, which need nothing but the agent, its
 * neighbours and its random stream. */
static bool steer_recipe_lanes(const steer_recipe *r)
{
    if (r->crowd) return false;
    for (int k = 0; k < r->count; k++) {
        const steer_recipe_item *it = &r->items[k];
        if (it->group != 0 || !steer_is_finite(it->weight)) return false;
        switch (it->kind) {
        case STEER_BEHAVIOUR_WANDER:
        case STEER_BEHAVIOUR_SEPARATION:
        case STEER_BEHAVIOUR_ALIGNMENT:
        case STEER_BEHAVIOUR_COHESION:
            break;
        default:
            return false;
        }
    }
    return true;
}

static void steer_recipe_prepare(steer_world_recipe *wr, const steer_recipe *r)
{
    memset(wr, 0, sizeof *wr);
    wr->recipe = *r;
    wr->single_group = true;
    wr->lanes = steer_recipe_lanes(r);
    wr->fused = true; /* until an item it does not cover turns up */
    wr->looks_around = r->crowd;
    for (int k = 0; k < r->count; k++) {
        const steer_recipe_item *it = &r->items[k];
        if (it->group != 0) wr->single_group = false;
        if (steer_item_needs_target(it)) wr->needs_target = true;
        if (it->kind == STEER_BEHAVIOUR_SEEK || it->kind == STEER_BEHAVIOUR_ARRIVE ||
            it->kind == STEER_BEHAVIOUR_PURSUE)
            wr->has_goal = true;
        if (steer_item_looks_around(it)) wr->looks_around = true;
        const steer_neighbourhood *nb = steer_item_neighbourhood(it);
        if (nb == NULL) continue;
        steer_flock_test t = steer__flock_test(nb);
        if (t.radius_sq <= 0.0f) continue; /* sees nobody: its sums stay zero */
        if (it->kind == STEER_BEHAVIOUR_QUEUE) wr->fused = false;
        wr->nb_item[wr->nb_count] = (uint8_t)k;
        wr->nb_kind[wr->nb_count] = (uint8_t)it->kind;
        wr->nb_test[wr->nb_count] = t;
        wr->nb_count++;
        wr->looks_around = true;
        float radius = steer_sqrt(t.radius_sq);
        if (radius > wr->neighbour_radius) wr->neighbour_radius = radius;
    }
}

int steer_world_add_recipe(steer_world *world, const steer_recipe *recipe)
{
    STEER_ASSERT(world != NULL && recipe != NULL);
    if (world == NULL || recipe == NULL || world->stepping || !steer_recipe_valid(recipe))
        return -1;
    if (world->recipe_count >= world->def.max_recipes) return -1;
    steer_world_recipe *wr = &world->recipes[world->recipe_count];
    steer_recipe_prepare(wr, recipe);
    if (wr->neighbour_radius > world->auto_cell) world->auto_cell = wr->neighbour_radius;
    float crowd = steer__world_crowd_reach(recipe);
    if (crowd > world->auto_cell) world->auto_cell = crowd;
    return world->recipe_count++;
}
