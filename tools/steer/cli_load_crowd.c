/* SPDX-License-Identifier: MIT */
/* cli_load_crowd.c - the "crowd" of a scenario file: the ORCA settings, the groups of
 * members with their starts, goals and responsibility, and the walls they keep clear of. */
#include "cli_load_internal.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CLI_CROWD_TAU 6.28318530717958647692

/* "orca": the filter's settings (steer_orca_params); responsibility is per group. */
static bool cli_load_orca(cli_loader *ld, const cJSON *obj, steer_orca_params *o)
{
    static const char *const keys[] = {"neighbour_dist",         "max_neighbours", "time_horizon",
                                       "time_horizon_obstacles", "clearance",      "sidestep"};
    double most = o->max_neighbours;
    if (!obj) return true;
    if (!cli_check_object(ld, obj, "\"orca\"", keys, CLI_COUNT(keys)) ||
        !cli_get_float(ld, obj, "neighbour_dist", 0.0f, &o->neighbour_dist) ||
        !cli_get_int(ld, obj, "max_neighbours", 1, STEER_ORCA_MAX_NEIGHBOURS, &most) ||
        !cli_get_float(ld, obj, "time_horizon", 1e-3f, &o->time_horizon) ||
        !cli_get_float(ld, obj, "time_horizon_obstacles", 1e-3f, &o->time_horizon_obstacles) ||
        !cli_get_float(ld, obj, "clearance", 0.0f, &o->clearance) ||
        !cli_get_float(ld, obj, "sidestep", 0.0f, &o->sidestep))
        return false;
    o->max_neighbours = (int)most;
    const cJSON *side = cJSON_GetObjectItemCaseSensitive(obj, "sidestep");
    if (side && o->sidestep > 1.0f)
        return cli_bad_value(ld, side, "\"%s\" must be between 0 and 1", "sidestep");
    return true;
}

/* "arrive": how each member reaches its goal (steer_arrive_params; step is the dt). */
static bool cli_load_group_arrive(cli_loader *ld, const cJSON *obj, steer_arrive_params *a)
{
    static const char *const keys[] = {"target_radius", "slow_radius", "time_to_target",
                                       "rest_speed"};
    if (!obj) return true;
    return cli_check_object(ld, obj, "\"arrive\"", keys, CLI_COUNT(keys)) &&
           cli_get_float(ld, obj, "target_radius", 0.0f, &a->target_radius) &&
           cli_get_float(ld, obj, "slow_radius", 0.0f, &a->slow_radius) &&
           cli_get_float(ld, obj, "time_to_target", 0.0f, &a->time_to_target) &&
           cli_get_float(ld, obj, "rest_speed", 0.0f, &a->rest_speed);
}

/* The point `radius` from `center` at `angle` in the scenario's plane (x, y) or (x, z). */
static steer_vec3 cli_ring_point(steer_space space, steer_vec3 center, double radius, double angle)
{
    steer_vec3 p = center;
    float du = (float)(radius * cos(angle)), dv = (float)(radius * sin(angle));
    p.x += du;
    if (space == STEER_SPACE_XY)
        p.y += dv;
    else
        p.z += dv;
    return p;
}

bool cli_group_alloc(cli_loader *ld, cli_crowd_group *g, int count)
{
    g->starts = calloc((size_t)count, sizeof *g->starts);
    g->goals = calloc((size_t)count, sizeof *g->goals);
    g->count = count;
    if (g->starts && g->goals) return true;
    return cli_fail(ld->err, CLI_EXIT_RUNTIME, "out of memory");
}

