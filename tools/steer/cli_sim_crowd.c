/* SPDX-License-Identifier: MIT */
/* cli_sim_crowd.c - the crowd in the batch world: recipes, members, walls, stepping. */
#include "cli_sim_crowd.h"

#include <math.h>
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

/* A group's recipe: arrive at the target point (each member's goal), navigate the
 * navmesh to it, or hold a formation slot, then ORCA. */
static steer_recipe cli_group_recipe(const cli_crowd_run *run, const cli_crowd *c,
                                     const cli_crowd_group *g)
{
    steer_recipe r = steer_recipe_default();
    r.items[0] = steer_recipe_item_make(g->formation  ? STEER_BEHAVIOUR_FORMATION
                                        : g->navigate ? STEER_BEHAVIOUR_NAVIGATE
                                                      : STEER_BEHAVIOUR_ARRIVE,
                                        1.0f);
    if (g->navigate) r.items[0].resource = run->floor;
    r.items[0].arrive = g->arrive;
    r.items[0].align.step = g->arrive.step;
    r.count = 1;
    r.crowd = true;
    r.orca = c->orca;
    r.orca.responsibility = g->responsibility;
    r.settle = g->settle;
    return r;
}

/* A formation group's anchor: it follows the group's path and looks where it goes; on
 * no layer, so no member avoids it. */
static bool cli_crowd_add_anchor(cli_crowd_run *run, const cli_scenario *s, int group)
{
    const cli_crowd_group *g = &s->crowd.groups[group];
    steer_resource path;
    if (steer_world_add_path(run->world, &s->paths[g->formation_path].path, &path) !=
        STEER_WORLD_OK)
        return false;
    steer_recipe r = steer_recipe_default();
    r.items[0] = steer_recipe_item_make(STEER_BEHAVIOUR_FOLLOW_PATH, 1.0f);
    r.items[0].resource = path;
    r.items[0].follow.arrive.step = g->arrive.step;
    /* rest close to the path's end and its heading: the goals are the slots there */
    r.items[0].follow.arrive.target_radius = 0.02f;
    r.items[1] = steer_recipe_item_make(STEER_BEHAVIOUR_LOOK_WHERE_GOING, 1.0f);
    r.items[1].align.step = g->arrive.step;
    r.items[1].align.target_radius = 0.002f;
    r.count = 2;
    steer_world_agent_def a = steer_world_agent_default();
    a.agent = g->member;
    a.agent.position = g->anchor_start;
    a.agent.orientation = g->anchor_orientation;
    a.agent.max_speed = g->formation_speed;
    a.agent.max_rotation = g->formation_turn;
    a.agent.facing = STEER_FACING_STEERED;
    a.recipe = steer_world_add_recipe(run->world, &r);
    a.layer = 0u;
    a.mask = 0u;
    return a.recipe >= 0 && steer_world_add(run->world, &a, &run->anchors[group]) == STEER_WORLD_OK;
}

/* The members take their slots (the loader's assignment: nobody changes). */
static bool cli_crowd_hold(cli_crowd_run *run, const cli_scenario *s, int group)
{
    const cli_crowd_group *g = &s->crowd.groups[group];
    int k = g->first - run->first;
    memcpy(run->slot_of + k, g->slot_of, (size_t)g->count * sizeof *g->slot_of);
    return steer_world_formation_assign(run->world, run->anchors[group], run->handles + k, g->count,
                                        NULL, g->slots, g->count, run->slot_of + k, false, NULL,
                                        run->work, run->work_size) == STEER_GROUP_OK;
}

/* A group that navigates and moves: the world's group move on the mesh, from the
 * members' starts. Its spots become the group's goals (the loader's were the open-field
 * move's): `goals` is the group's own array, rewritten here and by the trades. */
