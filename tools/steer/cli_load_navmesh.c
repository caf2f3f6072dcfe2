/* SPDX-License-Identifier: MIT */
/* cli_load_navmesh.c - the "navmesh" section: the walkable area as an outline with holes,
 * built into a navigation mesh (steer/navmesh.h) at load. */
#include "cli_load_internal.h"

#include <stdio.h>
#include <stdlib.h>

/* A ring's point list: 3 to 1024 points [x, y, z]. */
static bool cli_ring_size(cli_loader *ld, const cJSON *list, int *n)
{
    *n = cJSON_IsArray(list) ? cJSON_GetArraySize(list) : -1;
    if (*n >= 3 && *n <= 1024) return true;
    return cli_bad_value(ld, list, "%s", "expected an array of 3 to 1024 points [x, y, z]");
}

static bool cli_navmesh_sizes(cli_loader *ld, const cJSON *navmesh, int *points, int *rings)
{
    const cJSON *outline = cJSON_GetObjectItemCaseSensitive(navmesh, "outline");
    const cJSON *holes = cJSON_GetObjectItemCaseSensitive(navmesh, "holes");
    int n;
    if (!outline)
        return cli_json_fail_at(ld->err, &ld->doc, cli_json_value_offset(&ld->doc, navmesh),
                                "%s needs \"%s\"", "\"navmesh\"", "outline");
    if (!cli_ring_size(ld, outline, &n)) return false;
    *points = n;
    *rings = 1;
    if (!holes) return true;
    if (!cJSON_IsArray(holes) || cJSON_GetArraySize(holes) > 256)
        return cli_bad_value(ld, holes, "%s", "expected an array of up to 256 point lists");
    for (const cJSON *h = holes->child; h; h = h->next) {
        if (!cli_ring_size(ld, h, &n)) return false;
        *points += n;
        ++*rings;
    }
    return true;
}

static bool cli_navmesh_ring(cli_loader *ld, const cJSON *list, cli_navmesh *m, int *used)
{
    int n = 0;
    for (const cJSON *p = list->child; p; p = p->next, n++)
        if (!cli_read_vec3(ld, p, &m->points[*used + n])) return false;
    m->rings[m->ring_count++] = n;
    *used += n;
    return true;
}

static bool cli_navmesh_build(cli_loader *ld, const cJSON *node, cli_navmesh *m, int points)
{
    size_t bytes = steer_navmesh_outline_bytes(points, m->ring_count);
    m->memory = malloc(bytes);
    if (!m->memory) return cli_fail(ld->err, CLI_EXIT_RUNTIME, "out of memory");
    steer_navmesh_report r;
    steer_navmesh_status st = steer_navmesh_build_outline(
        &m->mesh, m->memory, bytes, m->points, m->rings, m->ring_count, ld->s->space, &r);
    if (st == STEER_NAVMESH_OK) return true;
    char what[160];
    snprintf(what, sizeof what, "the navmesh cannot be built: %s (%s %d)",
             steer_navmesh_status_name(st), r.polygon <= 0 ? "the outline, ring" : "hole",
             r.polygon);
    return cli_bad_value(ld, node, "%s", what);
}

bool cli_load_navmesh(cli_loader *ld, const cJSON *navmesh)
{
    static const char *const keys[] = {"outline", "holes"};
    if (!navmesh) return true;
    if (!cli_check_object(ld, navmesh, "\"navmesh\"", keys, CLI_COUNT(keys))) return false;
    const cJSON *outline = cJSON_GetObjectItemCaseSensitive(navmesh, "outline");
    const cJSON *holes = cJSON_GetObjectItemCaseSensitive(navmesh, "holes");
    int points = 0, rings = 0, used = 0;
    if (!cli_navmesh_sizes(ld, navmesh, &points, &rings)) return false;
    cli_navmesh *m = &ld->s->navmesh;
    m->points = malloc(sizeof *m->points * (size_t)points);
    m->rings = malloc(sizeof *m->rings * (size_t)rings);
    if (!m->points || !m->rings) return cli_fail(ld->err, CLI_EXIT_RUNTIME, "out of memory");
    if (!cli_navmesh_ring(ld, outline, m, &used)) return false;
    for (const cJSON *h = holes ? holes->child : NULL; h; h = h->next)
        if (!cli_navmesh_ring(ld, h, m, &used)) return false;
    m->present = true;
    return cli_navmesh_build(ld, navmesh, m, points);
}
