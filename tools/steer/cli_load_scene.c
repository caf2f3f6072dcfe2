/* SPDX-License-Identifier: MIT */
/* cli_load_scene.c - the scenery of a scenario file: the grid map, the paths and the
 * obstacles, with a place in the file for every error. */
#include "cli_behaviour.h"
#include "cli_load_internal.h"

#include "steer/spline.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- grid ---------------------------------------------------------------------------- */

/* The map's rows joined with '\n', as a map file would hold them. NULL when out of
 * memory or a row is not a string (*bad is then that row). */
static char *cli_join_rows(const cJSON *map, size_t *length, const cJSON **bad)
{
    size_t total = 0;
    *bad = NULL;
    for (const cJSON *row = map->child; row; row = row->next) {
        if (!cJSON_IsString(row)) {
            *bad = row;
            return NULL;
        }
        total += strlen(row->valuestring) + 1;
    }
    char *text = malloc(total + 1);
    if (!text) return NULL;
    size_t at = 0;
    for (const cJSON *row = map->child; row; row = row->next) {
        size_t n = strlen(row->valuestring);
        memcpy(text + at, row->valuestring, n);
        text[at + n] = '\n';
        at += n + 1;
    }
    text[at] = '\0';
    *length = at;
    return text;
}

/* A map error at its row and column: the row is the line'th string of the array. */
static bool cli_grid_fail(cli_loader *ld, const cJSON *map, const steer_grid_error *e)
{
    const cJSON *row = map;
    if (e->line > 0) row = cJSON_GetArrayItem(map, e->line - 1);
    if (!row || row == map)
        return cli_json_fail_at(ld->err, &ld->doc, cli_json_value_offset(&ld->doc, map), "%s",
                                e->message);
    size_t column = e->column > 0 ? (size_t)e->column : 1u; /* the quote is column 0 */
    return cli_json_fail_at(ld->err, &ld->doc, cli_json_value_offset(&ld->doc, row) + column, "%s",
                            e->message);
}

static bool cli_parse_map(cli_loader *ld, const cJSON *map, const char *text, size_t length)
{
    steer_grid_error e;
    int width = 0, height = 0;
    if (!steer_grid_text_size(text, length, &width, &height, &e)) return cli_grid_fail(ld, map, &e);
    size_t cells = steer_grid_cells_needed(width, height);
    uint8_t *bytes = malloc(cells ? cells : 1u);
    if (!bytes) return cli_fail(ld->err, CLI_EXIT_RUNTIME, "out of memory");
    cli_grid_map *g = &ld->s->grid;
    if (!steer_grid_from_text(&g->grid, bytes, cells, text, length, &e)) {
        free(bytes);
        return cli_grid_fail(ld, map, &e);
    }
    g->present = true;
    return true;
}

static bool cli_load_map(cli_loader *ld, const cJSON *grid)
{
    const cJSON *map = cJSON_GetObjectItemCaseSensitive(grid, "map");
    if (!map) return cli_bad_value(ld, grid, "%s", "a \"grid\" needs a \"map\"");
    if (!cJSON_IsArray(map) || cJSON_GetArraySize(map) < 1)
        return cli_bad_value(ld, map, "%s",
                             "expected the map as an array of rows, strings of '.' and '#'");
    size_t length = 0;
    const cJSON *bad = NULL;
    char *text = cli_join_rows(map, &length, &bad);
    if (bad) return cli_bad_value(ld, bad, "%s", "expected a row of '.' and '#' (a string)");
    if (!text) return cli_fail(ld->err, CLI_EXIT_RUNTIME, "out of memory");
    bool ok = cli_parse_map(ld, map, text, length);
    free(text);
    return ok;
}

bool cli_load_grid(cli_loader *ld, const cJSON *grid)
{
    static const char *const keys[] = {"origin", "cell_size", "map"};
    if (!grid) return true;
    if (!cli_check_object(ld, grid, "\"grid\"", keys, CLI_COUNT(keys))) return false;
    steer_grid_frame *f = &ld->s->grid.frame;
    *f = steer_grid_frame_default();
    f->plane = ld->s->space == STEER_SPACE_XY ? STEER_SPACE_XY : STEER_SPACE_XZ;
    if (!cli_get_vec3(ld, grid, "origin", &f->origin) ||
        !cli_get_float(ld, grid, "cell_size", 1e-6f, &f->cell_size))
        return false;
    return cli_load_map(ld, grid);
}