static bool cli_crowd_move_on_mesh(cli_crowd_run *run, const cli_crowd_group *g, int k)
{
    steer_group_move_params p = steer_group_move_default();
    p.gap = g->move_gap;
    size_t size = steer_world_group_workspace_size(g->count, &p);
    void *work = size > 0 ? malloc(size) : NULL;
    if (!work) return false;
    steer_group_status st =
        g->move_line ? steer_world_group_move_along(run->world, run->handles + k, g->count,
                                                    g->move_a, g->move_b, &p, g->goals, work, size)
                     : steer_world_group_move(run->world, run->handles + k, g->count, g->move_a, &p,
                                              g->goals, work, size);
    free(work);
    run->watched = true;
    return st == STEER_GROUP_OK;
}

static bool cli_crowd_add_group(cli_crowd_run *run, const cli_scenario *s, int group)
{
    const cli_crowd_group *g = &s->crowd.groups[group];
    steer_recipe recipe = cli_group_recipe(run, &s->crowd, g);
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
    if (g->navigate && g->moved) return cli_crowd_move_on_mesh(run, g, g->first - run->first);
    if (!g->formation) return true;
    return cli_crowd_add_anchor(run, s, group) && cli_crowd_hold(run, s, group);
}

/* The scenario's navmesh in the crowd's world, when a group navigates. */
static bool cli_crowd_add_navmesh(cli_crowd_run *run, const cli_scenario *s)
{
    bool any = false;
    for (int g = 0; g < s->crowd.group_count; g++) any |= s->crowd.groups[g].navigate;
    if (!any) return true;
    int edges = steer_navmesh_edge_count(&s->navmesh.mesh);
    size_t bytes = steer_navmesh_query_bytes(edges);
    run->nav_query_memory = malloc(bytes);
    if (!run->nav_query_memory ||
        !steer_navmesh_query_init(&run->nav_query, run->nav_query_memory, bytes, edges))
        return false;
    run->nav.mesh = &s->navmesh.mesh;
    run->nav.query = &run->nav_query;
    return steer_world_add_navmesh(run->world, &run->nav, &run->floor) == STEER_WORLD_OK;
}

/* Before a step, every CLI_TRADE_STEPS: stuck members of groups moved on the mesh trade
 * spots with the member in their way. */
static bool cli_crowd_trade(cli_crowd_run *run, const cli_scenario *s)
{
    if (run->steps++ % CLI_TRADE_STEPS != 0) return true;
    for (int gi = 0; gi < s->crowd.group_count; gi++) {
        const cli_crowd_group *g = &s->crowd.groups[gi];
        if (!g->navigate || !g->moved) continue;
        if (steer_world_group_unstick(run->world, run->handles + (g->first - run->first), g->count,
                                      g->goals, CLI_TRADE_REACH, NULL) != STEER_GROUP_OK)
            return false;
    }
    return true;
}

/* After a step: pairs of members of groups moved on the mesh whose bodies overlap. */
static void cli_crowd_count_overlaps(cli_crowd_run *run, const cli_scenario *s,
                                     const steer_agent *agents)
{
    for (int gi = 0; gi < s->crowd.group_count; gi++) {
        const cli_crowd_group *g = &s->crowd.groups[gi];
        if (!g->navigate || !g->moved) continue;
        for (int i = g->first; i < g->first + g->count; i++)
            for (int j = i + 1; j < g->first + g->count; j++) {
                float gap = steer_distance(agents[i].position, agents[j].position) -
                            agents[i].radius - agents[j].radius;
                run->overlaps += gap < -1e-3f ? 1 : 0;
            }
    }
}

/* The workspace of the formation groups' calls, and the world's room for their anchors. */
static bool cli_crowd_formations(cli_crowd_run *run, const cli_crowd *c, int *anchors)
{
    *anchors = 0;
    for (int g = 0; g < c->group_count; g++) {
        if (!c->groups[g].formation) continue;
        size_t need = steer_world_formation_workspace_size(c->groups[g].count, c->groups[g].count);
        if (need > run->work_size) run->work_size = need;
        ++*anchors;
    }
    if (*anchors == 0) return true;
    run->work = malloc(run->work_size);
    run->slot_of = calloc((size_t)run->count, sizeof *run->slot_of);
    return run->work != NULL && run->slot_of != NULL;
}

