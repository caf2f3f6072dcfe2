/* SPDX-License-Identifier: MIT */
/* Behaviour recipes: defaults, validation, and their preparation for the neighbour loop
 * (steer/world.h); what each item kind reads comes from the behaviour table
 * (world_behaviours.c), which also makes the items. */
#include "world_behaviours.h"
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
    r.settle = true;
    r.settle_release = 1.0f;
    return r;
}

/* A time setting of the crowd filter: <= 0 and NaN read as the default (allowed), the
 * rest must lie in the domain. */
static bool steer_orca_time_ok(float t)
{
    return !(t > 0.0f) || (t >= STEER_CROWD_MIN_TIME && t <= STEER_CROWD_MAX_TIME);
}

/* A crowd recipe's settings inside the filter's number domain (steer/crowd.h): what the
 * filter would clamp is refused here instead. The readings the filter documents for
 * negative, zero and NaN settings stay allowed. */
bool steer__orca_params_in_domain(const steer_orca_params *p)
{
    return !(p->radius > STEER_CROWD_MAX_LENGTH) && !(p->neighbour_dist > STEER_CROWD_MAX_LENGTH) &&
           steer_orca_time_ok(p->time_horizon) && steer_orca_time_ok(p->time_horizon_obstacles) &&
           !(p->clearance > STEER_CROWD_MAX_CLEARANCE) && !(p->sidestep > STEER_CROWD_MAX_SIDESTEP);
}

bool steer__world_recipe_valid(const steer_world *w, const steer_recipe *r)
{
    if (r->count < 0 || r->count > STEER_RECIPE_MAX) return false;
    if (r->crowd && !steer__orca_params_in_domain(&r->orca)) return false;
    unsigned keeps = 0u; /* the per-agent states items keep: one item each */
    for (int k = 0; k < r->count; k++) {
        const steer_recipe_item *it = &r->items[k];
        if (!steer__world_item_ok(w, it)) return false;
        unsigned bit = 1u << steer__world_behaviours[it->kind].keeps;
        if (bit != 1u && (keeps & bit) != 0u) return false;
        keeps |= bit;
        if (it->group < 0 || it->group >= STEER_RECIPE_MAX) return false;
    }
    return true;
}

/* Whether the step's vector path (world_lanes.c) covers a recipe: one group, finite
 * weights, and only items with a lane evaluation (wander, the flocking sums and the
 * target behaviours: seek, flee, arrive, pursue and evade), which need nothing but the
 * agent, its neighbours, its target and its random stream. */
static bool steer_recipe_lanes(const steer_recipe *r)
{
    if (r->crowd) return false;
    for (int k = 0; k < r->count; k++) {
        const steer_recipe_item *it = &r->items[k];
        if (it->group != 0 || !steer_is_finite(it->weight)) return false;
        if (steer__world_behaviours[it->kind].lane == STEER_WORLD_LANE_NONE) return false;
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
    wr->settle_item = -1;
    wr->nav_item = -1;
    for (int k = 0; k < r->count; k++) {
        const steer_recipe_item *it = &r->items[k];
        if (it->group != 0) wr->single_group = false;
        const steer_world_behaviour *row = &steer__world_behaviours[it->kind];
        wr->lane[k] = (uint8_t)row->lane;
        if ((row->reads & (STEER_READS_TARGET | STEER_READS_TARGET_AGENT)) != 0u)
            wr->needs_target = true;
        if ((row->reads & STEER_HEADS_FOR_TARGET) != 0u) wr->has_goal = true;
        if ((row->reads & STEER_READS_RANDOM) != 0u) wr->random = true;
        if (r->crowd && r->settle && it->kind == STEER_BEHAVIOUR_ARRIVE && wr->settle_item < 0)
            wr->settle_item = k;
        if (r->crowd && it->kind == STEER_BEHAVIOUR_NAVIGATE && wr->nav_item < 0) wr->nav_item = k;
        /* Other agents read besides through the neighbour sums: the predictive avoidance
         * searches the index, leader following reads the leader's forward direction. */
        if ((row->reads & STEER_READS_AGENTS) != 0u) wr->looks_around = true;
        const steer_neighbourhood *nb = steer__world_item_neighbourhood(it);
        if (nb == NULL) continue;
        wr->sum_item[wr->sum_count++] = (uint8_t)k;
        steer_flock_test t = steer__flock_test(nb);
        if (t.radius_sq <= 0.0f) continue; /* sees nobody: its sums stay as zeroed */
        if (row->sum != STEER_WORLD_SUM_FUSED) wr->fused = false;
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
    if (world == NULL || recipe == NULL || world->stepping ||
        !steer__world_recipe_valid(world, recipe))
        return -1;
    if (world->recipe_count >= world->def.max_recipes) return -1;
    for (int k = 0; k < recipe->count; k++) {
        int res = steer__world_item_resource(&recipe->items[k]);
        if (res >= 0) world->resources[res].users++;
    }
    steer_world_recipe *wr = &world->recipes[world->recipe_count];
    steer_recipe_prepare(wr, recipe);
    if (recipe->crowd) world->crowds = true; /* the index's next build fills its copies */
    if (wr->neighbour_radius > world->auto_cell) world->auto_cell = wr->neighbour_radius;
    float crowd = steer__world_crowd_reach(recipe);
    if (crowd > world->auto_cell) world->auto_cell = crowd;
    float reach = steer__world_crowd_radius(recipe);
    if (wr->neighbour_radius > reach) reach = wr->neighbour_radius;
    if (reach > world->fold_cell) world->fold_cell = reach;
    /* The grid's cell (and whether it folds or fits the box) can change with the new
     * recipe, and a first crowd recipe wants the index's crowd copies: the next step
     * builds the index anew, as a world restored from a snapshot taken now would. */
    world->index_valid = false;
    return world->recipe_count++;
}