/* ---- agents on the grid ---------------------------------------------------------------- */

static bool cli_fail_behaviour(cli_loader *ld, const cli_behaviour *b, const char *message)
{
    const char *kind = cli_behaviour_kind_at(b->kind)->name;
    return cli_json_fail_at(ld->err, &ld->doc, b->offset, "a \"%s\" behaviour %s", kind, message);
}

static bool cli_check_grid_agent(cli_loader *ld, cli_agent_def *d, const cli_behaviour *b)
{
    if (!ld->s->grid.present)
        return cli_fail_behaviour(ld, b, "moves on the scenario's \"grid\", which is missing");
    if (d->behaviour_count > 1)
        return cli_fail_behaviour(ld, b, "moves the agent cell by cell: it must be its only one");
    steer_cell c = cli_grid_cell_of(ld->s, d->agent.position);
    if (!steer_grid_is_free(&ld->s->grid.grid, c))
        return cli_fail_behaviour(ld, b, "needs its agent's position on a free cell of the grid");
    d->agent.position = cli_grid_center(ld->s, c);
    d->agent.velocity = steer_v3_zero();
    return true;
}

bool cli_check_grid_agents(cli_loader *ld)
{
    for (int i = 0; i < ld->s->agent_count; i++) {
        cli_agent_def *d = &ld->s->agents[i];
        for (int k = 0; k < d->behaviour_count; k++)
            if (cli_behaviour_is_grid(&d->behaviours[k])) {
                if (!cli_check_grid_agent(ld, d, &d->behaviours[k])) return false;
                break;
            }
    }
    return true;
}

/* ---- paths ----------------------------------------------------------------------------- */

/* Reads an array of 1 to `capacity` points [x, y, z] into a new array (*out, owned by the
 * caller). */
static bool cli_read_points(cli_loader *ld, const cJSON *list, int least, int capacity,
                            steer_vec3 **out, int *count)
{
    int n = cJSON_IsArray(list) ? cJSON_GetArraySize(list) : -1;
    if (n < least || n > capacity) {
        char what[120];
        snprintf(what, sizeof what, "expected an array of %d to %d points [x, y, z]", least,
                 capacity);
        return cli_bad_value(ld, list, "%s", what);
    }
    *out = malloc((size_t)n * sizeof **out);
    if (!*out) return cli_fail(ld->err, CLI_EXIT_RUNTIME, "out of memory");
    *count = n;
    int i = 0;
    for (const cJSON *p = list->child; p; p = p->next, i++)
        if (!cli_read_vec3(ld, p, &(*out)[i])) return false;
    return true;
}

/* Samples the centripetal Catmull-Rom spline through the waypoints (looping when closed)
 * about every `spacing` units of chord: segment i runs from w[i] to w[i+1], shaped by
 * w[i-1] and w[i+2]; at the ends of an open path the library mirrors the missing
 * neighbour (a neighbour equal to its end point). Returns the samples written. */
static int cli_spline_samples(const cli_path *p, steer_vec3 *out, int capacity)
{
    const steer_vec3 *w = p->waypoints;
    int n = p->waypoint_count, segments = p->path.closed ? n : n - 1, count = 0;
    for (int i = 0; i < segments; i++) {
        steer_vec3 p1 = w[i], p2 = w[(i + 1) % n];
        steer_vec3 p0 = p->path.closed ? w[(i + n - 1) % n] : w[i > 0 ? i - 1 : 0];
        steer_vec3 p3 = p->path.closed ? w[(i + 2) % n] : w[i + 2 < n ? i + 2 : n - 1];
        int m = (int)ceilf(steer_distance(p1, p2) / p->spacing);
        m = m < 1 ? 1 : (m > 64 ? 64 : m);
        for (int k = 0; k < m && count < capacity; k++)
            out[count++] = steer_spline_point(p0, p1, p2, p3, (float)k / (float)m);
    }
    if (!p->path.closed && count < capacity) out[count++] = w[n - 1];
    return count;
}

