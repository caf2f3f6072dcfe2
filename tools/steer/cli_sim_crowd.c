/* SPDX-License-Identifier: MIT */
/* cli_sim_crowd.c - the crowd in the batch world: recipes, members, walls, stepping. */
#include "cli_sim_crowd.h"

#include <stdlib.h>
#include <string.h>

const cli_crowd_group *cli_crowd_group_of(const cli_scenario *s, int i)
{
    const cli_crowd *c = &s->crowd;
    for (int g = 0; g < c->group_count; g++)
        if (i >= c->groups[g].first && i < c->groups[g].first + c->groups[g].count)
            return &c->groups[g];
    return NULL;
}

steer_vec3 cli_crowd_goal(const cli_scenario *s, int i)
{
    const cli_crowd_group *g = cli_crowd_group_of(s, i);
    return g ? g->goals[i - g->first] : steer_v3_zero();
}

bool cli_crowd_arrived(const cli_scenario *s, int i, const steer_agent *a)
{
    const cli_crowd_group *g = cli_crowd_group_of(s, i);
    bool arrived = false;
    if (g) (void)steer_arrive(a, g->goals[i - g->first], &g->arrive, &arrived);
    return arrived;
}

/* A group's recipe: arrive at the target point (each member's goal), then ORCA. */
static steer_recipe cli_group_recipe(const cli_crowd *c, const cli_crowd_group *g)
{
    steer_recipe r = steer_recipe_default();
    r.items[0] = steer_recipe_item_make(STEER_BEHAVIOUR_ARRIVE, 1.0f);
    r.items[0].arrive = g->arrive;
    r.count = 1;
    r.crowd = true;
    r.orca = c->orca;
    r.orca.responsibility = g->responsibility;
    r.settle = g->settle;
    return r;
}

static bool cli_crowd_add_group(cli_crowd_run *run, const cli_scenario *s, int group)
{
    const cli_crowd_group *g = &s->crowd.groups[group];
    steer_recipe recipe = cli_group_recipe(&s->crowd, g);
    int id = steer_world_add_recipe(run->world, &recipe);
    if (id < 0) return false;
    for (int i = 0; i < g->count; i++) {
        steer_world_agent_def a = steer_world_agent_default();
        a.agent = s->agents[g->first + i].agent;
        a.recipe = id;
        a.target = g->goals[i];
        int k = g->first + i - run->first;
        if (steer_world_add(run->world, &a, &run->handles[k]) != STEER_WORLD_OK) return false;
        if (g->route_count == 0) continue;
        steer_vec3 *route = run->routes + (size_t)k * (CLI_ROUTE_MAX + 1);
        for (int p = 0; p < g->route_count; p++) route[p] = g->route[p];
        route[g->route_count] = g->goals[i];
        if (steer_world_set_route(run->world, run->handles[k], route, g->route_count + 1,
                                  g->route_reach) != STEER_WORLD_OK)
            return false;
    }
    return true;
}

bool cli_crowd_run_init(cli_crowd_run *run, const cli_scenario *s, uint64_t seed)
{
    memset(run, 0, sizeof *run);
    const cli_crowd *c = &s->crowd;
    if (!c->present) return true;
    run->first = c->first;
    run->count = c->count;
    run->handles = calloc((size_t)run->count, sizeof *run->handles);
    run->routes = calloc((size_t)run->count * (CLI_ROUTE_MAX + 1), sizeof *run->routes);
    if (!run->handles || !run->routes) return false;
    steer_world_def def = steer_world_default();
    def.capacity = run->count;
    def.max_recipes = c->group_count;
    def.seed = seed;
    def.bounds = cli_world_bounds(s, cli_edges_bounds_kind(s->edges));
    run->world = steer_world_create(&def);
    if (!run->world) return false;
    for (int g = 0; g < c->group_count; g++)
        if (!cli_crowd_add_group(run, s, g)) return false;
    return steer_world_set_walls(run->world, c->walls, c->wall_count) == STEER_WORLD_OK;
}

bool cli_crowd_run_step(cli_crowd_run *run, const cli_scenario *s, steer_agent *agents,
                        steer_vec3 *forces)
{
    if (!run->world) return true;
    if (steer_world_step(run->world, s->dt) != STEER_WORLD_OK) return false;
    float per_step = s->model == STEER_MODEL_REYNOLDS ? 1.0f : 1.0f / s->dt;
    for (int k = 0; k < run->count; k++) {
        steer_agent *a = &agents[run->first + k];
        steer_vec3 before = a->velocity;
        if (steer_world_get_agent(run->world, run->handles[k], a) != STEER_WORLD_OK) return false;
        forces[run->first + k] = steer_scale(steer_sub(a->velocity, before), per_step);
    }
    return true;
}

bool cli_crowd_stuck(const cli_crowd_run *run, int i)
{
    if (!cli_crowd_run_has(run, i)) return false;
    return steer_world_agent_progress(run->world, run->handles[i - run->first], NULL) ==
           STEER_PROGRESS_STUCK;
}

bool cli_crowd_settled(const cli_crowd_run *run, int i)
{
    return cli_crowd_run_has(run, i) &&
           steer_world_agent_settled(run->world, run->handles[i - run->first]);
}

bool cli_crowd_run_has(const cli_crowd_run *run, int i)
{
    return run->world && i >= run->first && i < run->first + run->count;
}

void cli_crowd_run_free(cli_crowd_run *run)
{
    steer_world_destroy(run->world);
    free(run->handles);
    free(run->routes);
    memset(run, 0, sizeof *run);
}
