/* SPDX-License-Identifier: MIT */
/* cli_sim_grid.c - cell-by-cell motion of the grid agents. */
#include "cli_sim_grid.h"

#include "cli_behaviour.h"

#include <stdlib.h>
#include <string.h>

static bool cli_has_grid_behaviour(const cli_agent_def *d)
{
    for (int k = 0; k < d->behaviour_count; k++)
        if (cli_behaviour_is_grid(&d->behaviours[k])) return true;
    return false;
}

bool cli_grid_run_init(cli_grid_run *g, const cli_scenario *s, const steer_agent *agents)
{
    memset(g, 0, sizeof *g);
    if (!s->grid.present) return true;
    size_t n = (size_t)s->agent_count;
    size_t cells = steer_grid_cells_needed(s->grid.grid.width, s->grid.grid.height);
    g->taken = malloc(cells);
    g->on_grid = calloc(n, sizeof *g->on_grid);
    g->cells = calloc(n, sizeof *g->cells);
    g->from = calloc(n, sizeof *g->from);
    g->to = calloc(n, sizeof *g->to);
    g->moved_at = calloc(n, sizeof *g->moved_at);
    g->every = calloc(n, sizeof *g->every);
    if (!g->taken || !g->on_grid || !g->cells || !g->from || !g->to || !g->moved_at || !g->every)
        return false;
    int count = s->grid.grid.width * s->grid.grid.height;
    size_t bytes = steer_astar_scratch_bytes(count);
    g->scratch_memory = malloc(bytes);
    g->paths = calloc(n * (size_t)count, sizeof *g->paths);
    g->path_capacity = count;
    if (!g->scratch_memory || !g->paths ||
        !steer_astar_scratch_init(&g->scratch, g->scratch_memory, bytes, count))
        return false;
    for (int i = 0; i < s->agent_count; i++) {
        g->on_grid[i] = cli_has_grid_behaviour(&s->agents[i]);
        g->cells[i] = cli_grid_cell_of(s, agents[i].position);
        g->to[i] = agents[i].position;
        g->every[i] = 1;
    }
    return true;
}

void cli_grid_run_free(cli_grid_run *g)
{
    free(g->taken);
    free(g->on_grid);
    free(g->cells);
    free(g->from);
    free(g->to);
    free(g->moved_at);
    free(g->every);
    free(g->scratch_memory);
    free(g->paths);
    memset(g, 0, sizeof *g);
}

steer_cell cli_grid_run_cell(const cli_grid_run *g, const cli_scenario *s,
                             const steer_agent *agents, int i)
{
    return g->on_grid[i] ? g->cells[i] : cli_grid_cell_of(s, agents[i].position);
}

void cli_grid_run_begin(cli_grid_run *g, const cli_scenario *s, const steer_agent *agents)
{
    if (!s->grid.present) return;
    size_t cells = steer_grid_cells_needed(s->grid.grid.width, s->grid.grid.height);
    (void)steer_occupancy_init(&g->occ, &s->grid.grid, g->taken, cells);
    for (int i = 0; i < s->agent_count; i++) {
        g->cells[i] = cli_grid_run_cell(g, s, agents, i);
        if (g->on_grid[i]) (void)steer_occupancy_place(&g->occ, g->cells[i]);
    }
}

void cli_grid_run_move(cli_grid_run *g, const cli_scenario *s, int i, steer_cell next, int every,
                       int step)
{
    if (!steer_occupancy_move(&g->occ, g->cells[i], next)) return;
    g->from[i] = g->to[i];
    g->to[i] = cli_grid_center(s, next);
    g->cells[i] = next;
    g->moved_at[i] = step;
    g->every[i] = every;
}

void cli_grid_run_place(const cli_grid_run *g, int i, steer_agent *a, int step, float time_step)
{
    int done = step - g->moved_at[i] + 1; /* steps of the move made, this one included */
    if (g->moved_at[i] <= 0 || done > g->every[i]) {
        a->position = g->to[i];
        a->velocity = steer_v3_zero();
        return;
    }
    steer_vec3 leg = steer_sub(g->to[i], g->from[i]);
    a->position = steer_add(g->from[i], steer_scale(leg, (float)done / (float)g->every[i]));
    a->velocity = steer_scale(leg, 1.0f / ((float)g->every[i] * time_step));
    a->orientation = steer_space_orientation(a->space, leg, a->orientation);
}