/* The follower's path: through the waypoints, or through samples of their spline. */
static bool cli_build_path(cli_loader *ld, const cJSON *obj, cli_path *p, float radius)
{
    int capacity = p->smooth ? p->waypoint_count * 64 + 1 : p->waypoint_count;
    steer_vec3 *points = p->waypoints;
    int count = p->waypoint_count;
    p->nodes = malloc((size_t)capacity * sizeof *p->nodes);
    if (p->smooth) points = malloc((size_t)capacity * sizeof *points);
    if (!p->nodes || !points) {
        if (points != p->waypoints) free(points);
        return cli_fail(ld->err, CLI_EXIT_RUNTIME, "out of memory");
    }
    if (p->smooth) count = cli_spline_samples(p, points, capacity);
    int kept = steer_path_init(&p->path, p->nodes, capacity, points, count, p->path.closed, radius);
    if (points != p->waypoints) free(points);
    if (kept < 2)
        return cli_bad_value(ld, cJSON_GetObjectItemCaseSensitive(obj, "points"), "%s",
                             "a path needs at least two different points");
    return true;
}

static bool cli_load_path(cli_loader *ld, const cJSON *obj, cli_path *p)
{
    static const char *const keys[] = {"name", "points", "closed", "radius", "smooth", "spacing"};
    if (!cli_check_object(ld, obj, "a path", keys, CLI_COUNT(keys))) return false;
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(obj, "name");
    const cJSON *points = cJSON_GetObjectItemCaseSensitive(obj, "points");
    if (!name) return cli_bad_value(ld, obj, "%s", "a path needs a \"name\"");
    if (!points) return cli_bad_value(ld, obj, "%s", "a path needs \"points\"");
    if (!cli_get_text(ld, obj, "name", p->name, sizeof p->name)) return false;
    if (p->name[0] == '\0') return cli_bad_value(ld, name, "%s", "a path's name cannot be empty");
    if (cli_scenario_find_path(ld->s, p->name) >= 0)
        return cli_bad_value(ld, name, "another path is already called \"%s\"", p->name);
    float radius = 1.0f;
    p->spacing = 0.5f;
    const cJSON *closed = cJSON_GetObjectItemCaseSensitive(obj, "closed");
    const cJSON *smooth = cJSON_GetObjectItemCaseSensitive(obj, "smooth");
    if (closed && !cJSON_IsBool(closed))
        return cli_bad_value(ld, closed, "expected true or false for \"%s\"", "closed");
    if (smooth && !cJSON_IsBool(smooth))
        return cli_bad_value(ld, smooth, "expected true or false for \"%s\"", "smooth");
    p->path.closed = cJSON_IsTrue(closed);
    p->smooth = cJSON_IsTrue(smooth);
    ld->s->path_count++; /* from here on the scenario frees what the path owns */
    return cli_get_float(ld, obj, "radius", 0.0f, &radius) &&
           cli_get_float(ld, obj, "spacing", 0.01f, &p->spacing) &&
           cli_read_points(ld, points, 2, CLI_MAX_WAYPOINTS, &p->waypoints, &p->waypoint_count) &&
           cli_build_path(ld, obj, p, radius);
}

bool cli_load_paths(cli_loader *ld, const cJSON *paths)
{
    if (!paths) return true;
    int n = cJSON_IsArray(paths) ? cJSON_GetArraySize(paths) : -1;
    if (n < 1 || n > CLI_MAX_PATHS)
        return cli_bad_value(ld, paths, "%s", "expected an array of 1 to 16 paths");
    for (const cJSON *p = paths->child; p; p = p->next)
        if (!cli_load_path(ld, p, &ld->s->paths[ld->s->path_count])) return false;
    return true;
}

/* ---- obstacles --------------------------------------------------------------------------- */

