/* SPDX-License-Identifier: MIT */
/* cli_load_groups.c - a crowd group's group features (docs/groups.md): members placed in
 * a "block", goals given by a group move ("move_to"), and a "formation" marching a path.
 * The library computes the spots and slots (steer/formation.h); the loader keeps them as
 * the members' goals, so runs, pictures and summaries treat them as any other goal. */
#include "cli_load_internal.h"

#include <stdlib.h>
#include <string.h>

/* The fast assignment's workspace grows as the square of the members (24 bytes a pair:
 * 25 MB at 1024), the optimal one's time as the cube (a formation of 1024: seconds). */
#define CLI_MAX_MOVED     1024
#define CLI_MAX_FORMATION 1024

/* "block": count members in ranks of `columns`, `spacing` apart, centred on `center`. */
bool cli_load_block(cli_loader *ld, const cJSON *obj, cli_crowd_group *g)
{
    static const char *const keys[] = {"center", "columns", "count", "spacing"};
    steer_vec3 center = steer_v3_zero();
    double count = -1, columns = 0;
    float spacing = 2.0f;
    if (!cli_check_object(ld, obj, "\"block\"", keys, CLI_COUNT(keys)) ||
        !cli_get_vec3(ld, obj, "center", &center) ||
        !cli_get_int(ld, obj, "count", 1, CLI_MAX_CROWD, &count) ||
        !cli_get_int(ld, obj, "columns", 1, CLI_MAX_CROWD, &columns) ||
        !cli_get_float(ld, obj, "spacing", 0.0f, &spacing))
        return false;
    if (count < 0) return cli_bad_value(ld, obj, "%s", "a \"block\" needs a \"count\"");
    if (!cli_group_alloc(ld, g, (int)count)) return false;
    int cols = columns >= 1 ? (int)columns : 1;
    if (columns < 1)
        while (cols * cols < g->count) cols++;
    int rows = (g->count + cols - 1) / cols;
    for (int i = 0; i < g->count; i++) {
        float u = ((float)(i % cols) - 0.5f * (float)(cols - 1)) * spacing;
        float v = ((float)(i / cols) - 0.5f * (float)(rows - 1)) * spacing;
        steer_vec3 p = center;
        p.x += u;
        if (ld->s->space == STEER_SPACE_XY)
            p.y += v;
        else
            p.z += v;
        g->starts[i] = p;
    }
    return true;
}

/* Scratch for the library's group calls. */
static void *cli_work(cli_loader *ld, size_t size)
{
    void *w = size > 0 ? malloc(size) : NULL;
    if (!w) cli_fail(ld->err, CLI_EXIT_RUNTIME, "out of memory");
    return w;
}

/* "move_to": {"point": [x,y,z]} or {"from": [x,y,z], "to": [x,y,z]}, and "gap": each
 * member's goal is its own spot of a group move from its start. */
bool cli_load_group_move(cli_loader *ld, const cJSON *obj, cli_crowd_group *g)
{
    static const char *const keys[] = {"point", "from", "to", "gap"};
    steer_group_move_params p = steer_group_move_default();
    if (g->count > CLI_MAX_MOVED)
        return cli_bad_value(ld, obj, "%s", "a group with \"move_to\" has at most 1024 members");
    if (!cli_check_object(ld, obj, "\"move_to\"", keys, CLI_COUNT(keys)) ||
        !cli_get_float(ld, obj, "gap", 0.0f, &p.gap))
        return false;
    const cJSON *point = cJSON_GetObjectItemCaseSensitive(obj, "point");
    const cJSON *from = cJSON_GetObjectItemCaseSensitive(obj, "from");
    const cJSON *to = cJSON_GetObjectItemCaseSensitive(obj, "to");
    if (!point == !(from && to) || (!from != !to))
        return cli_bad_value(ld, obj, "%s",
                             "\"move_to\" needs a \"point\", or a line \"from\" ... \"to\"");
    steer_vec3 a, b = steer_v3_zero();
    if (!cli_read_vec3(ld, point ? point : from, &a) || (to && !cli_read_vec3(ld, to, &b)))
        return false;
    g->move_line = point == NULL;
    g->move_a = a;
    g->move_b = b;
    g->move_gap = p.gap;
    float *radii = malloc((size_t)g->count * sizeof *radii);
    size_t size = steer_group_move_workspace_size(g->count, &p);
    void *work = cli_work(ld, size);
    bool ok = radii && work;
    if (ok) {
        for (int i = 0; i < g->count; i++) radii[i] = g->member.radius;
        steer_group_status st =
            point ? steer_group_move_to(ld->s->space, g->starts, radii, g->count, a, &p, g->goals,
                                        work, size)
                  : steer_group_move_along(ld->s->space, g->starts, radii, g->count, a, b, &p,
                                           g->goals, work, size);
        ok = st == STEER_GROUP_OK || cli_bad_value(ld, obj, "%s", "the group move failed");
    } else if (work) {
        cli_fail(ld->err, CLI_EXIT_RUNTIME, "out of memory");
    }
    free(radii);
    free(work);
    g->moved = ok;
    return ok;
}