/* "ring": count members evenly on a circle, each heading for the opposite point. */
static bool cli_load_ring(cli_loader *ld, const cJSON *obj, cli_crowd_group *g)
{
    static const char *const keys[] = {"center", "radius", "count", "start_angle"};
    steer_vec3 center = steer_v3_zero();
    float radius = -1.0f, start = 0.0f;
    double count = -1;
    if (!cli_check_object(ld, obj, "\"ring\"", keys, CLI_COUNT(keys)) ||
        !cli_get_vec3(ld, obj, "center", &center) ||
        !cli_get_float(ld, obj, "radius", 0.0f, &radius) ||
        !cli_get_float(ld, obj, "start_angle", -FLT_MAX, &start) ||
        !cli_get_int(ld, obj, "count", 1, CLI_MAX_CROWD, &count))
        return false;
    if (count < 0 || !(radius > 0.0f))
        return cli_bad_value(ld, obj, "%s",
                             "a \"ring\" needs a \"count\" and a \"radius\" above 0");
    if (!cli_group_alloc(ld, g, (int)count)) return false;
    for (int i = 0; i < g->count; i++) {
        double angle = start + CLI_CROWD_TAU * i / g->count;
        g->starts[i] = cli_ring_point(ld->s->space, center, radius, angle);
        g->goals[i] = cli_ring_point(ld->s->space, center, radius, angle + CLI_CROWD_TAU / 2);
    }
    return true;
}

/* "members": [{"position": [x,y,z], "goal": [x,y,z]}, ...], both required, or only
 * the positions when the group's goals come from "move_to" or "formation". */
static bool cli_load_members(cli_loader *ld, const cJSON *list, cli_crowd_group *g,
                             bool goals_given)
{
    static const char *const keys[] = {"position", "goal"};
    int n = cJSON_GetArraySize(list);
    if (!cJSON_IsArray(list) || n < 1 || n > CLI_MAX_AGENTS)
        return cli_bad_value(ld, list, "%s", "expected an array of 1 to 256 members");
    if (!cli_group_alloc(ld, g, n)) return false;
    int i = 0;
    for (const cJSON *m = list->child; m; m = m->next, i++) {
        if (!cli_check_object(ld, m, "a member", keys, CLI_COUNT(keys))) return false;
        const cJSON *p = cJSON_GetObjectItemCaseSensitive(m, "position");
        const cJSON *q = cJSON_GetObjectItemCaseSensitive(m, "goal");
        if (goals_given && q)
            return cli_bad_value(ld, q, "%s",
                                 "the group's \"move_to\" or \"formation\" gives the goals");
        if (!p || (!q && !goals_given))
            return cli_bad_value(ld, m, "%s", "a member needs a \"position\" and a \"goal\"");
        if (!cli_read_vec3(ld, p, &g->starts[i]) || (q && !cli_read_vec3(ld, q, &g->goals[i])))
            return false;
    }
    return true;
}

static bool cli_load_group_name(cli_loader *ld, const cJSON *obj, cli_crowd_group *g, int index)
{
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(obj, "name");
    if (!name) return cli_bad_value(ld, obj, "%s", "a group needs a \"name\"");
    const char *s = cJSON_IsString(name) ? name->valuestring : "";
    size_t len = strlen(s);
    if (len == 0 || len > 24 ||
        strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != len)
        return cli_bad_value(ld, name, "%s",
                             "a group's name is 1 to 24 letters, digits or '_' (members are "
                             "named <name>-0, <name>-1, ...)");
    for (int k = 0; k < index; k++)
        if (strcmp(ld->s->crowd.groups[k].name, s) == 0)
            return cli_bad_value(ld, name, "another group is already called \"%s\"", s);
    strcpy(g->name, s);
    return true;
}

/* "route": points every member walks through before its goal, or "path": the waypoints
 * of one of the scenario's paths, as written; "route_reach" when a point counts as passed. */