/* Before a step: each formation's anchor slows while its members lag. */
static bool cli_crowd_pace(cli_crowd_run *run, const cli_scenario *s)
{
    for (int gi = 0; gi < s->crowd.group_count; gi++) {
        const cli_crowd_group *g = &s->crowd.groups[gi];
        if (!g->formation) continue;
        int k = g->first - run->first;
        if (steer_world_formation_pace(run->world, run->anchors[gi], run->handles + k, g->count,
                                       g->slots, g->count, run->slot_of + k, g->formation_speed,
                                       g->formation_turn, &g->pace, NULL) != STEER_GROUP_OK)
            return false;
    }
    return true;
}

/* The world's walls: the crowd's, and with "navmesh_walls" the navmesh's boundary (the
 * crowd filter does not read the mesh, so pressed walkers could leave it otherwise). */
static bool cli_crowd_set_walls(cli_crowd_run *run, const cli_scenario *s)
{
    const cli_crowd *c = &s->crowd;
    if (!c->navmesh_walls)
        return steer_world_set_walls(run->world, c->walls, c->wall_count) == STEER_WORLD_OK;
    int room = steer_navmesh_edge_count(&s->navmesh.mesh); /* boundary edges: at most these */
    run->walls = malloc(((size_t)c->wall_count + (size_t)room) * sizeof *run->walls);
    if (!run->walls) return false;
    if (c->wall_count > 0) memcpy(run->walls, c->walls, (size_t)c->wall_count * sizeof *c->walls);
    steer_vec3 lo = s->navmesh.points[0];
    int n = steer_navmesh_walls_near(&s->navmesh.mesh, lo, INFINITY, run->walls + c->wall_count,
                                     room, NULL);
    return steer_world_set_walls(run->world, run->walls, c->wall_count + n) == STEER_WORLD_OK;
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
    int anchors = 0;
    if (!run->handles || !run->routes || !cli_crowd_formations(run, c, &anchors)) return false;
    steer_world_def def = steer_world_default();
    def.capacity = run->count + anchors;
    def.max_recipes = c->group_count + anchors;
    def.seed = seed;
    def.bounds = cli_world_bounds(s, cli_edges_bounds_kind(s->edges));
    run->world = steer_world_create(&def);
    if (!run->world) return false;
    if (!cli_crowd_add_navmesh(run, s)) return false;
    for (int g = 0; g < c->group_count; g++)
        if (!cli_crowd_add_group(run, s, g)) return false;
    return cli_crowd_set_walls(run, s);
}

bool cli_crowd_run_step(cli_crowd_run *run, const cli_scenario *s, steer_agent *agents,
                        steer_vec3 *forces)
{
    if (!run->world) return true;
    if (!cli_crowd_pace(run, s) || !cli_crowd_trade(run, s)) return false;
    if (steer_world_step(run->world, s->dt) != STEER_WORLD_OK) return false;
    float per_step = s->model == STEER_MODEL_REYNOLDS ? 1.0f : 1.0f / s->dt;
    for (int k = 0; k < run->count; k++) {
        steer_agent *a = &agents[run->first + k];
        steer_vec3 before = a->velocity;
        if (steer_world_get_agent(run->world, run->handles[k], a) != STEER_WORLD_OK) return false;
        forces[run->first + k] = steer_scale(steer_sub(a->velocity, before), per_step);
    }
    if (run->watched) cli_crowd_count_overlaps(run, s, agents);
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
    free(run->slot_of);
    free(run->work);
    free(run->routes);
    free(run->nav_query_memory);
    free(run->walls);
    memset(run, 0, sizeof *run);
}