/* The path's pose at arc length s: its point, and the orientation along it there. */
static void cli_path_pose(const steer_path *path, steer_space space, float s, bool end,
                          steer_vec3 *at, float *orientation)
{
    float len = steer_path_length(path);
    float s0 = end ? (len > 0.01f ? len - 0.01f : 0.0f) : s;
    float s1 = end ? len : (len > 0.01f ? 0.01f : len);
    *at = steer_path_point_at(path, end ? len : s);
    *orientation = steer_space_orientation(
        space, steer_sub(steer_path_point_at(path, s1), steer_path_point_at(path, s0)), 0.0f);
}

/* Each member's slot: the least total distance from its start to the slots round the
 * anchor at the path's start; its goal, that slot with the anchor at the path's end. */
static bool cli_formation_slots(cli_loader *ld, cli_crowd_group *g, const steer_path *path)
{
    steer_vec3 end;
    float end_orientation;
    steer_space space = ld->s->space;
    cli_path_pose(path, space, 0.0f, false, &g->anchor_start, &g->anchor_orientation);
    cli_path_pose(path, space, 0.0f, true, &end, &end_orientation);
    steer_vec3 *points = malloc((size_t)g->count * sizeof *points);
    size_t size = steer_assign_workspace_size(g->count, g->count);
    void *work = cli_work(ld, size);
    bool ok = points && work;
    if (ok) {
        for (int j = 0; j < g->count; j++)
            points[j] = steer_formation_slot_position(space, g->anchor_start, g->anchor_orientation,
                                                      g->slots[j].offset);
        steer_assign_input in = {g->starts, NULL, g->count, points, NULL, g->count};
        ok = steer_assign_optimal(&in, g->slot_of, work, size) == STEER_GROUP_OK;
        for (int i = 0; ok && i < g->count; i++)
            g->goals[i] = steer_formation_slot_position(space, end, end_orientation,
                                                        g->slots[g->slot_of[i]].offset);
        if (!ok) cli_fail(ld->err, CLI_EXIT_RUNTIME, "the slot assignment failed");
    } else if (work) {
        cli_fail(ld->err, CLI_EXIT_RUNTIME, "out of memory");
    }
    free(points);
    free(work);
    return ok;
}

/* "formation": {"shape", "spacing", "path", "speed", "turn_rate", "pace"}. */
bool cli_load_group_formation(cli_loader *ld, const cJSON *obj, cli_crowd_group *g)
{
    static const char *const keys[] = {"shape", "spacing", "path", "speed", "turn_rate", "pace"};
    static const char *const shapes[] = {"line", "column", "wedge", "circle", "box"};
    static const char *const pace_keys[] = {"slack", "stop_lag", "min_factor"};
    int shape = STEER_FORMATION_BOX;
    float spacing = 2.0f;
    g->formation_speed = 2.0f;
    g->formation_turn = 0.5f;
    g->pace = steer_formation_pace_default();
    const cJSON *pace = cJSON_GetObjectItemCaseSensitive(obj, "pace");
    if (g->count > CLI_MAX_FORMATION)
        return cli_bad_value(ld, obj, "%s", "a \"formation\" has at most 1024 members");
    if (!cli_check_object(ld, obj, "\"formation\"", keys, CLI_COUNT(keys)) ||
        !cli_get_choice(ld, obj, "shape", shapes, CLI_COUNT(shapes), &shape) ||
        !cli_get_float(ld, obj, "spacing", 0.0f, &spacing) ||
        !cli_get_float(ld, obj, "speed", 0.0f, &g->formation_speed) ||
        !cli_get_float(ld, obj, "turn_rate", 0.0f, &g->formation_turn) ||
        (pace && (!cli_check_object(ld, pace, "\"pace\"", pace_keys, CLI_COUNT(pace_keys)) ||
                  !cli_get_float(ld, pace, "slack", 0.0f, &g->pace.slack) ||
                  !cli_get_float(ld, pace, "stop_lag", 0.0f, &g->pace.stop_lag) ||
                  !cli_get_float_in(ld, pace, "min_factor", 0.0, 1.0, &g->pace.min_factor))))
        return false;
    const cJSON *path = cJSON_GetObjectItemCaseSensitive(obj, "path");
    int k = cJSON_IsString(path) ? cli_scenario_find_path(ld->s, path->valuestring) : -1;
    if (k < 0)
        return cli_bad_value(ld, path ? path : obj, "%s",
                             "a \"formation\" needs \"path\": the name of one of \"paths\"");
    g->formation_path = k;
    g->slots = calloc((size_t)g->count, sizeof *g->slots);
    g->slot_of = calloc((size_t)g->count, sizeof *g->slot_of);
    if (!g->slots || !g->slot_of) return cli_fail(ld->err, CLI_EXIT_RUNTIME, "out of memory");
    steer_formation_pattern((steer_formation_shape)shape, g->count, spacing, g->slots, g->count);
    g->formation = cli_formation_slots(ld, g, &ld->s->paths[k].path);
    return g->formation;
}