static bool cli_load_group_route(cli_loader *ld, const cJSON *obj, cli_crowd_group *g)
{
    const cJSON *route = cJSON_GetObjectItemCaseSensitive(obj, "route");
    const cJSON *path = cJSON_GetObjectItemCaseSensitive(obj, "path");
    g->route_reach = 1.0f;
    if (!cli_get_float(ld, obj, "route_reach", 0.0f, &g->route_reach)) return false;
    if (!(g->route_reach > 0.0f)) return cli_bad_value(ld, obj, "%s", "route_reach must be > 0");
    if (route && path)
        return cli_bad_value(ld, obj, "%s", "give a \"route\" or a \"path\", not both");
    if (path) {
        int k = cJSON_IsString(path) ? cli_scenario_find_path(ld->s, path->valuestring) : -1;
        if (k < 0) return cli_bad_value(ld, path, "%s", "expected the name of one of \"paths\"");
        const cli_path *p = &ld->s->paths[k];
        if (p->waypoint_count > CLI_ROUTE_MAX)
            return cli_bad_value(ld, path, "%s", "a route has at most 16 points");
        g->route_count = p->waypoint_count;
        for (int i = 0; i < p->waypoint_count; i++) g->route[i] = p->waypoints[i];
        return true;
    }
    if (!route) return true;
    int n = cJSON_GetArraySize(route);
    if (!cJSON_IsArray(route) || n < 1 || n > CLI_ROUTE_MAX)
        return cli_bad_value(ld, route, "%s", "expected an array of 1 to 16 points [x, y, z]");
    int i = 0;
    for (const cJSON *q = route->child; q; q = q->next, i++)
        if (!cli_read_vec3(ld, q, &g->route[i])) return false;
    g->route_count = n;
    return true;
}

static bool cli_load_group(cli_loader *ld, const cJSON *obj, int index)
{
    static const char *const keys[] = {
        "name", "ring",        "members", "limits", "responsibility", "arrive",    "route",
        "path", "route_reach", "settle",  "block",  "move_to",        "formation", "navigate"};
    cli_crowd_group *g = &ld->s->crowd.groups[index];
    g->member = ld->s->model == STEER_MODEL_REYNOLDS ? steer_agent_default_reynolds()
                                                     : steer_agent_default();
    g->member.model = ld->s->model;
    g->member.space = ld->s->space;
    g->arrive = steer_arrive_default();
    g->arrive.step = ld->s->model == STEER_MODEL_REYNOLDS ? 1.0f : ld->s->dt;
    g->responsibility = 1.0f;
    g->settle = true;
    const cJSON *settle = cJSON_GetObjectItemCaseSensitive(obj, "settle");
    if (settle && !cJSON_IsBool(settle))
        return cli_bad_value(ld, settle, "expected true or false for \"%s\"", "settle");
    if (settle) g->settle = cJSON_IsTrue(settle);
    const cJSON *navigate = cJSON_GetObjectItemCaseSensitive(obj, "navigate");
    if (navigate && !cJSON_IsBool(navigate))
        return cli_bad_value(ld, navigate, "expected true or false for \"%s\"", "navigate");
    g->navigate = navigate && cJSON_IsTrue(navigate);
    if (!cli_check_object(ld, obj, "a group", keys, CLI_COUNT(keys)) ||
        !cli_load_group_name(ld, obj, g, index) ||
        !cli_load_limits(ld, cJSON_GetObjectItemCaseSensitive(obj, "limits"), &g->member) ||
        !cli_get_float(ld, obj, "responsibility", 0.0f, &g->responsibility) ||
        !cli_load_group_arrive(ld, cJSON_GetObjectItemCaseSensitive(obj, "arrive"), &g->arrive) ||
        !cli_load_group_route(ld, obj, g))
        return false;
    const cJSON *ring = cJSON_GetObjectItemCaseSensitive(obj, "ring");
    const cJSON *members = cJSON_GetObjectItemCaseSensitive(obj, "members");
    const cJSON *block = cJSON_GetObjectItemCaseSensitive(obj, "block");
    const cJSON *move = cJSON_GetObjectItemCaseSensitive(obj, "move_to");
    const cJSON *formation = cJSON_GetObjectItemCaseSensitive(obj, "formation");
    if ((ring ? 1 : 0) + (members ? 1 : 0) + (block ? 1 : 0) != 1)
        return cli_bad_value(ld, obj, "%s",
                             "a group needs one of \"ring\", \"members\" or \"block\"");
    if (move && formation)
        return cli_bad_value(ld, obj, "%s", "give a \"move_to\" or a \"formation\", not both");
    if (ring && (move || formation))
        return cli_bad_value(ld, obj, "%s", "a \"ring\" gives its own goals");
    if (block && !move && !formation)
        return cli_bad_value(ld, obj, "%s", "a \"block\" needs a \"move_to\" or a \"formation\"");
    if (g->navigate && (formation || g->route_count > 0))
        return cli_bad_value(ld, obj, "%s",
                             "a group that navigates finds its own way: no "
                             "\"formation\", \"route\" or \"path\"");
    if (formation && g->route_count > 0)
        return cli_bad_value(ld, obj, "%s", "a \"formation\" follows its path, not a route");
    bool placed = ring      ? cli_load_ring(ld, ring, g)
                  : members ? cli_load_members(ld, members, g, move || formation)
                            : cli_load_block(ld, block, g);
    if (!placed) return false;
    if (move) return cli_load_group_move(ld, move, g);
    return !formation || cli_load_group_formation(ld, formation, g);
}