/* The array `key` of obj: its size in *count (0 when absent). */
static bool cli_shape_list(cli_loader *ld, const cJSON *obj, const char *key, const cJSON **list,
                           int *count)
{
    *list = cJSON_GetObjectItemCaseSensitive(obj, key);
    *count = 0;
    if (!*list) return true;
    if (!cJSON_IsArray(*list) || cJSON_GetArraySize(*list) > 4096)
        return cli_bad_value(ld, *list, "expected an array of at most 4096 %s", key);
    *count = cJSON_GetArraySize(*list);
    return true;
}

/* A field of a shape that must be there. */
static const cJSON *cli_need(cli_loader *ld, const cJSON *obj, const char *key, const char *shape)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!item)
        cli_json_fail_at(ld->err, &ld->doc, cli_json_value_offset(&ld->doc, obj), "%s needs \"%s\"",
                         shape, key);
    return item;
}

static bool cli_load_circle(cli_loader *ld, const cJSON *obj, steer_circle *c)
{
    static const char *const keys[] = {"center", "radius"};
    if (!cli_check_object(ld, obj, "a circle", keys, CLI_COUNT(keys))) return false;
    if (!cli_need(ld, obj, "center", "a circle") || !cli_need(ld, obj, "radius", "a circle"))
        return false;
    c->radius = 0.0f;
    if (!cli_get_vec3(ld, obj, "center", &c->center) ||
        !cli_get_float(ld, obj, "radius", -FLT_MAX, &c->radius))
        return false;
    if (!(c->radius > 0.0f))
        return cli_bad_value(ld, cJSON_GetObjectItemCaseSensitive(obj, "radius"), "%s",
                             "a circle's radius must be above 0");
    return true;
}

static bool cli_load_wall(cli_loader *ld, const cJSON *obj, steer_segment *w)
{
    static const char *const keys[] = {"from", "to"};
    if (!cli_check_object(ld, obj, "a wall", keys, CLI_COUNT(keys))) return false;
    if (!cli_need(ld, obj, "from", "a wall") || !cli_need(ld, obj, "to", "a wall")) return false;
    if (!cli_get_vec3(ld, obj, "from", &w->a) || !cli_get_vec3(ld, obj, "to", &w->b)) return false;
    double u0, v0, u1, v1;
    cli_plane_coords(ld->s->space, w->a, &u0, &v0);
    cli_plane_coords(ld->s->space, w->b, &u1, &v1);
    if (u0 == u1 && v0 == v1)
        return cli_bad_value(ld, obj, "%s",
                             "a wall's \"from\" and \"to\" must differ in the plane");
    return true;
}

static bool cli_check_polygon(cli_loader *ld, const cJSON *at, steer_polygon poly)
{
    static const char *const why[] = {"", "has fewer than 3 points", "is not finite", "has no area",
                                      "crosses itself"};
    steer_polygon_status st = steer_polygon_check(poly, ld->s->space);
    if (st == STEER_POLYGON_OK) return true;
    return cli_bad_value(ld, at, "this polygon %s", why[st]);
}

static bool cli_load_polygon(cli_loader *ld, const cJSON *obj, steer_vec3 *points, int *used,
                             steer_polygon *poly)
{
    static const char *const keys[] = {"points"};
    if (!cli_check_object(ld, obj, "a polygon", keys, CLI_COUNT(keys))) return false;
    const cJSON *list = cli_need(ld, obj, "points", "a polygon");
    if (!list) return false;
    int n = cJSON_IsArray(list) ? cJSON_GetArraySize(list) : -1;
    if (n < 3 || n > 256)
        return cli_bad_value(ld, list, "%s", "expected an array of 3 to 256 points [x, y, z]");
    int i = 0;
    for (const cJSON *p = list->child; p; p = p->next, i++)
        if (!cli_read_vec3(ld, p, &points[*used + i])) return false;
    *poly = (steer_polygon){&points[*used], n};
    *used += n;
    return cli_check_polygon(ld, list, *poly);
}

