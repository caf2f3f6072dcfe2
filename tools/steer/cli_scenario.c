/* SPDX-License-Identifier: MIT */
/* cli_scenario.c - small helpers on the loaded scenario. */
#include "cli_scenario.h"

#include <stdlib.h>
#include <string.h>

void cli_scenario_free(cli_scenario *s)
{
    if (!s) return;
    free(s->agents);
    free(s->behaviour_store);
    free(s->grid.grid.cells);
    for (int i = 0; i < s->path_count; i++) {
        free(s->paths[i].waypoints);
        free(s->paths[i].nodes);
    }
    free(s->obstacles.circles);
    free(s->obstacles.walls);
    free(s->obstacles.polygons);
    free(s->obstacles.points);
    for (int g = 0; g < s->crowd.group_count; g++) {
        free(s->crowd.groups[g].starts);
        free(s->crowd.groups[g].goals);
        free(s->crowd.groups[g].slots);
        free(s->crowd.groups[g].slot_of);
    }
    free(s->crowd.walls);
    free(s->navmesh.memory);
    free(s->navmesh.points);
    free(s->navmesh.rings);
    memset(s, 0, sizeof *s);
}

void cli_plane_coords(steer_space space, steer_vec3 p, double *u, double *v)
{
    *u = p.x;
    *v = space == STEER_SPACE_XY ? p.y : p.z;
}

steer_bounds_kind cli_edges_bounds_kind(cli_edges edges)
{
    switch (edges) {
    case CLI_EDGES_WRAP:
        return STEER_BOUNDS_WRAP_BOX;
    case CLI_EDGES_CLAMP:
        return STEER_BOUNDS_CLAMP_BOX;
    case CLI_EDGES_RESPAWN:
        return STEER_BOUNDS_RESPAWN;
    default:
        return STEER_BOUNDS_NONE;
    }
}

steer_bounds cli_world_bounds(const cli_scenario *s, steer_bounds_kind kind)
{
    steer_bounds b = steer_bounds_none();
    b.kind = kind;
    b.centre = steer_scale(steer_add(s->world_min, s->world_max), 0.5f);
    b.half_extents = steer_scale(steer_sub(s->world_max, s->world_min), 0.5f);
    if (s->space == STEER_SPACE_XY) b.half_extents.z = 0.0f; /* <= 0: unbounded */
    if (s->space == STEER_SPACE_XZ) b.half_extents.y = 0.0f;
    return b;
}

int cli_scenario_find_path(const cli_scenario *s, const char *name)
{
    for (int i = 0; i < s->path_count; i++)
        if (strcmp(s->paths[i].name, name) == 0) return i;
    return -1;
}

int cli_scenario_find_agent(const cli_scenario *s, const char *name)
{
    for (int i = 0; i < s->agent_count; i++)
        if (strcmp(s->agents[i].name, name) == 0) return i;
    return -1;
}

/* The library counts rows up the second axis; the tool draws them down, as printed. */
static steer_vec3 cli_grid_mirror(const cli_scenario *s, steer_vec3 p)
{
    const steer_grid_frame *f = &s->grid.frame;
    if (f->plane == STEER_SPACE_XY)
        p.y = 2.0f * f->origin.y - p.y;
    else
        p.z = 2.0f * f->origin.z - p.z;
    return p;
}

steer_vec3 cli_grid_center(const cli_scenario *s, steer_cell c)
{
    return cli_grid_mirror(s, steer_grid_cell_center(&s->grid.frame, c));
}

steer_cell cli_grid_cell_of(const cli_scenario *s, steer_vec3 p)
{
    return steer_grid_world_to_cell(&s->grid.frame, cli_grid_mirror(s, p));
}