static bool cli_load_groups(cli_loader *ld, const cJSON *list)
{
    cli_crowd *c = &ld->s->crowd;
    int n = cJSON_GetArraySize(list);
    if (!list) return cli_json_fail_at(ld->err, &ld->doc, 0, "%s", "a \"crowd\" needs \"groups\"");
    if (!cJSON_IsArray(list) || n < 1 || n > CLI_MAX_GROUPS)
        return cli_bad_value(ld, list, "%s", "expected an array of 1 to 8 groups");
    int i = 0;
    for (const cJSON *g = list->child; g; g = g->next, i++) {
        c->group_count = i + 1; /* so what the group allocated is freed on failure */
        if (!cli_load_group(ld, g, i)) return false;
        c->groups[i].first = c->count;
        c->count += c->groups[i].count;
        if (c->count > CLI_MAX_CROWD)
            return cli_bad_value(ld, g, "%s", "a crowd has at most 100000 members");
    }
    return true;
}

/* The obstacles' walls and every polygon's edges, as the world's wall segments. Circles
 * have no segments: a crowd with walls refuses them rather than walk through them. */
static bool cli_crowd_walls(cli_loader *ld, const cJSON *crowd)
{
    cli_crowd *c = &ld->s->crowd;
    const steer_obstacles *o = &ld->s->obstacles.set;
    if (!c->use_walls) return true;
    if (o->circle_count > 0)
        return cli_bad_value(ld, crowd, "%s",
                             "a crowd keeps clear of walls and polygons, not circles: use "
                             "polygons, or \"walls\": false");
    int n = o->wall_count;
    for (int p = 0; p < o->polygon_count; p++) n += o->polygons[p].count;
    if (n > CLI_MAX_WALLS)
        return cli_bad_value(ld, crowd, "%s", "a crowd keeps clear of at most 256 wall segments");
    c->walls = calloc((size_t)n + 1u, sizeof *c->walls);
    if (!c->walls) return cli_fail(ld->err, CLI_EXIT_RUNTIME, "out of memory");
    for (int w = 0; w < o->wall_count; w++) c->walls[c->wall_count++] = o->walls[w];
    for (int p = 0; p < o->polygon_count; p++) {
        const steer_polygon *poly = &o->polygons[p];
        for (int k = 0; k < poly->count; k++)
            c->walls[c->wall_count++] =
                (steer_segment){poly->points[k], poly->points[(k + 1) % poly->count]};
    }
    return true;
}