static bool cli_load_box(cli_loader *ld, const cJSON *obj, steer_vec3 *points, int *used,
                         steer_polygon *poly)
{
    static const char *const keys[] = {"min", "max"};
    steer_vec3 lo, hi;
    if (!cli_check_object(ld, obj, "a box", keys, CLI_COUNT(keys))) return false;
    if (!cli_need(ld, obj, "min", "a box") || !cli_need(ld, obj, "max", "a box")) return false;
    if (!cli_get_vec3(ld, obj, "min", &lo) || !cli_get_vec3(ld, obj, "max", &hi)) return false;
    double u0, v0, u1, v1;
    cli_plane_coords(ld->s->space, lo, &u0, &v0);
    cli_plane_coords(ld->s->space, hi, &u1, &v1);
    if (!(u0 < u1 && v0 < v1))
        return cli_bad_value(ld, obj, "%s", "a box's min must be below its max on both axes");
    steer_box_polygon(lo, hi, ld->s->space, &points[*used]);
    *poly = (steer_polygon){&points[*used], 4};
    *used += 4;
    return true;
}

/* Room for every polygon's and box's vertices, counted before reading them. */
static int cli_vertex_room(const cJSON *polygons, int boxes)
{
    int n = boxes * 4;
    for (const cJSON *p = polygons ? polygons->child : NULL; p; p = p->next) {
        const cJSON *list =
            cJSON_IsObject(p) ? cJSON_GetObjectItemCaseSensitive(p, "points") : NULL;
        int k = cJSON_IsArray(list) ? cJSON_GetArraySize(list) : 0;
        n += k < 256 ? k : 256;
    }
    return n;
}

static bool cli_alloc_obstacles(cli_loader *ld, cli_obstacles *o, int circles, int walls,
                                int polygons, int vertices)
{
    o->circles = calloc((size_t)circles + 1u, sizeof *o->circles);
    o->walls = calloc((size_t)walls + 1u, sizeof *o->walls);
    o->polygons = calloc((size_t)polygons + 1u, sizeof *o->polygons);
    o->points = calloc((size_t)vertices + 1u, sizeof *o->points);
    if (o->circles && o->walls && o->polygons && o->points) return true;
    return cli_fail(ld->err, CLI_EXIT_RUNTIME, "out of memory");
}

bool cli_load_obstacles(cli_loader *ld, const cJSON *obstacles)
{
    static const char *const keys[] = {"circles", "walls", "polygons", "boxes"};
    const cJSON *circles, *walls, *polygons, *boxes;
    int nc, nw, np, nb, used = 0;
    if (!obstacles) return true;
    if (!cli_check_object(ld, obstacles, "\"obstacles\"", keys, CLI_COUNT(keys)) ||
        !cli_shape_list(ld, obstacles, "circles", &circles, &nc) ||
        !cli_shape_list(ld, obstacles, "walls", &walls, &nw) ||
        !cli_shape_list(ld, obstacles, "polygons", &polygons, &np) ||
        !cli_shape_list(ld, obstacles, "boxes", &boxes, &nb))
        return false;
    cli_obstacles *o = &ld->s->obstacles;
    if (!cli_alloc_obstacles(ld, o, nc, nw, np + nb, cli_vertex_room(polygons, nb))) return false;
    int i = 0;
    for (const cJSON *c = circles ? circles->child : NULL; c; c = c->next, i++)
        if (!cli_load_circle(ld, c, &o->circles[i])) return false;
    i = 0;
    for (const cJSON *w = walls ? walls->child : NULL; w; w = w->next, i++)
        if (!cli_load_wall(ld, w, &o->walls[i])) return false;
    i = 0;
    for (const cJSON *p = polygons ? polygons->child : NULL; p; p = p->next, i++)
        if (!cli_load_polygon(ld, p, o->points, &used, &o->polygons[i])) return false;
    for (const cJSON *b = boxes ? boxes->child : NULL; b; b = b->next, i++)
        if (!cli_load_box(ld, b, o->points, &used, &o->polygons[i])) return false;
    o->box_count = nb;
    o->set = (steer_obstacles){o->circles, nc, o->walls, nw, o->polygons, np + nb};
    return true;
}