bool cli_load_crowd(cli_loader *ld, const cJSON *crowd)
{
    static const char *const keys[] = {"orca", "walls", "navmesh_walls", "groups"};
    cli_crowd *c = &ld->s->crowd;
    if (!crowd) return true;
    if (!cli_check_object(ld, crowd, "\"crowd\"", keys, CLI_COUNT(keys))) return false;
    c->orca = steer_orca_default();
    c->use_walls = true;
    const cJSON *walls = cJSON_GetObjectItemCaseSensitive(crowd, "walls");
    if (walls && !cJSON_IsBool(walls))
        return cli_bad_value(ld, walls, "expected true or false for \"%s\"", "walls");
    if (walls) c->use_walls = cJSON_IsTrue(walls);
    const cJSON *mesh_walls = cJSON_GetObjectItemCaseSensitive(crowd, "navmesh_walls");
    if (mesh_walls && !cJSON_IsBool(mesh_walls))
        return cli_bad_value(ld, mesh_walls, "expected true or false for \"%s\"", "navmesh_walls");
    c->navmesh_walls = mesh_walls && cJSON_IsTrue(mesh_walls);
    if (!cli_load_orca(ld, cJSON_GetObjectItemCaseSensitive(crowd, "orca"), &c->orca) ||
        !cli_load_groups(ld, cJSON_GetObjectItemCaseSensitive(crowd, "groups")) ||
        !cli_crowd_walls(ld, crowd))
        return false;
    c->present = true;
    return true;
}

/* The orientation that faces from `from` to `to` (docs/scenarios.md, "orientation"), so a
 * member's start marker points the way it will go. */
static float cli_heading_to(steer_space space, steer_vec3 from, steer_vec3 to)
{
    steer_vec3 d = steer_sub(to, from);
    if (space == STEER_SPACE_XY) return steer_atan2(d.y, d.x);
    return steer_atan2(d.x, d.z);
}

/* True when a listed agent or a boid (the agents before `first`) is called `name`.
 * Boids are "boid-<n>": looked up by number, so that a big crowd is named in linear
 * time; the listed agents are few. */
static bool cli_member_name_taken(const cli_scenario *s, int first, const char *name)
{
    int boids = s->flock.present ? s->flock.count : 0;
    int listed = first - boids;
    for (int k = 0; k < listed; k++)
        if (strcmp(s->agents[k].name, name) == 0) return true;
    if (!boids || strncmp(name, "boid-", 5) != 0) return false;
    const char *digits = name + 5;
    long n = 0;
    if (!*digits || (digits[0] == '0' && digits[1])) return false;
    for (const char *p = digits; *p; p++) {
        if (*p < '0' || *p > '9') return false;
        n = n * 10 + (*p - '0');
        if (n > boids) return false;
    }
    return n < boids;
}

bool cli_crowd_agents(cli_loader *ld)
{
    cli_scenario *s = ld->s;
    cli_crowd *c = &s->crowd;
    if (!c->present) return true;
    c->first = s->agent_count;
    for (int g = 0; g < c->group_count; g++) {
        cli_crowd_group *grp = &c->groups[g];
        grp->first += c->first;
        for (int i = 0; i < grp->count; i++) {
            cli_agent_def *d = &s->agents[grp->first + i];
            memset(d, 0, sizeof *d);
            /* names are at most 24 characters and members at most 100,000: it fits */
            snprintf(d->name, sizeof d->name, "%.24s-%u", grp->name, (unsigned)i % 1000000u);
            if (cli_member_name_taken(s, c->first, d->name))
                return cli_json_fail_at(ld->err, &ld->doc, 0,
                                        "an agent is called \"%s\", the name of a crowd member",
                                        d->name);
            d->agent = grp->member;
            d->agent.position = grp->starts[i];
            d->agent.orientation = cli_heading_to(s->space, grp->starts[i], grp->goals[i]);
            d->epsilon = 1e-3f;
            s->agent_count++;
        }
    }
    return true;
}
